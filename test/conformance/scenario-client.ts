/**
 * The client command the conformance runner starts for each scenario (it appends the test
 * server's URL and sets MCP_CONFORMANCE_SCENARIO): runs the real `mcp-task-monitor` executable,
 * with what each scenario expects a client to do, on a data folder of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../electron/cli/bin/mcp-task-monitor.js', import.meta.url));

/** What the client is asked to do in each client scenario run-conformance.ts runs. */
const SCENARIO_COMMANDS: Readonly<Record<string, (url: string) => string[]>> = {
  // Connecting is the scenario: initialize (2025-11-25), then list the tools.
  initialize: (url) => ['tools', url],
  tools_call: (url) => ['call', url, 'add_numbers', '--args', '{"a":5,"b":3}'],
  // A form of defaults only, accepted by the policy that fills a form with its defaults.
  'elicitation-sep1034-client-defaults': (url) => ['call', url, 'test_client_elicitation_defaults', '--answer', 'defaults'],
  // The call's SSE stream closes before its answer: the answer must come on the resumed stream.
  'sse-retry': (url) => ['call', url, 'test_reconnection'],
};

function main(): number {
  const scenario = process.env['MCP_CONFORMANCE_SCENARIO'] ?? '';
  const url = process.argv.at(-1) ?? '';
  const command = Object.hasOwn(SCENARIO_COMMANDS, scenario) ? SCENARIO_COMMANDS[scenario] : undefined;
  if (command === undefined) {
    process.stderr.write(`scenario-client: no command for scenario ${JSON.stringify(scenario)}\n`);
    return 2;
  }
  const data = mkdtempSync(join(tmpdir(), 'mtm-conformance-'));
  try {
    const run = spawnSync(process.execPath, [BIN, ...command(url), '--json', '--data', data], { stdio: 'inherit' });
    return run.status ?? 1;
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

process.exitCode = main();
