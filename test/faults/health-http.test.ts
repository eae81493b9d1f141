/**
 * Server health over HTTP, from the traffic the engine sends (pings included): a server that
 * answers 503, resets its connections, or is gone (its port closed) is shown as degraded after
 * `failuresBeforeDegraded` failed requests in a row — one request that gets no answer in time is
 * enough — and as connected again after one answer. A 4xx is the server's answer, not an outage.
 *
 * The server is the 2026-07-28 demo server, which pushes task status on a listen stream: while
 * its task runs the engine sends it nothing but pings, so nothing but the health rule can notice
 * an outage. Real server process, real node:http proxy in front of it, real sockets.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { isTaskFinished } from '../../shared/task-model.js';
import type { Engine } from '../../electron/engine/index.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { pollUntil, waitForServer, waitForServerState, waitForTask } from '../helpers/engine-harness.js';
import { disposeHealthEngines, FAST_HEALTH, healthEngine, isDegraded, isHealthy, recordStates, startTask } from './health-kit.js';

const proxies: CountingProxy[] = [];
afterEach(async () => {
  await disposeHealthEngines();
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});
afterAll(stopAllDemoServers);

const SERVICE_UNAVAILABLE = { jsonrpc: '2.0', error: { code: -32603, message: 'Service Unavailable' }, id: null };

/** An engine connected to a new extension demo server behind a counting proxy. */
async function engineBehindProxy(): Promise<{ engine: Engine; proxy: CountingProxy; config: ServerConfig }> {
  const proxy = await startCountingProxy((await startDemoServer({ form: 'extension', transport: 'http' })).url!);
  proxies.push(proxy);
  const config: ServerConfig = { id: 'ext', name: 'Extension', transport: 'http', url: proxy.url };
  const engine = healthEngine();
  await engine.start([config]);
  await waitForServer(engine, config.id);
  return { engine, proxy, config };
}

describe('an HTTP server in trouble, seen from its traffic', () => {
  it('answering 503: degraded after 3 failed requests (not before), with the status and since when; connected after one answer, in the same connection', async () => {
    const { engine, proxy, config } = await engineBehindProxy();
    const build = await startTask(engine, config.id, 'build', { durationMs: 4_000 });
    const states = recordStates(engine, config.id);
    const before = Date.now();
    proxy.answerWith(503, SERVICE_UNAVAILABLE);

    const down = await waitForServerState(engine, config.id, isDegraded, 15_000, 'the server to be shown degraded');
    expect(down.health).toMatchObject({ condition: 'degraded', kind: 'http-status', httpStatus: 503, detail: 'HTTP 503 Service Unavailable' });
    expect(down.health!.since).toBeGreaterThanOrEqual(before);
    // The first two failures changed nothing that is shown: the first state that says so counts three.
    expect(states.find((state) => state.health !== undefined)?.health).toMatchObject({ failedRequests: FAST_HEALTH.failuresBeforeDegraded });

    proxy.restore();
    await waitForServerState(engine, config.id, isHealthy, 15_000, 'the server to be connected again');
    const built = await waitForTask(engine, build.localId, isTaskFinished, 30_000, 'the build to finish');
    expect(built.snapshot?.status).toBe('completed');
    expect(states.map((state) => state.status)).not.toContain('reconnecting');
  });

  it('resetting every connection: degraded (the connection fails), then connected once it answers', async () => {
    const { engine, proxy, config } = await engineBehindProxy();
    await startTask(engine, config.id, 'build', { durationMs: 600_000 });
    proxy.cut();

    const down = await waitForServerState(engine, config.id, isDegraded, 15_000, 'the server to be shown degraded');
    expect(down.health).toMatchObject({ condition: 'degraded', kind: 'network', failedRequests: FAST_HEALTH.failuresBeforeDegraded });

    proxy.restore();
    await waitForServerState(engine, config.id, isHealthy, 15_000, 'the server to be connected again');
  });

  it('gone (nothing listens on its port): degraded (connections are refused), then connected once it is back on its port', async () => {
    const server = await startDemoServer({ form: 'extension', transport: 'http' });
    const port = Number(new URL(server.url!).port);
    const config: ServerConfig = { id: 'ext', name: 'Extension', transport: 'http', url: server.url! };
    const engine = healthEngine();
    await engine.start([config]);
    await waitForServer(engine, config.id);
    await server.stop();

    const down = await waitForServerState(engine, config.id, isDegraded, 15_000, 'the server to be shown degraded');
    expect(down.health).toMatchObject({ condition: 'degraded', kind: 'refused', detail: expect.stringContaining(`ECONNREFUSED 127.0.0.1:${port}`) });
    expect(down.health).toHaveProperty('failedRequests', FAST_HEALTH.failuresBeforeDegraded);

    await startDemoServer({ form: 'extension', transport: 'http', port });
    await waitForServerState(engine, config.id, isHealthy, 30_000, 'the server to be connected again');
  });

  it('one request that gets no answer within its timeout is enough: degraded at once (1 request failed)', async () => {
    // Once connected, the proxy swallows the pings (on 2026-07-28: `server/discover`): each one times out, nothing else fails.
    const { engine, proxy, config } = await engineBehindProxy();
    proxy.hold('server/discover');
    const down = await waitForServerState(engine, config.id, isDegraded, 15_000, 'the server to be shown degraded');
    expect(down.health).toMatchObject({ condition: 'degraded', kind: 'timeout', detail: `server/discover got no answer within ${FAST_HEALTH.pingTimeoutMs} ms`, failedRequests: 1 });
  });

  it('a 4xx is the server\'s answer to a bad request, not an outage: still connected', async () => {
    const { engine, proxy, config } = await engineBehindProxy();
    const states = recordStates(engine, config.id);
    proxy.answerWith(400, { jsonrpc: '2.0', error: { code: -32600, message: 'Bad Request' }, id: null });
    const pings = () => proxy.count('server/discover');
    const pingsBefore = pings();
    await pollUntil(() => pings() >= pingsBefore + 2 * FAST_HEALTH.failuresBeforeDegraded, 'six pings answered 400', 15_000);
    expect(states.filter((state) => state.health !== undefined)).toEqual([]);
    expect(engine.listServers().find((state) => state.id === config.id)).toMatchObject({ status: 'connected' });
  });
});
