/**
 * A question pending when the app stops is shown again after the restart and answered once
 * (issue: "restart the host while a question is pending — it is shown again, answered once").
 * Real demo servers over real HTTP outlive the engine; a new engine starts on the same data folder.
 *
 * - Extension form: the server lists the question again on `tasks/get`.
 * - 2025-11-25 form: the server sent its request once, on the old engine's `tasks/result` stream;
 *   the engine kept it with the task, rejoins the task's session and answers the request's
 *   original JSON-RPC id on a POST of its own — the SDK 1.x server still waits for that id
 *   (Protocol `_requestResolvers`, independent of the stream it was sent on). When the server
 *   withdraws that request after the restart (`notifications/cancelled`, sent on the session's GET
 *   stream, which the engine opens again on rejoining), the question disappears.
 * - Over stdio the server ends with the app: nothing is kept, the task ends as lost.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { isTaskFinished, type PendingInput, type TrackedTask } from '../../shared/task-model.js';
import type { Engine } from '../../electron/engine/index.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { demoServerCommand, startDemoServer, stopAllDemoServers, type DemoServerForm } from '../helpers/demo-server-process.js';
import { startEngineProcess, type EngineEvent, type EngineProcess } from '../helpers/engine-process-handle.js';
import { nodeEngine, pollUntil, tempDataDir, waitForInput, waitForServer, waitForTask } from '../helpers/engine-harness.js';

/** What each test started, ended after it (data folders last: engines write to them until disposed). */
const engines: Engine[] = [];
const processes: EngineProcess[] = [];
const proxies: CountingProxy[] = [];
const dataDirs: ReturnType<typeof tempDataDir>[] = [];

afterEach(async () => {
  await Promise.all(processes.splice(0).map((child) => child.kill()));
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  for (const data of dataDirs.splice(0)) data.cleanup();
});
afterAll(stopAllDemoServers);

function dataDir(): string {
  const data = tempDataDir();
  dataDirs.push(data);
  return data.dir;
}

/** A demo server over HTTP behind a proxy that records every POST body. */
async function httpServer(form: DemoServerForm): Promise<{ config: ServerConfig; proxy: CountingProxy }> {
  const server = await startDemoServer({ form, transport: 'http' });
  const proxy = await startCountingProxy(server.url!);
  proxies.push(proxy);
  return { config: { id: form, name: `Demo ${form}`, transport: 'http', url: proxy.url }, proxy };
}

async function startedEngine(dir: string, config: ServerConfig): Promise<Engine> {
  const engine = nodeEngine(dir);
  engines.push(engine);
  await engine.start([config]);
  await waitForServer(engine, config.id);
  return engine;
}

/** Stops an engine the way the app exits (everything flushed, connections closed). */
async function stop(engine: Engine): Promise<void> {
  engines.splice(engines.indexOf(engine), 1);
  await engine.dispose();
}

async function startTask(engine: Engine, serverId: string, tool: string, args: Record<string, unknown>): Promise<TrackedTask> {
  const outcome = await engine.callTool(serverId, tool, args);
  if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
  return outcome.task;
}

const finished = (engine: Engine, id: string) => waitForTask(engine, id, isTaskFinished, 20_000, 'the task to finish');

/** The JSON-RPC responses (no method) the client POSTed to the server for request `id`. */
function answersTo(proxy: CountingProxy, id: string | number): unknown[] {
  return proxy.seen.map((entry) => entry.body).filter((body) => {
    const message = body as Record<string, unknown> | undefined;
    return message !== undefined && message.method === undefined && message.id === id;
  });
}

/** Compares what a restart must keep of a question: where it belongs, its key, what it asks, since when. */
const identity = ({ localId, serverId, key, request, receivedAt, declineEffect }: PendingInput) => ({ localId, serverId, key, request, receivedAt, declineEffect });

const DEPLOY_TO_PRODUCTION = { action: 'accept', content: { confirm: true, environment: 'production' } };

