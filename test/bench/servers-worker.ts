/**
 * Bench worker (the servers alone): starts the run's fixture servers from a bare Node process,
 * as a client's worker would (same commands, same environment), sends each one
 * `server/discover` and times until every one has answered. No client can resume its tasks
 * before its servers answer, so this is the floor under every client's resume figure on the
 * machine the bench runs on. Run by engine-bench.ts, not by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { META_CAPABILITIES, META_VERSION, PROTOCOL_VERSION, TASKS_EXTENSION } from './fixture-wire.js';
import { serveWorker, type ServersReport, type ServersSetup } from './worker-protocol.js';

/** The probe a 2026-07-28 client sends first, with the per-request envelope the fixture checks. */
const DISCOVER = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: {
    _meta: {
      [META_VERSION]: PROTOCOL_VERSION,
      [META_CAPABILITIES]: { extensions: { [TASKS_EXTENSION]: {} } },
    },
  },
})}\n`;

/** Resolves with the server's first stdout line; rejects when it ends or fails first. */
function firstLine(child: ChildProcess, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('error', (error) => reject(new Error(`${name} could not start: ${error.message}`)));
    child.once('exit', (code, signal) => reject(new Error(`${name} exited (${code ?? signal}) before it answered`)));
  });
}

/** Ends a server the way the clients do (stdin closed), so it writes its request log and exits. */
function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin?.end();
  });
}

async function measureServers(setup: ServersSetup): Promise<ServersReport> {
  const env = getDefaultEnvironment();
  const started = performance.now();
  const children = setup.servers.map((server) => spawn(server.command, server.args, { env, stdio: ['pipe', 'pipe', 'inherit'] }));
  try {
    const answers = children.map((child, index) => {
      const answer = firstLine(child, setup.servers[index]!.id);
      child.stdin.write(DISCOVER);
      return answer;
    });
    const lines = await Promise.all(answers);
    const serversStartMs = performance.now() - started;
    const refused = lines.filter((line) => (JSON.parse(line) as { result?: unknown }).result === undefined);
    if (refused.length > 0) throw new Error(`A server refused server/discover: ${refused[0]}`);
    return { serversStartMs };
  } finally {
    await Promise.all(children.map(end));
  }
}

serveWorker<ServersSetup, ServersReport>(measureServers);
