/**
 * A 2025-11-25 HTTP server that restarts loses its sessions. The spec has it answer 404 for a
 * session it does not have; server-everything and other SDK 1.x servers answer 400 with a
 * JSON-RPC error saying no valid session id was given
 * (docs/protocol-notes.md#legacy-sessions-and-transports). Either way the engine must start a new
 * session (the old session's tasks then end as lost) instead of sending the dead session id for
 * ever under a card that says "Connected".
 *
 * Real server-everything processes over real HTTP, restarted on the same port.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isTaskFinished } from '../../shared/task-model.js';
import type { Engine } from '../../electron/engine/index.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { freePort, startEverythingHttp, type EverythingHttp } from '../helpers/everything-http.js';
import { nodeEngine, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';

const engines: Engine[] = [];
const servers: EverythingHttp[] = [];
const proxies: CountingProxy[] = [];
const dataDirs: ReturnType<typeof tempDataDir>[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await Promise.all(servers.splice(0).map((server) => server.kill()));
  for (const data of dataDirs.splice(0)) data.cleanup();
});

async function everythingOn(port: number): Promise<EverythingHttp> {
  const server = await startEverythingHttp(port);
  servers.push(server);
  return server;
}

/** An engine on server-everything (restartable on `port`) behind a proxy. */
async function engineOnEverything(port: number): Promise<{ engine: Engine; proxy: CountingProxy; server: EverythingHttp }> {
  const server = await everythingOn(port);
  const proxy = await startCountingProxy(server.url);
  proxies.push(proxy);
  const data = tempDataDir();
  dataDirs.push(data);
  const engine = nodeEngine(data.dir);
  engines.push(engine);
  await engine.start([{ id: 'everything', name: 'Everything', transport: 'http', url: proxy.url }]);
  await waitForServer(engine, 'everything');
  return { engine, proxy, server };
}

const initializeCount = (proxy: CountingProxy) => proxy.seen.filter((entry) => (entry.body as { method?: unknown } | undefined)?.method === 'initialize').length;

describe('2025-11-25 over HTTP: server-everything restarts and answers 400 for the old session', () => {
  it('the engine starts a new session, the old session\'s task ends as lost, and new calls work', async () => {
    const port = await freePort();
    const { engine, proxy, server: first } = await engineOnEverything(port);
    const outcome = await engine.callTool('everything', 'simulate-research-query', { topic: 'restarts' });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const oldSession = engine.getTask(outcome.task.localId)!.legacy?.session!.id;

    await first.kill();
    await everythingOn(port);

    const lost = await waitForTask(engine, outcome.task.localId, isTaskFinished, 20_000, 'the task of the old session to end');
    expect(lost.endReason).toBe('lost');
    expect(initializeCount(proxy)).toBe(2);
    const state = await waitForServer(engine, 'everything');
    expect(state.lastError).toBeUndefined();
    // The new session takes new tasks, and they complete.
    const next = await engine.callTool('everything', 'simulate-research-query', { topic: 'after the restart' });
    if (next.kind !== 'task') throw new Error(`expected a task, got ${next.kind}`);
    expect(next.task.legacy?.session?.id).not.toBe(oldSession);
    const done = await waitForTask(engine, next.task.localId, isTaskFinished, 30_000, 'the new task to complete');
    expect(done.snapshot?.status).toBe('completed');
  });

  it('also after an app restart: the rejoin is refused, a new session starts, and the task ends as lost', async () => {
    const port = await freePort();
    const { engine, proxy, server: first } = await engineOnEverything(port);
    const outcome = await engine.callTool('everything', 'simulate-research-query', { topic: 'app restarts' });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const dataDir = dataDirs.at(-1)!.dir;
    await engine.dispose();
    await first.kill();
    await everythingOn(port);

    const restarted = nodeEngine(dataDir);
    engines.push(restarted);
    await restarted.start([{ id: 'everything', name: 'Everything', transport: 'http', url: proxy.url }]);
    const lost = await waitForTask(restarted, outcome.task.localId, isTaskFinished, 20_000, 'the task of the old session to end after the app restart');
    expect(lost.endReason).toBe('lost');
    expect(initializeCount(proxy)).toBe(2);
    const state = await waitForServer(restarted, 'everything');
    expect(state).toMatchObject({ status: 'connected' });
    expect(state.health).toBeUndefined();
  });

  it('a 400 for another reason keeps the session: the task goes on and completes in it', async () => {
    const { engine, proxy } = await engineOnEverything(await freePort());
    const outcome = await engine.callTool('everything', 'simulate-research-query', { topic: 'bad requests' });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    proxy.answerWith(400, { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid params: taskId is required' }, id: null });
    await waitForTask(engine, outcome.task.localId, (task) => String(task.lastProblem?.['detail']).includes('Invalid params'), 10_000, 'a poll to be refused');
    proxy.restore();

    const done = await waitForTask(engine, outcome.task.localId, isTaskFinished, 30_000, 'the task to complete');
    expect(done.snapshot?.status).toBe('completed');
    expect(done.endReason).toBeUndefined();
    expect(initializeCount(proxy)).toBe(1);
  });
});