describe('2025-11-25 over HTTP: a question pending at restart is asked again in the rejoined session', () => {
  it('the app exits and starts again: the same question is pending, answered once, and the deploy runs with it', async () => {
    const { config, proxy } = await httpServer('legacy');
    const dir = dataDir();
    const first = await startedEngine(dir, config);
    const task = await startTask(first, config.id, 'deploy', { service: 'api', durationMs: 400 });
    const asked = await waitForInput(first, task.localId);
    const kept = first.getTask(task.localId)?.legacy?.pendingRequests;
    expect(kept).toEqual([{ key: asked.key, requestId: expect.any(Number), request: asked.request, receivedAt: asked.receivedAt }]);
    const requestId = kept![0]!.requestId;
    await stop(first);
    expect(answersTo(proxy, requestId)).toEqual([]);

    const second = await startedEngine(dir, config);
    const again = await waitForInput(second, task.localId);
    expect(identity(again)).toEqual(identity(asked));
    expect(second.listInputs()).toHaveLength(1);
    await second.answerInput(task.localId, again.key, DEPLOY_TO_PRODUCTION);

    const done = await finished(second, task.localId);
    expect(done.snapshot?.status).toBe('completed');
    expect(await second.getResult(task.localId)).toMatchObject({ structuredContent: { service: 'api', started: true, environment: 'production' } });
    expect(done.legacy?.pendingRequests).toBeUndefined();
    expect(done.answeredInputKeys).toEqual([again.key]);
    expect(second.listInputs()).toEqual([]);
    expect(answersTo(proxy, requestId)).toEqual([{ jsonrpc: '2.0', id: requestId, result: DEPLOY_TO_PRODUCTION }]);
  });

  it('the app crashes (SIGKILL) while the question waits: the new engine asks it again and the answer is taken', async () => {
    const { config, proxy } = await httpServer('legacy');
    const dir = dataDir();
    const crashing = startEngineProcess(dir, config, { tool: 'deploy', args: { service: 'web', durationMs: 400 } });
    processes.push(crashing);
    const waiting = await crashing.waitFor((event) => keptRequests(event) !== undefined, 'the question to be kept with the task');
    const task = waiting.task as TrackedTask;
    // Kept means on disk: the update is flushed at once, but the event may come first.
    await pollUntil(() => storeMentions(dir, 'pendingRequests'), 'the kept question on disk');
    await crashing.kill();

    const second = await startedEngine(dir, config);
    const again = await waitForInput(second, task.localId);
    expect(again.key).toBe(keptRequests(waiting)![0]!.key);
    await second.answerInput(task.localId, again.key, DEPLOY_TO_PRODUCTION);
    const done = await finished(second, task.localId);
    expect(await second.getResult(task.localId)).toMatchObject({ structuredContent: { service: 'web', started: true, environment: 'production' } });
    expect(done.legacy?.pendingRequests).toBeUndefined();
    expect(answersTo(proxy, keptRequests(waiting)![0]!.requestId)).toHaveLength(1);
  });

  it('a sampling request declined after the restart reaches the server as the refusal, once', async () => {
    const { config, proxy } = await httpServer('legacy');
    const dir = dataDir();
    const first = await startedEngine(dir, config);
    const task = await startTask(first, config.id, 'summarize_changes', { durationMs: 200 });
    const asked = await waitForInput(first, task.localId);
    expect(asked.request.method).toBe('sampling/createMessage');
    const requestId = first.getTask(task.localId)!.legacy!.pendingRequests![0]!.requestId;
    await stop(first);

    const second = await startedEngine(dir, config);
    const again = await waitForInput(second, task.localId);
    expect(again).toMatchObject({ key: asked.key, declineEffect: 'refuse' });
    await second.declineInput(task.localId, again.key);
    const done = await finished(second, task.localId);
    expect(await second.getResult(task.localId)).toMatchObject({ structuredContent: { summarized: false, reason: 'User rejected sampling request' } });
    expect(done.legacy?.pendingRequests).toBeUndefined();
    expect(answersTo(proxy, requestId)).toEqual([{ jsonrpc: '2.0', id: requestId, error: { code: -1, message: 'User rejected sampling request' } }]);
  });

  it('the server withdraws the kept question after the restart: it disappears while the task goes on, is no longer kept, and nothing is answered', async () => {
    const { config, proxy } = await httpServer('legacy');
    const dir = dataDir();
    const first = await startedEngine(dir, config);
    // Asked after 1 s, withdrawn by the server 3 s later (no answer in time), completed 1 s after that.
    const task = await startTask(first, config.id, 'deploy', { service: 'api', durationMs: 2_000, answerWithinMs: 3_000 });
    const asked = await waitForInput(first, task.localId);
    const requestId = first.getTask(task.localId)!.legacy!.pendingRequests![0]!.requestId;
    await stop(first);

    const second = await startedEngine(dir, config);
    const again = await waitForInput(second, task.localId);
    expect(identity(again)).toEqual(identity(asked));
    const withdrawn = await waitForTask(second, task.localId, (current) => current.legacy?.pendingRequests === undefined, 10_000, 'the kept question to be withdrawn');
    expect(second.listInputs()).toEqual([]);
    // Dropped because the server withdrew it, not because the task ended.
    expect(isTaskFinished(withdrawn)).toBe(false);

    const done = await finished(second, task.localId);
    expect(await second.getResult(task.localId)).toMatchObject({ structuredContent: { service: 'api', started: false, action: 'withdrawn' } });
    expect(done.answeredInputKeys ?? []).toEqual([]);
    expect(answersTo(proxy, requestId)).toEqual([]);
  });

  it('a server restarted without its sessions: the kept question is dropped, not asked, and the task ends as lost', async () => {
    const server = await startDemoServer({ form: 'legacy', transport: 'http' });
    const port = Number(new URL(server.url!).port);
    const config: ServerConfig = { id: 'legacy', name: 'Demo legacy', transport: 'http', url: server.url! };
    const dir = dataDir();
    const first = await startedEngine(dir, config);
    const task = await startTask(first, config.id, 'deploy', { durationMs: 400 });
    await waitForInput(first, task.localId);
    await stop(first);
    await server.stop();
    await startDemoServer({ form: 'legacy', transport: 'http', port });

    const second = await startedEngine(dir, config);
    const lost = await finished(second, task.localId);
    expect(lost.endReason).toBe('lost');
    expect(lost.legacy?.pendingRequests).toBeUndefined();
    expect(second.listInputs()).toEqual([]);
  });
});

