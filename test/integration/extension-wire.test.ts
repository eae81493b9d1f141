/**
 * What the engine puts on the wire for the extension form over HTTP, seen through a loopback
 * proxy: `Mcp-Name` carries the task id on `tasks/*`
 * (docs/protocol-notes.md#http-routing-by-task-id), and while a `subscriptions/listen` stream
 * pushes a task the engine stops polling it at the server's interval (only a 30 s safety poll
 * remains); answers to a task's several questions travel in one `tasks/update`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/index.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { nodeEngine, tempDataDir, waitForInputs, waitForServer, waitForTask } from '../helpers/engine-harness.js';

const RELEASE_WINDOW_ANSWER = { action: 'accept', content: { date: '2026-09-01', window: 'evening' } };
const RELEASE_APPROVER_ANSWER = { action: 'accept', content: { approver: 'lead@example.com' } };

describe('extension form on the wire (HTTP)', () => {
  let proxy: CountingProxy;
  let engine: Engine;
  let cleanup: () => void;

  beforeAll(async () => {
    const server = await startDemoServer({ form: 'extension', transport: 'http' });
    proxy = await startCountingProxy(server.url!);
    const data = tempDataDir();
    cleanup = data.cleanup;
    engine = nodeEngine(data.dir);
    await engine.start([{ id: 'ext', name: 'Extension demo', transport: 'http', url: proxy.url }]);
    await waitForServer(engine, 'ext');
  });

  /** The `inputResponses` of every `tasks/update` the engine sent for the server task `taskId`. */
  const updatesOf = (taskId: string): unknown[] =>
    proxy.seen
      .filter((entry) => entry.method === 'tasks/update' && entry.name === taskId)
      .map((entry) => (entry.body as { params?: { inputResponses?: unknown } } | undefined)?.params?.inputResponses);

  afterAll(async () => {
    await engine.dispose();
    await proxy.close();
    await stopAllDemoServers();
    cleanup();
  });

  it('pushes a running build: its steps arrive while polling drops to the safety net', async () => {
    const outcome = await engine.callTool('ext', 'build', { durationMs: 3_000 });
    if (outcome.kind !== 'task') throw new Error('expected a task');
    const taskId = outcome.task.serverTaskId!;
    const done = await waitForTask(engine, outcome.task.localId, isTaskFinished, 15_000, 'the build to finish');
    expect(done.snapshot?.status).toBe('completed');
    const steps = new Set(done.timeline.map((entry) => entry.statusMessage).filter((text) => text?.startsWith('Step')));
    expect(steps.size).toBeGreaterThanOrEqual(4);
    expect(proxy.count('subscriptions/listen')).toBeGreaterThanOrEqual(1);
    // At the server's 500 ms interval a 3 s build would take about six polls.
    const polls = proxy.seen.filter((entry) => entry.method === 'tasks/get' && entry.name === taskId).length;
    expect(polls).toBeLessThanOrEqual(2);
    expect(await engine.getResult(outcome.task.localId)).toMatchObject({ structuredContent: { durationMs: 3_000 } });
  });

  it('sends the answers to plan_release’s two questions in ONE tasks/update, holding the first meanwhile', async () => {
    const outcome = await engine.callTool('ext', 'plan_release', { durationMs: 0 });
    if (outcome.kind !== 'task') throw new Error('expected a task');
    const id = outcome.task.localId;
    const both = await waitForInputs(engine, id, 2);
    expect(both.map((input) => input.key).sort()).toEqual(['release_approver', 'release_window']);

    await engine.answerInput(id, 'release_window', RELEASE_WINDOW_ANSWER);
    expect(engine.listInputs().find((input) => input.key === 'release_window')).toMatchObject({ localId: id, held: true });
    await expect(engine.answerInput(id, 'release_window', RELEASE_WINDOW_ANSWER)).rejects.toThrow(/already answered/);
    expect(updatesOf(outcome.task.serverTaskId!)).toEqual([]);

    await engine.answerInput(id, 'release_approver', RELEASE_APPROVER_ANSWER);
    const done = await waitForTask(engine, id, isTaskFinished, 10_000, 'the plan to finish');
    expect(done.snapshot?.status).toBe('completed');
    expect([...done.answeredInputKeys].sort()).toEqual(['release_approver', 'release_window']);
    expect(updatesOf(outcome.task.serverTaskId!)).toEqual([{ release_window: RELEASE_WINDOW_ANSWER, release_approver: RELEASE_APPROVER_ANSWER }]);
    expect(await engine.getResult(id)).toMatchObject({ structuredContent: { planned: true, window: RELEASE_WINDOW_ANSWER, approver: RELEASE_APPROVER_ANSWER } });
  });

  it('names the task in Mcp-Name on every tasks/* request and the tool on tools/call', async () => {
    const outcome = await engine.callTool('ext', 'sleep', { durationMs: 60_000 });
    if (outcome.kind !== 'task') throw new Error('expected a task');
    await engine.cancelTask(outcome.task.localId);
    await waitForTask(engine, outcome.task.localId, isTaskFinished, 10_000, 'the cancel to land');
    const taskRequests = proxy.seen.filter((entry) => entry.method?.startsWith('tasks/'));
    expect(taskRequests.map((entry) => entry.method)).toContain('tasks/cancel');
    const knownIds = new Set(engine.listTasks().map((task) => task.serverTaskId));
    for (const entry of taskRequests) expect(knownIds.has(entry.name)).toBe(true);
    expect(proxy.seen.filter((entry) => entry.method === 'tools/call').map((entry) => entry.name)).toEqual(['build', 'plan_release', 'sleep']);
  });
});
