/**
 * A 2025-11-25 HTTP server that is unreachable for a while during a run (its process and its
 * session live on) costs nothing: the engine's connection stays in the session — the SDK's
 * Streamable HTTP transport has no "closed" state, failed requests are just failed polls — so
 * the running build is followed on and completes, and a question the deploy asked before the
 * outage is still pending under the same key and is answered once afterwards. An answer given
 * DURING the outage does not reach the server: it is reported as failed and the question is
 * asked again (the server still waits for it), never marked answered and lost. A server that
 * restarted and lost the session answers 404: the engine starts a new session and the old
 * session's tasks end as lost.
 *
 * Real demo server over real HTTP, behind a loopback proxy that cuts every connection and
 * refuses new ones until the test restores it.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { isTaskFinished, type PendingInput, type TrackedTask } from '../../shared/task-model.js';
import type { Engine } from '../../electron/engine/index.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { nodeEngine, tempDataDir, waitForInput, waitForServer, waitForTask } from '../helpers/engine-harness.js';
import { lastAppNote } from '../helpers/app-notes.js';

const engines: Engine[] = [];
const proxies: CountingProxy[] = [];
const dataDirs: ReturnType<typeof tempDataDir>[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  for (const data of dataDirs.splice(0)) data.cleanup();
});
afterAll(stopAllDemoServers);

const DEPLOY_TO_PRODUCTION = { action: 'accept', content: { confirm: true, environment: 'production' } };

interface Running {
  engine: Engine;
  proxy: CountingProxy;
  build: TrackedTask;
  deploy: TrackedTask;
  asked: PendingInput;
}

/**
 * An engine on a legacy demo server (the one at `url`, else a new one) behind a proxy, with a
 * long build running and a deploy waiting for input.
 */
async function buildAndWaitingDeploy(url?: string): Promise<Running> {
  const proxy = await startCountingProxy(url ?? (await startDemoServer({ form: 'legacy', transport: 'http' })).url!);
  proxies.push(proxy);
  const config: ServerConfig = { id: 'legacy', name: 'Demo legacy', transport: 'http', url: proxy.url };
  const data = tempDataDir();
  dataDirs.push(data);
  const engine = nodeEngine(data.dir);
  engines.push(engine);
  await engine.start([config]);
  await waitForServer(engine, config.id);
  const build = await startTask(engine, 'build', { durationMs: 6_000, project: 'outage' });
  const deploy = await startTask(engine, 'deploy', { service: 'api', durationMs: 300 });
  const asked = await waitForInput(engine, deploy.localId);
  return { engine, proxy, build, deploy, asked };
}

async function startTask(engine: Engine, tool: string, args: Record<string, unknown>): Promise<TrackedTask> {
  const outcome = await engine.callTool('legacy', tool, args);
  if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
  return outcome.task;
}

/** Cuts the server off until both tasks have seen a request fail. */
async function outage({ engine, proxy, build, deploy }: Running): Promise<void> {
  proxy.cut();
  await waitForTask(engine, build.localId, (task) => task.lastProblem !== undefined, 10_000, 'a build poll to fail');
  await waitForTask(engine, deploy.localId, (task) => task.lastProblem !== undefined, 10_000, 'a deploy poll to fail');
}

/** The JSON-RPC messages the client POSTed to the server (through the proxy). */
function posted(proxy: CountingProxy): Record<string, unknown>[] {
  return proxy.seen.flatMap((entry) => (typeof entry.body === 'object' && entry.body !== null ? [entry.body as Record<string, unknown>] : []));
}

const answersTo = (proxy: CountingProxy, id: string | number) => posted(proxy).filter((message) => message.method === undefined && message.id === id);
const sameQuestion = ({ localId: taskId, key, request, receivedAt, declineEffect }: PendingInput) => ({ taskId, key, request, receivedAt, declineEffect });

