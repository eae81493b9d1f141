/**
 * Ordinary behaviour of real servers the engine must survive, against small fixture servers over
 * real stdio pipes (test/fixtures/quirky-legacy-server.ts, looping-extension-server.ts):
 * - a 2025-11-25 question that arrives before the answer naming its task is held and attached;
 * - a server answering every `tasks/result` at once with an error makes no request storm, and the
 *   finished task's result is fetched fresh (not the cached error);
 * - "-32603 Unknown taskId" ends a task as lost with the server's words, also when cancelling;
 * - a task that asks the same key again after each answer shows it again, with its round, and the
 *   user can stop it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskFinished, type TrackedTask } from '../../shared/task-model.js';
import { EARLY_QUESTION_MESSAGE, HOST_FIELD, NO_RESULT_YET_TEXT, QUIRKY_POLL_INTERVAL_MS } from '../fixtures/quirky-legacy-server.js';
import { LOOP_KEY, LOOP_MESSAGE } from '../fixtures/looping-extension-server.js';
import { waitForInput, waitForInputMatching, waitForTask } from '../helpers/engine-harness.js';
import { fixtureEngine, fixtureServerConfig } from '../helpers/fixture-engine.js';
import { appNotes } from '../helpers/app-notes.js';


async function taskOf(outcome: Promise<Awaited<ReturnType<ReturnType<typeof fixtureEngine>['engine']['callTool']>>>): Promise<TrackedTask> {
  const settled = await outcome;
  if (settled.kind !== 'task') throw new Error(`expected a task, got ${settled.kind}`);
  return settled.task;
}

describe('a 2025-11-25 server with quirks (stdio)', () => {
  const serverId = 'quirky';
  const harness = fixtureEngine(fixtureServerConfig(serverId, 'Quirky', new URL('../fixtures/quirky-legacy-server.ts', import.meta.url)));
  beforeAll(() => harness.start());
  afterAll(() => harness.stop());

  async function counts(): Promise<Record<string, number>> {
    const outcome = await harness.engine.callTool(serverId, 'counts', {});
    if (outcome.kind !== 'result') throw new Error('expected a result');
    const [first] = outcome.result.content as { text: string }[];
    return JSON.parse(first!.text) as Record<string, number>;
  }

  it('a question sent before the answer that names its task is held, tied to the task, and answered', async () => {
    const { engine } = harness;
    const task = await taskOf(engine.callTool(serverId, 'early_question', {}));
    const input = await waitForInput(engine, task.localId, 5_000);
    expect(input).toMatchObject({ serverId, declineEffect: 'refuse', request: { method: 'elicitation/create', params: expect.objectContaining({ message: EARLY_QUESTION_MESSAGE }) } });
    await engine.answerInput(task.localId, input.key, { action: 'accept', content: { region: 'eu-west' } });
    const done = await waitForTask(engine, task.localId, isTaskFinished, 10_000, 'the early task to complete');
    expect(done.snapshot?.status).toBe('completed');
    expect(JSON.stringify(await engine.getResult(task.localId))).toContain('eu-west');
  });

  it('a question reaches the user as the server wrote it: an unknown format and a pattern are not stripped or refused on the way', async () => {
    const { engine } = harness;
    const call = engine.callTool(serverId, 'ask_host', {});
    const input = await waitForInputMatching(engine, (pending) => pending.serverId === serverId && pending.request.method === 'elicitation/create', 'the host question', 5_000);
    expect(input.request.params).toMatchObject({ requestedSchema: { properties: { host: HOST_FIELD }, additionalProperties: false } });
    await engine.answerInput(input.localId!, input.key, { action: 'accept', content: { host: 'build.example' } });
    const outcome = await call;
    expect(outcome.kind === 'result' ? JSON.stringify(outcome.result) : outcome.kind).toContain('build.example');
  });

  it('tasks/result answered at once with an error makes no request storm; the finished task fetches its result fresh', async () => {
    const { engine } = harness;
    const before = await counts();
    const startedAt = Date.now();
    const task = await taskOf(engine.callTool(serverId, 'no_result_yet', { waitPolls: 6 }));
    const done = await waitForTask(engine, task.localId, isTaskFinished, 20_000, 'no_result_yet to complete');
    const elapsedMs = Date.now() - startedAt;
    const after = await counts();
    const gets = (after['tasks/get'] ?? 0) - (before['tasks/get'] ?? 0);
    const results = (after['tasks/result'] ?? 0) - (before['tasks/result'] ?? 0);
    // At most one read per poll interval (plus the first read of a waiting seed), and a stream
    // that fails is reopened only after an exponential back-off.
    expect(gets).toBeLessThanOrEqual(Math.floor(elapsedMs / QUIRKY_POLL_INTERVAL_MS) + 2);
    expect(results).toBeLessThanOrEqual(Math.ceil(Math.log2(elapsedMs / 1_000 + 1)) + 2);
    expect(done).toMatchObject({ hasResult: true, snapshot: { status: 'completed' } });
    expect(JSON.stringify(await engine.getResult(task.localId))).toContain(NO_RESULT_YET_TEXT);
  });

  it('"-32603 Unknown taskId" ends a task as lost with the server\'s words; a cancel then does not fail', async () => {
    const { engine } = harness;
    const task = await taskOf(engine.callTool(serverId, 'forgetful', {}));
    await waitForTask(engine, task.localId, (current) => current.snapshot?.status === 'working', 5_000, 'the task to work');
    await engine.callTool(serverId, 'forget', {});
    await engine.cancelTask(task.localId);
    const lost = await waitForTask(engine, task.localId, isTaskFinished, 10_000, 'the forgotten task to end');
    expect(lost.endReason).toBe('lost');
    expect(appNotes(lost).join('\n')).toContain(`Unknown taskId: ${task.serverTaskId}`);
  });
});

describe('an extension task that asks the same key again after every answer (stdio)', () => {
  const serverId = 'looping';
  const harness = fixtureEngine(fixtureServerConfig(serverId, 'Looping', new URL('../fixtures/looping-extension-server.ts', import.meta.url)));
  beforeAll(() => harness.start());
  afterAll(() => harness.stop());

  const yes = { action: 'accept', content: { go: true } };

  it('shows the question again after each answer, with its round, until the task moves on', async () => {
    const { engine } = harness;
    const task = await taskOf(engine.callTool(serverId, 'loop', { rounds: 3 }));
    for (const round of [undefined, 2, 3]) {
      const input = await waitForInputMatching(engine, (pending) => pending.localId === task.localId && pending.round === round, `round ${round ?? 1}`, 10_000);
      expect(input).toMatchObject({ key: LOOP_KEY, declineEffect: 'cancel-task', request: { params: expect.objectContaining({ message: LOOP_MESSAGE }) } });
      await engine.answerInput(task.localId, LOOP_KEY, yes);
    }
    const done = await waitForTask(engine, task.localId, isTaskFinished, 10_000, 'the loop to complete');
    expect(done.snapshot?.status).toBe('completed');
    expect(done.answeredInputKeys).toEqual([LOOP_KEY, LOOP_KEY, LOOP_KEY]);
    expect(engine.listInputs().filter((pending) => pending.localId === task.localId)).toEqual([]);
  });

  it('the user can stop a task that keeps asking: cancelled, and its question is gone', async () => {
    const { engine } = harness;
    const task = await taskOf(engine.callTool(serverId, 'loop', {}));
    await waitForInput(engine, task.localId, 10_000);
    await engine.answerInput(task.localId, LOOP_KEY, yes);
    await waitForInputMatching(engine, (pending) => pending.localId === task.localId && pending.round === 2, 'round 2', 10_000);
    await engine.cancelTask(task.localId);
    const stopped = await waitForTask(engine, task.localId, isTaskFinished, 10_000, 'the loop to stop');
    expect(stopped).toMatchObject({ endReason: 'user-cancelled', snapshot: { status: 'cancelled' } });
    expect(engine.listInputs().filter((pending) => pending.localId === task.localId)).toEqual([]);
  });
});
