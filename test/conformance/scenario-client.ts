/**
 * The client command the conformance runner starts for each scenario (it appends the test
 * server's URL and sets MCP_CONFORMANCE_SCENARIO, and MCP_CONFORMANCE_CONTEXT with scenario data
 * such as a pre-registered client): runs the real `mcp-task-monitor` executable, with what each
 * scenario expects a client to do, on a data folder of its own.
 *
 * The `auth/*` scenarios sign in headless: `--browser follow` is the plain HTTP client that opens
 * the authorization page and follows its redirect back to the loopback listener (the test
 * authorization servers answer at once), and the call is `test-tool`, which the step-up
 * scenarios guard with a wider scope than listing.
 */
import { spawnSync } from 'node:child_process';
import { z } from 'zod';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../electron/cli/bin/mcp-task-monitor.js', import.meta.url));

/** What MCP_CONFORMANCE_CONTEXT may carry (the suite's own names). */
const ContextSchema = z.object({ client_id: z.string().optional(), client_secret: z.string().optional() }).loose();
type ScenarioContext = z.infer<typeof ContextSchema>;

/** The Client ID Metadata Document the CIMD scenario expects the client to use as its client id. */
const CONFORMANCE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** A call of the test tool, signing in headless (a pre-registered client when the scenario gives one). */
function signedInCall(url: string, context: ScenarioContext, extra: string[] = []): string[] {
  return ['call', url, 'test-tool', '--browser', 'follow', ...(context.client_id !== undefined ? ['--client-id', context.client_id] : []), ...extra];
}

/** The `auth/*` scenarios that ask for more than the plain signed-in call. */
const AUTH_COMMANDS: Readonly<Record<string, (url: string, context: ScenarioContext) => string[]>> = {
  'auth/basic-cimd': (url, context) => signedInCall(url, context, ['--client-metadata-url', CONFORMANCE_CLIENT_METADATA_URL]),
};

/** What the client is asked to do in each client scenario run-conformance.ts runs. */
const SCENARIO_COMMANDS: Readonly<Record<string, (url: string, context: ScenarioContext) => string[]>> = {
  // Connecting is the scenario: initialize (2025-11-25), then list the tools.
  initialize: (url) => ['tools', url],
  tools_call: (url) => ['call', url, 'add_numbers', '--args', '{"a":5,"b":3}'],
  // A form of defaults only, accepted by the policy that fills a form with its defaults.
  'elicitation-sep1034-client-defaults': (url) => ['call', url, 'test_client_elicitation_defaults', '--answer', 'defaults'],
  // The call's SSE stream closes before its answer: the answer must come on the resumed stream.
  'sse-retry': (url) => ['call', url, 'test_reconnection'],
};

/** The command for `scenario`: its own, else the signed-in call for any `auth/*` one. */
function commandOf(scenario: string): ((url: string, context: ScenarioContext) => string[]) | undefined {
  if (Object.hasOwn(SCENARIO_COMMANDS, scenario)) return SCENARIO_COMMANDS[scenario];
  if (Object.hasOwn(AUTH_COMMANDS, scenario)) return AUTH_COMMANDS[scenario];
  return scenario.startsWith('auth/') ? signedInCall : undefined;
}

function main(): number {
  const scenario = process.env['MCP_CONFORMANCE_SCENARIO'] ?? '';
  const url = process.argv.at(-1) ?? '';
  const command = commandOf(scenario);
  if (command === undefined) {
    process.stderr.write(`scenario-client: no command for scenario ${JSON.stringify(scenario)}\n`);
    return 2;
  }
  const context = ContextSchema.parse(JSON.parse(process.env['MCP_CONFORMANCE_CONTEXT'] ?? '{}'));
  const data = mkdtempSync(join(tmpdir(), 'mtm-conformance-'));
  try {
    // The secret goes in the environment, not on the command line.
    const env = { ...process.env, ...(context.client_secret !== undefined ? { MCP_TASK_MONITOR_CLIENT_SECRET: context.client_secret } : {}) };
    const run = spawnSync(process.execPath, [BIN, ...command(url, context), '--json', '--data', data], { stdio: 'inherit', env });
    return run.status ?? 1;
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

process.exitCode = main();