describe('2025-11-25 over HTTP: the server is unreachable for a while during a run', () => {
  it('the build is followed on and completes; the waiting deploy\'s question survives and is answered once', async () => {
    const running = await buildAndWaitingDeploy();
    const { engine, proxy, build, deploy, asked } = running;
    const requestId = engine.getTask(deploy.localId)!.legacy!.pendingRequests![0]!.requestId;
    await outage(running);
    // The broken tasks/result stream does not withdraw the question: the server still waits for it.
    expect(engine.listInputs().map(sameQuestion)).toEqual([sameQuestion(asked)]);
    expect(engine.getTask(deploy.localId)?.legacy?.pendingRequests).toHaveLength(1);
    proxy.restore();

    const built = await waitForTask(engine, build.localId, isTaskFinished, 20_000, 'the build to finish');
    expect(built).toMatchObject({ snapshot: { status: 'completed' }, hasResult: true });
    expect(built.endReason).toBeUndefined();
    expect(await engine.getResult(build.localId)).toMatchObject({ structuredContent: { project: 'outage' } });

    expect(engine.listInputs().map(sameQuestion)).toEqual([sameQuestion(asked)]);
    await engine.answerInput(deploy.localId, asked.key, DEPLOY_TO_PRODUCTION);
    const deployed = await waitForTask(engine, deploy.localId, isTaskFinished, 20_000, 'the deploy to finish');
    expect(deployed.snapshot?.status).toBe('completed');
    expect(await engine.getResult(deploy.localId)).toMatchObject({ structuredContent: { service: 'api', started: true, environment: 'production' } });
    expect(answersTo(proxy, requestId)).toEqual([{ jsonrpc: '2.0', id: requestId, result: DEPLOY_TO_PRODUCTION }]);
    // Still the one session: no new handshake, nothing lost.
    expect(posted(proxy).filter((message) => message.method === 'initialize')).toHaveLength(1);
    expect(engine.listTasks().filter((task) => task.endReason !== undefined)).toEqual([]);
  });

  it('an answer given during the outage fails plainly and the question is asked again; after the outage it is taken once', async () => {
    const running = await buildAndWaitingDeploy();
    const { engine, proxy, deploy, asked } = running;
    const requestId = engine.getTask(deploy.localId)!.legacy!.pendingRequests![0]!.requestId;
    await outage(running);

    await expect(engine.answerInput(deploy.localId, asked.key, DEPLOY_TO_PRODUCTION)).rejects.toThrow(/answer/);
    expect(engine.listInputs().map(sameQuestion)).toEqual([sameQuestion(asked)]);
    const waiting = engine.getTask(deploy.localId)!;
    expect(waiting.answeredInputKeys).toEqual([]);
    expect(waiting.legacy?.pendingRequests).toHaveLength(1);
    proxy.restore();

    await engine.answerInput(deploy.localId, asked.key, DEPLOY_TO_PRODUCTION);
    const deployed = await waitForTask(engine, deploy.localId, isTaskFinished, 20_000, 'the deploy to finish');
    expect(deployed.snapshot?.status).toBe('completed');
    expect(deployed.answeredInputKeys).toEqual([asked.key]);
    expect(await engine.getResult(deploy.localId)).toMatchObject({ structuredContent: { service: 'api', environment: 'production' } });
    expect(answersTo(proxy, requestId)).toEqual([{ jsonrpc: '2.0', id: requestId, result: DEPLOY_TO_PRODUCTION }]);
  });
});

describe('2025-11-25 over HTTP: the server restarts during a run and loses the session', () => {
  it('the engine starts a new session; the build and the waiting deploy end as lost and their question is dropped', async () => {
    const server = await startDemoServer({ form: 'legacy', transport: 'http' });
    const port = Number(new URL(server.url!).port);
    const running = await buildAndWaitingDeploy(server.url);
    const { engine, proxy, build, deploy } = running;
    const oldSession = engine.getTask(build.localId)!.legacy?.session!.id;
    await server.stop();
    await startDemoServer({ form: 'legacy', transport: 'http', port });

    for (const task of [build, deploy]) {
      const lost = await waitForTask(engine, task.localId, isTaskFinished, 20_000, `the ${task.toolName} to end`);
      expect(lost.endReason).toBe('lost');
      expect(lastAppNote(lost)).toMatch(/no longer knows this task/);
      expect(lost.legacy?.pendingRequests).toBeUndefined();
    }
    expect(engine.listInputs()).toEqual([]);
    expect(posted(proxy).filter((message) => message.method === 'initialize')).toHaveLength(2);
    // The new session takes new tasks.
    const next = await startTask(engine, 'build', { durationMs: 100 });
    expect(next.legacy?.session?.id).toEqual(expect.any(String));
    expect(next.legacy?.session?.id).not.toBe(oldSession);
  });
});