describe('extension over HTTP: a question pending at restart is listed again by the server', () => {
  it('the same question is pending after the restart, answered once, and the deploy runs with it', async () => {
    const { config, proxy } = await httpServer('extension');
    const dir = dataDir();
    const first = await startedEngine(dir, config);
    const task = await startTask(first, config.id, 'deploy', { service: 'api', durationMs: 400 });
    const asked = await waitForInput(first, task.localId);
    await stop(first);

    const second = await startedEngine(dir, config);
    const again = await waitForInput(second, task.localId);
    expect(again).toMatchObject({ localId: task.localId, key: asked.key, request: asked.request, declineEffect: 'cancel-task' });
    expect(second.listInputs()).toHaveLength(1);
    await second.answerInput(task.localId, again.key, DEPLOY_TO_PRODUCTION);
    const done = await finished(second, task.localId);
    expect(done.snapshot?.status).toBe('completed');
    expect(done.answeredInputKeys).toEqual([asked.key]);
    expect(await second.getResult(task.localId)).toMatchObject({ structuredContent: { service: 'api', started: true, environment: 'production' } });
    expect(proxy.count('tasks/update')).toBe(1);
  });
});

describe('2025-11-25 over stdio: the server ends with the app', () => {
  it('keeps nothing for a restart; after it the task ends as lost and asks nothing', async () => {
    const { command, args, cwd } = demoServerCommand({ form: 'legacy', transport: 'stdio' });
    const config: ServerConfig = { id: 'legacy-stdio', name: 'Demo legacy', transport: 'stdio', command, args, cwd };
    const dir = dataDir();
    const first = await startedEngine(dir, config);
    const task = await startTask(first, config.id, 'deploy', { durationMs: 400 });
    await waitForInput(first, task.localId);
    expect(first.getTask(task.localId)?.legacy?.pendingRequests).toBeUndefined();
    await stop(first);

    const second = await startedEngine(dir, config);
    const lost = await finished(second, task.localId);
    expect(lost.endReason).toBe('lost');
    expect(second.listInputs()).toEqual([]);
  });
});

function keptRequests(event: EngineEvent): NonNullable<TrackedTask['legacy']>['pendingRequests'] {
  return event.event === 'task' ? (event.task as TrackedTask).legacy?.pendingRequests : undefined;
}

/** True when a file of the engine's data folder contains `text`. */
function storeMentions(dir: string, text: string): boolean {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .some((entry) => entry.isFile() && readFileSync(join(entry.parentPath, entry.name), 'utf8').includes(text));
}
