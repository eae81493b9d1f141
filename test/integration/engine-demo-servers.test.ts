/**
 * The engine against both demo servers, over real stdio pipes and real HTTP sockets: every
 * task lifecycle (complete, input answered, declined, cancelled, failed, isError) in both wire
 * forms, sampling and roots answered inside a task, two questions open at once, and the results
 * and errors each form reports.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import type { TrackedTask } from '../../shared/task-model.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { classifyTask } from '../../shared/task-status.js';
import type { Engine } from '../../electron/engine/index.js';
import { demoServerCommand, startDemoServer, stopAllDemoServers, type DemoServerForm, type DemoServerTransport } from '../helpers/demo-server-process.js';
import { nodeEngine, tempDataDir, TrackingClock, waitForInput, waitForInputs, waitForServer, waitForTask } from '../helpers/engine-harness.js';
import { appNotes } from '../helpers/app-notes.js';

const matrix: [DemoServerForm, DemoServerTransport][] = [
  ['extension', 'stdio'],
  ['extension', 'http'],
  ['legacy', 'stdio'],
  ['legacy', 'http'],
];

afterAll(stopAllDemoServers);

describe.each(matrix)('engine against the %s demo server over %s', (form, transport) => {
  let engine: Engine;
  let cleanup: () => void;
  const clock = new TrackingClock();
  const serverId = `demo-${form}-${transport}`;

  beforeAll(async () => {
    let config: ServerConfig;
    if (transport === 'http') {
      const server = await startDemoServer({ form, transport });
      config = { id: serverId, name: `Demo ${form}`, transport: 'http', url: server.url! };
    } else {
      const { command, args, cwd } = demoServerCommand({ form, transport });
      config = { id: serverId, name: `Demo ${form}`, transport: 'stdio', command, args, cwd };
    }
    const data = tempDataDir();
    cleanup = data.cleanup;
    engine = nodeEngine(data.dir, clock);
    await engine.start([config]);
    const state = await waitForServer(engine, serverId);
    expect(state).toMatchObject({ era: form === 'extension' ? 'modern' : 'legacy', taskSupport: form });
  });

  afterAll(async () => {
    await engine.dispose();
    expect(engine.debugCounts).toEqual({ scheduled: 0, listeners: 0, servers: 0 });
    expect(clock.liveTimers).toBe(0);
    cleanup();
  });

  afterEach(() => {
    expect(engine.listInputs()).toEqual([]);
  });

  async function startTask(tool: string, args: Record<string, unknown>): Promise<TrackedTask> {
    const outcome = await engine.callTool(serverId, tool, args);
    expect(outcome.kind).toBe('task');
    if (outcome.kind !== 'task') throw new Error('no task');
    expect(outcome.task).toMatchObject({ phase: 'task', form, toolName: tool, arguments: args });
    return outcome.task;
  }

  const finished = (id: string, what: string) => waitForTask(engine, id, isTaskFinished, 20_000, what);

  it('quick answers at once, without a task; the answer stays as an ended entry with its result', async () => {
    const outcome = await engine.callTool(serverId, 'quick', { text: 'hi' });
    expect(outcome.kind).toBe('result');
    if (outcome.kind !== 'result') throw new Error('no result');
    expect(engine.listTasks().filter((task) => task.toolName === 'quick')).toEqual([expect.objectContaining({ localId: outcome.task.localId, endReason: 'answered', hasResult: true })]);
    expect(outcome.task.resultIsError).toBeUndefined();
    expect(await engine.getResult(outcome.task.localId)).toEqual(outcome.result);
    // A 2025-11-25 tool that forbids tasks is plain; an extension server may answer any call with a task.
    expect(outcome.task.plain).toBe(form === 'legacy' ? true : undefined);
  });

  it('build reports its steps and completes with its result', async () => {
    const task = await startTask('build', { durationMs: 1_500, project: 'app' });
    const done = await finished(task.localId, 'build to finish');
    expect(done.snapshot?.status).toBe('completed');
    const steps = done.timeline.filter((entry) => entry.status === 'working').map((entry) => entry.statusMessage).filter((text) => text?.startsWith('Step'));
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(new Set(steps).size).toBe(steps.length);
    const result = await engine.getResult(task.localId);
    expect(result).toMatchObject({ structuredContent: { project: 'app', artifact: expect.any(String) } });
  });

  it('deploy asks for confirmation; an accepted answer deploys', async () => {
    const task = await startTask('deploy', { service: 'api', durationMs: 600 });
    const input = await waitForInput(engine, task.localId);
    expect(input.request.method).toBe('elicitation/create');
    expect(input.request.params).toMatchObject({ requestedSchema: { properties: { confirm: { type: 'boolean' } } } });
    await engine.answerInput(task.localId, input.key, { action: 'accept', content: { confirm: true, environment: 'production' } });
    const done = await finished(task.localId, 'deploy to finish');
    expect(done.snapshot?.status).toBe('completed');
    if (form === 'extension') expect(done.answeredInputKeys).toEqual([input.key]);
    expect(await engine.getResult(task.localId)).toMatchObject({ structuredContent: { started: true } });
  });

  it('deploy declined does not deploy', async () => {
    const task = await startTask('deploy', { durationMs: 600 });
    const input = await waitForInput(engine, task.localId);
    await engine.answerInput(task.localId, input.key, { action: 'decline' });
    const done = await finished(task.localId, 'declined deploy to finish');
    expect(done.snapshot?.status).toBe('completed');
    expect(await engine.getResult(task.localId)).toMatchObject({ structuredContent: { started: false } });
  });

  it('plan_release asks two questions at once; the first answer waits (held) for the second', async () => {
    const task = await startTask('plan_release', { durationMs: 200 });
    const inputs = await waitForInputs(engine, task.localId, 2);
    expect(inputs.map((input) => input.request.method)).toEqual(['elicitation/create', 'elicitation/create']);
    const keyOf = (field: string) => inputs.find((input) => JSON.stringify(input.request.params).includes(field))!.key;
    const window = { action: 'accept', content: { date: '2026-09-01', window: 'morning' } };
    const approver = { action: 'accept', content: { approver: 'lead@example.com', notify: true } };

    await engine.answerInput(task.localId, keyOf('"window"'), window);
    if (form === 'extension') {
      // Held until the other key is answered: all answers go in one tasks/update.
      expect(engine.listInputs().find((input) => input.key === keyOf('"window"'))?.held).toBe(true);
      await expect(engine.answerInput(task.localId, keyOf('"window"'), window)).rejects.toThrow(/already answered/);
      expect(engine.getTask(task.localId)?.answeredInputKeys).toEqual([]);
    } else {
      // 2025-11-25: each question is its own request, answered at once.
      expect(engine.listInputs().filter((input) => input.localId === task.localId)).toHaveLength(1);
    }
    await engine.answerInput(task.localId, keyOf('approver'), approver);
    const done = await finished(task.localId, 'plan_release to finish');
    expect(done.snapshot?.status).toBe('completed');
    if (form === 'extension') expect([...done.answeredInputKeys].sort()).toEqual(['release_approver', 'release_window']);
    expect(await engine.getResult(task.localId)).toMatchObject({ structuredContent: { planned: true, window, approver } });
  });

  it('summarize_changes asks for a model completion; a hand-written reply is used as the summary', async () => {
    const task = await startTask('summarize_changes', { changes: '- Fix login', durationMs: 200 });
    const input = await waitForInput(engine, task.localId);
    expect(input.request).toMatchObject({ method: 'sampling/createMessage', params: { maxTokens: 300, includeContext: 'none', messages: [{ role: 'user' }] } });
    const reply = { role: 'assistant', model: 'human', content: { type: 'text', text: 'Logging in works again.' }, stopReason: 'endTurn' };
    await engine.answerInput(task.localId, input.key, reply);
    const done = await finished(task.localId, 'summarize_changes to finish');
    expect(done.snapshot?.status).toBe('completed');
    expect(await engine.getResult(task.localId)).toMatchObject({ structuredContent: { summarized: true, summary: 'Logging in works again.', model: 'human' } });
  });

  it('summarize_changes declined: 2025-11-25 refuses the request (the task completes unsummarized), the extension cancels the task', async () => {
    const task = await startTask('summarize_changes', { durationMs: 200 });
    const input = await waitForInput(engine, task.localId);
    await engine.declineInput(task.localId, input.key);
    const done = await finished(task.localId, 'declined summarize_changes to end');
    if (form === 'legacy') {
      expect(done.snapshot?.status).toBe('completed');
      expect(await engine.getResult(task.localId)).toMatchObject({ structuredContent: { summarized: false, reason: 'User rejected sampling request' } });
    } else {
      expect(done).toMatchObject({ endReason: 'user-cancelled', snapshot: { status: 'cancelled' } });
    }
  });

  it('index_workspace asks for the roots; the listed roots are indexed', async () => {
    const task = await startTask('index_workspace', { durationMs: 200 });
    const input = await waitForInput(engine, task.localId);
    expect(input.request.method).toBe('roots/list');
    await engine.answerInput(task.localId, input.key, { roots: [{ uri: 'file:///home/dev/app', name: 'app' }] });
    const done = await finished(task.localId, 'index_workspace to finish');
    expect(done.snapshot?.status).toBe('completed');
    expect(await engine.getResult(task.localId)).toMatchObject({ structuredContent: { roots: ['file:///home/dev/app'], count: 1 } });
  });

  it('sleep is cancelled on request and ends as user-cancelled', async () => {
    const task = await startTask('sleep', { durationMs: 600_000 });
    await waitForTask(engine, task.localId, (current) => current.snapshot?.status === 'working');
    await engine.cancelTask(task.localId);
    expect(engine.getTask(task.localId)?.cancelRequestedAt).toBeDefined();
    const done = await finished(task.localId, 'sleep to be cancelled');
    expect(done).toMatchObject({ endReason: 'user-cancelled', snapshot: { status: 'cancelled' } });
    expect(appNotes(done)).toContain('Cancel requested');
  });

  it('flaky fails with the JSON-RPC error', async () => {
    const task = await startTask('flaky', { mode: 'error', delayMs: 200 });
    const done = await finished(task.localId, 'flaky to fail');
    expect(done.snapshot?.status).toBe('failed');
    expect(done.snapshot?.error).toMatchObject({ code: -32603, message: expect.stringContaining('Flaky build agent lost') });
  });

  it('lists the session\'s tasks where the form has a listing (2025-11-25 only)', async () => {
    const listed = await engine.listServerTasks(serverId);
    if (form === 'extension') {
      expect(listed).toBeUndefined();
      return;
    }
    const tracked = new Set(engine.listTasks().map((task) => task.serverTaskId));
    expect(listed!.length).toBeGreaterThan(0);
    for (const snapshot of listed!) expect(tracked.has(snapshot.serverTaskId)).toBe(true);
  });

  it('flaky isError ends per the form: completed (extension) or failed (2025-11-25)', async () => {
    const task = await startTask('flaky', { mode: 'isError', delayMs: 200 });
    const done = await finished(task.localId, 'flaky isError to end');
    expect(done.snapshot?.status).toBe(form === 'extension' ? 'completed' : 'failed');
    expect(await engine.getResult(task.localId)).toMatchObject({ isError: true });
    // The task itself says its result is a tool error, so no list has to read the result to know.
    expect(done.resultIsError).toBe(true);
    expect(classifyTask(done)).toBe(form === 'extension' ? 'completed-with-error' : 'failed');
  });

  it('deploy whose question is not answered in time withdraws it and ends with a tool error, never as a success', async () => {
    const task = await startTask('deploy', { service: 'api', durationMs: 400, answerWithinMs: 300 });
    await waitForInput(engine, task.localId);
    const done = await finished(task.localId, 'the unanswered deploy to end');
    expect(await engine.getResult(task.localId)).toMatchObject({ isError: true, structuredContent: { started: false, action: 'withdrawn' } });
    expect(done.resultIsError).toBe(true);
    expect(classifyTask(done)).not.toBe('completed');
  });
});
