/**
 * The older HTTP+SSE transport (2024-11-05) against a real server that speaks only it:
 * server-everything's `sse` mode (SDK 1.x SSEServerTransport: GET /sse, POST /message), over real
 * HTTP. Configured as `sse` it connects on the legacy era and runs tools; configured as Streamable
 * HTTP (the default) its POST is answered 404 and the engine falls back, as the spec's
 * backwards-compatibility section says, and keeps HTTP+SSE across reconnects.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleLogger } from '../../../electron/node/console-logger.js';
import { createEngine, type Engine } from '../../../electron/engine/index.js';
import { createNodePorts } from '../../../electron/engine/node-ports.js';
import type { ServerConfig } from '../../../shared/server-config.js';
import { freePort, startEverythingSse, type EverythingHttp } from '../../helpers/everything-http.js';
import { isTaskFinished } from '../../../shared/task-model.js';
import { nodeEngine, pollUntil, tempDataDir, waitForServer, waitForServerState, waitForTask } from '../../helpers/engine-harness.js';
import { lastAppNote } from '../../helpers/app-notes.js';

const engines: Engine[] = [];
const servers: EverythingHttp[] = [];
const dataDirs: ReturnType<typeof tempDataDir>[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  await Promise.all(servers.splice(0).map((server) => server.kill()));
  for (const data of dataDirs.splice(0)) data.cleanup();
});

async function everythingSseOn(port: number): Promise<EverythingHttp> {
  const server = await startEverythingSse(port);
  servers.push(server);
  return server;
}

async function engineOn(config: ServerConfig, maxMessageBytes?: number): Promise<Engine> {
  const data = tempDataDir();
  dataDirs.push(data);
  const engine = maxMessageBytes === undefined ? nodeEngine(data.dir) : createEngine(createNodePorts(data.dir, createConsoleLogger('error')), { maxMessageBytes });
  engines.push(engine);
  await engine.start([config]);
  return engine;
}

const consoleText = (engine: Engine): string[] => engine.serverConsole('everything').map((entry) => entry.text);

describe('HTTP+SSE (2024-11-05) against server-everything\'s sse mode', () => {
  it('configured as sse: connects on the legacy era and runs a tool', async () => {
    const server = await everythingSseOn(await freePort());
    const engine = await engineOn({ id: 'everything', name: 'Everything', transport: 'http', url: server.url, httpTransport: 'sse' });
    const state = await waitForServer(engine, 'everything');
    expect(state).toMatchObject({ status: 'connected', era: 'legacy', httpTransport: 'sse' });
    expect(consoleText(engine).some((text) => text.includes('Streamable HTTP'))).toBe(false);

    const outcome = await engine.callTool('everything', 'echo', { message: 'over the old transport' });
    if (outcome.kind !== 'result') throw new Error(`expected a direct answer, got ${outcome.kind}`);
    expect(JSON.stringify(outcome.result)).toContain('over the old transport');

    // Its 2025-11-25 experimental tasks work over the old transport too (polled with tasks/get).
    expect(state.taskSupport).toBe('legacy');
    const task = await engine.callTool('everything', 'simulate-research-query', { topic: 'transports' });
    if (task.kind !== 'task') throw new Error(`expected a task, got ${task.kind}`);
    const done = await waitForTask(engine, task.task.localId, (current) => current.snapshot?.status === 'completed', 30_000, 'the research task to complete');
    expect(JSON.stringify(await engine.getResult(done.localId))).toContain('transports');
  });

  it('configured as Streamable HTTP: the 404 on its POST falls back to HTTP+SSE, kept across a reconnect', async () => {
    const port = await freePort();
    const first = await everythingSseOn(port);
    const engine = await engineOn({ id: 'everything', name: 'Everything', transport: 'http', url: first.url });
    const state = await waitForServer(engine, 'everything');
    expect(state).toMatchObject({ status: 'connected', era: 'legacy', httpTransport: 'sse' });
    const fallbacks = (): number => consoleText(engine).filter((text) => text.includes('trying the older HTTP+SSE transport')).length;
    expect(fallbacks()).toBe(1);

    await first.kill();
    await waitForServerState(engine, 'everything', (current) => current.status === 'reconnecting', 20_000, 'the drop of the SSE stream');
    await everythingSseOn(port);
    engine.retryServer('everything');
    const again = await waitForServer(engine, 'everything', 30_000);
    expect(again).toMatchObject({ status: 'connected', httpTransport: 'sse' });
    // The reconnect went straight to HTTP+SSE: no second Streamable HTTP attempt and fallback.
    expect(fallbacks()).toBe(1);

    const outcome = await engine.callTool('everything', 'get-sum', { a: 2, b: 3 });
    if (outcome.kind !== 'result') throw new Error(`expected a direct answer, got ${outcome.kind}`);
    expect(JSON.stringify(outcome.result)).toContain('5');
  });

  it('an answer event past the message limit is refused: the call fails saying so, and the connection comes back over HTTP+SSE', async () => {
    const server = await everythingSseOn(await freePort());
    const limit = 64 * 1024;
    const engine = await engineOn({ id: 'everything', name: 'Everything', transport: 'http', url: server.url, httpTransport: 'sse' }, limit);
    await waitForServer(engine, 'everything');

    // The echo carries the message back: one event of more than the limit on the shared stream.
    await expect(engine.callTool('everything', 'echo', { message: 'x'.repeat(2 * limit) })).rejects.toThrow(/stream was cut: The server sent a response larger than 64 KiB/);
    // Cut inside the event, the stream is gone: a new one, a new session, the same transport.
    const again = await waitForServer(engine, 'everything', 30_000);
    expect(again).toMatchObject({ status: 'connected', httpTransport: 'sse' });
    const outcome = await engine.callTool('everything', 'echo', { message: 'small again' });
    if (outcome.kind !== 'result') throw new Error(`expected a direct answer, got ${outcome.kind}`);
    expect(JSON.stringify(outcome.result)).toContain('small again');
  });

  it('cancelling a call POSTs notifications/cancelled (the POST only hands a message over), and the protocol log sees the traffic', async () => {
    const server = await everythingSseOn(await freePort());
    const engine = await engineOn({ id: 'everything', name: 'Everything', transport: 'http', url: server.url, httpTransport: 'sse' });
    await waitForServer(engine, 'everything');
    const LONG = 'trigger-long-running-operation';
    const call = engine.callTool('everything', LONG, { duration: 30, steps: 30 });
    call.catch(() => undefined);
    let id: string | undefined;
    await pollUntil(() => (id = engine.listTasks().find((task) => task.toolName === LONG && !isTaskFinished(task))?.localId) !== undefined, 'the call on the wire');
    await waitForTask(engine, id!, (task) => (task.progress?.progress ?? 0) >= 1, 20_000, 'first progress over the stream');

    await engine.cancelTask(id!);
    await expect(call).rejects.toThrow();
    const note = lastAppNote(engine.getTask(id!)) ?? '';
    expect(note).toContain('the server was sent notifications/cancelled');
    expect(note).not.toContain('its request was closed');
    const log = engine.protocolLog('everything');
    const sentCall = log.find((entry) => entry.direction === 'sent' && entry.method === 'tools/call');
    await pollUntil(() => engine.protocolLog('everything').some((entry) => entry.direction === 'sent' && entry.method === 'notifications/cancelled'), 'notifications/cancelled on the wire');
    const cancel = engine.protocolLog('everything').find((entry) => entry.direction === 'sent' && entry.method === 'notifications/cancelled');
    expect(cancel?.message).toMatchObject({ params: { requestId: sentCall?.id } });
    // The POST of the call was accepted (202): its answer would have come on the stream.
    expect(sentCall?.http?.status).toBe(202);
  });
});
