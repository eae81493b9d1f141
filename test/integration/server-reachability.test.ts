/**
 * A connected server that stops answering — an HTTP server killed (connections refused) or
 * answering 503, a stdio server that stops answering its pings — is shown as degraded or not
 * responding, not "Connected", until a request succeeds again. The connection and the polling that detects the
 * recovery go on meanwhile (polling backs off on its own).
 *
 * Real demo servers over real HTTP and stdio; the stdio server is frozen with SIGSTOP, and its
 * ping goes unanswered on a fake clock. (The fault suite, test/faults/, has the health rules in detail.)
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig, ServerState } from '../../shared/server-config.js';
import { isTaskFinished, type TrackedTask } from '../../shared/task-model.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { isAlive, listDescendants } from '../../electron/engine/connections/process-tree.js';
import { createEngine, type Engine } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { demoServerCommand, startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { freePort } from '../helpers/everything-http.js';
import { nodeEngine, tempDataDir, waitForServer, waitForServerState, waitForTask } from '../helpers/engine-harness.js';
import { FakeClock } from '../helpers/fake-clock.js';

const engines: Engine[] = [];
const proxies: CountingProxy[] = [];
const dataDirs: ReturnType<typeof tempDataDir>[] = [];
const frozen = new Set<number>();

afterEach(async () => {
  for (const pid of frozen) if (isAlive(pid)) process.kill(pid, 'SIGCONT');
  frozen.clear();
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  for (const data of dataDirs.splice(0)) data.cleanup();
});
afterAll(stopAllDemoServers);

function engineOn(clock?: FakeClock): Engine {
  const data = tempDataDir();
  dataDirs.push(data);
  const engine = clock === undefined ? nodeEngine(data.dir) : createEngine({ ...createNodePorts(data.dir, createConsoleLogger('error')), clock });
  engines.push(engine);
  return engine;
}

async function startTask(engine: Engine, serverId: string, tool: string, args: Record<string, unknown>): Promise<TrackedTask> {
  const outcome = await engine.callTool(serverId, tool, args);
  if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
  return outcome.task;
}

/** Records every state of server `id` the engine reports. */
function recordStates(engine: Engine, id: string): ServerState[] {
  const states: ServerState[] = [];
  engine.onDidChangeServer((state) => {
    if (state.id === id) states.push(state);
  });
  return states;
}

const isUnreachable = (state: ServerState) => state.health !== undefined;
const isReachableAgain = (state: ServerState) => state.status === 'connected' && state.health === undefined;

describe('an HTTP server that stops answering', () => {
  it('down from the start: the card says why it cannot connect (the socket error, not just "fetch failed")', async () => {
    const port = await freePort();
    const config: ServerConfig = { id: 'nothing', name: 'Nothing', transport: 'http', url: `http://127.0.0.1:${port}/mcp` };
    const engine = engineOn();
    await engine.start([config]);
    const state = await waitForServerState(engine, config.id, (current) => current.lastError !== undefined, 20_000, 'the first failed connect');
    expect(state.status).toBe('reconnecting');
    expect(state.lastError).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('killed: the card says connections are refused, then recovers once the server is back', async () => {
    const server = await startDemoServer({ form: 'legacy', transport: 'http' });
    const port = Number(new URL(server.url!).port);
    const config: ServerConfig = { id: 'legacy', name: 'Legacy', transport: 'http', url: server.url! };
    const engine = engineOn();
    await engine.start([config]);
    await waitForServer(engine, config.id);
    const build = await startTask(engine, config.id, 'build', { durationMs: 600_000 });
    const before = Date.now();
    await server.stop();

    const down = await waitForServerState(engine, config.id, isUnreachable, 20_000, 'the server to be shown unreachable');
    expect(down.status).toBe('connected');
    expect(down.health).toMatchObject({ condition: 'degraded', kind: 'refused', detail: expect.stringContaining('ECONNREFUSED') });
    expect(down.health!.since).toBeGreaterThanOrEqual(before);
    // The failed polls go on being tried (they detect the recovery).
    await waitForTask(engine, build.localId, (task) => task.lastProblem !== undefined, 10_000, 'a poll to fail');

    await startDemoServer({ form: 'legacy', transport: 'http', port });
    const back = await waitForServerState(engine, config.id, isReachableAgain, 30_000, 'the server to be reachable again');
    expect(back.lastError).toBeUndefined();
  });

  it('answering 503: the card says so, then recovers in the same session when it answers again', async () => {
    const server = await startDemoServer({ form: 'legacy', transport: 'http' });
    const proxy = await startCountingProxy(server.url!);
    proxies.push(proxy);
    const config: ServerConfig = { id: 'legacy', name: 'Legacy', transport: 'http', url: proxy.url };
    const engine = engineOn();
    await engine.start([config]);
    await waitForServer(engine, config.id);
    const build = await startTask(engine, config.id, 'build', { durationMs: 1_500 });
    const states = recordStates(engine, config.id);
    proxy.answerWith(503, { jsonrpc: '2.0', error: { code: -32603, message: 'Service Unavailable' }, id: null });

    const down = await waitForServerState(engine, config.id, isUnreachable, 20_000, 'the server to be shown unreachable');
    expect(down.status).toBe('connected');
    expect(down.health).toMatchObject({ condition: 'degraded', kind: 'http-status', httpStatus: 503 });

    proxy.restore();
    await waitForServerState(engine, config.id, isReachableAgain, 30_000, 'the server to be reachable again');
    const built = await waitForTask(engine, build.localId, isTaskFinished, 30_000, 'the build to finish');
    expect(built.snapshot?.status).toBe('completed');
    // It never stopped being connected: the same session went on.
    expect(states.map((state) => state.status)).not.toContain('reconnecting');
  });
});

describe.skipIf(process.platform === 'win32')('a stdio server that stops answering', () => {
  it('its requests time out: the card says so, then recovers when it answers again', async () => {
    const clock = new FakeClock();
    const engine = engineOn(clock);
    const before = new Set(await listDescendants(process.pid));
    const config: ServerConfig = { id: 'frozen', name: 'Frozen', transport: 'stdio', ...demoServerCommand({ form: 'legacy', transport: 'stdio' }) };
    await engine.start([config]);
    await waitForServer(engine, config.id);
    await startTask(engine, config.id, 'build', { durationMs: 600_000 });
    // The `ps` that listed them is among the descendants and already gone.
    const server = (await listDescendants(process.pid)).filter((pid) => !before.has(pid) && isAlive(pid));
    for (const pid of server) {
      process.kill(pid, 'SIGSTOP');
      frozen.add(pid);
    }

    const down = await advanceUntil(clock, engine, config.id, isUnreachable, 'the requests to time out');
    // The ping goes unanswered (at 15 s + 10 s on this clock) before the build's poll times out (30 s).
    expect(down).toMatchObject({ status: 'connected', health: { condition: 'not-responding', pingTimeoutMs: 10_000 } });

    for (const pid of server) process.kill(pid, 'SIGCONT');
    frozen.clear();
    await advanceUntil(clock, engine, config.id, isReachableAgain, 'the server to answer again');
  });
});

/** Moves the fake clock on in steps (letting the real server process answer between them) until server `id`'s state satisfies `predicate`. */
async function advanceUntil(clock: FakeClock, engine: Engine, id: string, predicate: (state: ServerState) => boolean, what: string): Promise<ServerState> {
  for (let step = 0; step < 200; step++) {
    const state = engine.listServers().find((server) => server.id === id);
    if (state !== undefined && predicate(state)) return state;
    await clock.advance(2_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
