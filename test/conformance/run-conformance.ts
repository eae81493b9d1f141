/**
 * `npm run conformance`: the official MCP conformance client scenarios
 * (`@modelcontextprotocol/conformance`, pinned in package.json) against the terminal client,
 * every one the suite lists, `auth/*` included (signed in headless, see scenario-client.ts), one
 * at a time (the sse-retry scenario measures reconnect timing, so nothing runs beside it). The
 * last line printed is, for scripts:
 *
 *   CONFORMANCE {"passed":N,"failed":N,"scenarios":{"<name>":"passed"|"failed: <why>"},"versions":{"<name>":["2025-11-25",…]}}
 *
 * `versions` are the spec versions the suite files each scenario under (a date, `draft` or
 * `extension`).
 * and the exit code is 1 when a scenario failed or the suite could not run (then the line
 * carries `"error"` with the reason, e.g. no Node 22 to be had).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { locateNode22 } from './node22.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = fileURLToPath(new URL('./scenario-client.ts', import.meta.url));
const RUNNER = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/dist/index.js');
/**
 * Why the client does not pass a scenario it is not built for (said after its failed checks):
 * these sign in without a person, by grants the MCP authorization extensions add.
 */
const NOT_SUPPORTED: Readonly<Record<string, string>> = {
  'auth/client-credentials-jwt': 'the client has no client_credentials grant (machine-to-machine sign-in with a private_key_jwt assertion, an authorization extension)',
  'auth/client-credentials-basic': 'the client has no client_credentials grant (machine-to-machine sign-in with a client secret, an authorization extension)',
  'auth/cross-app-access-complete-flow': 'the client has no enterprise cross-app access (token exchange for an ID-JAG, then a JWT bearer grant, an authorization extension)',
};

/** Per scenario, as the runner's own default. */
const SCENARIO_TIMEOUT_MS = 30_000;

const CheckSchema = z.object({ id: z.string(), name: z.string().optional(), status: z.string(), errorMessage: z.string().optional() });

/** What the suite found. */
export interface ConformanceSummary {
  passed: number;
  failed: number;
  scenarios: Record<string, string>;
  /** The spec versions of each scenario, as the suite lists them. */
  versions: Record<string, string[]>;
  error?: string;
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** The client scenarios this version of the suite has, with their spec versions, from its own `list` (`  - name [v1,v2]`). */
function listClientScenarios(node: string): Record<string, string[]> {
  const list = spawnSync(node, [RUNNER, 'list', '--client'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (list.status !== 0) throw new Error(`conformance list failed: ${list.stderr.trim().slice(0, 500)}`);
  return Object.fromEntries([...list.stdout.matchAll(/^\s+- (\S+)(?: \[([^\]]*)\])?/gmu)].map((match) => [match[1]!, (match[2] ?? '').split(',').filter((version) => version !== '')]));
}

/** Runs one scenario; `undefined` when it passed, else why not. */
function runScenario(node: string, scenario: string): string | undefined {
  const results = mkdtempSync(join(tmpdir(), 'mtm-conformance-results-'));
  try {
    const client = `${quote(process.execPath)} --import tsx ${quote(CLIENT)}`;
    const run = spawnSync(node, [RUNNER, 'client', '--command', client, '--scenario', scenario, '--timeout', String(SCENARIO_TIMEOUT_MS), '-o', results], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: SCENARIO_TIMEOUT_MS + 30_000,
    });
    // `auth/<name>` results are saved one folder deeper (the name's slash).
    const checksFile = readdirSync(results, { recursive: true, encoding: 'utf8' }).find((entry) => entry.endsWith('checks.json'));
    if (checksFile === undefined) return `the runner saved no results (exit ${run.status ?? run.signal}): ${run.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 300)}`;
    const checks = z.array(CheckSchema).parse(JSON.parse(readFileSync(join(results, checksFile), 'utf8')));
    const bad = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
    if (bad.length > 0) return bad.slice(0, 3).map((check) => `${check.id}${check.errorMessage === undefined ? '' : ` (${check.errorMessage})`}`).join('; ').slice(0, 500);
    if (run.status !== 0) return `the runner exited with ${run.status ?? run.signal}: ${run.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 300)}`;
    return undefined;
  } finally {
    rmSync(results, { recursive: true, force: true });
  }
}

/** Runs every client scenario. */
export function runConformance(log: (line: string) => void): ConformanceSummary {
  const summary: ConformanceSummary = { passed: 0, failed: 0, scenarios: {}, versions: {} };
  const node = locateNode22();
  if (!node.ok) return { ...summary, error: node.reason };
  log(`Conformance runner on Node ${node.version} (${node.path}).`);
  try {
    summary.versions = listClientScenarios(node.path);
  } catch (error) {
    return { ...summary, error: error instanceof Error ? error.message : String(error) };
  }
  for (const scenario of Object.keys(summary.versions)) {
    const failed = runScenario(node.path, scenario);
    const why = failed !== undefined && Object.hasOwn(NOT_SUPPORTED, scenario) ? `${failed} — not supported: ${NOT_SUPPORTED[scenario]}` : failed;
    summary.scenarios[scenario] = why === undefined ? 'passed' : `failed: ${why}`;
    if (why === undefined) summary.passed += 1;
    else summary.failed += 1;
    log(`${why === undefined ? 'passed' : 'FAILED'}  ${scenario}${why === undefined ? '' : `: ${why}`}`);
  }
  return summary;
}

const summary = runConformance((line) => console.log(line));
if (summary.error !== undefined) console.error(`The conformance suite could not run: ${summary.error}`);
console.log(`CONFORMANCE ${JSON.stringify(summary)}`);
process.exitCode = summary.failed > 0 || summary.error !== undefined ? 1 : 0;
