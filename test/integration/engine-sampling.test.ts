/**
 * Sampling answered by a person, through the engine against real servers over real stdio pipes:
 * `summarize_changes` on both demo servers (a task's sampling request: extension `inputRequests`,
 * 2025-11-25 a request on the `tasks/result` stream), and an MRTR `input_required` on a plain
 * `tools/call` from a small SDK server (test/fixtures/mrtr-sampling-server.ts; the demo servers
 * have no MRTR tool). Each path's decline does what `Engine.declineInput` documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskFinished, type TrackedTask } from '../../shared/task-model.js';
import { HUMAN_MODEL_NAME, humanSamplingResult } from '../../shared/sampling/sampling-result.js';
import type { Engine } from '../../electron/engine/index.js';
import { SUMMARY_KEY, SUMMARY_PROMPT } from '../fixtures/mrtr-sampling-server.js';
import { demoServerCommand, stopAllDemoServers, type DemoServerForm } from '../helpers/demo-server-process.js';
import { nodeEngine, tempDataDir, waitForInput, waitForServer, waitForTask } from '../helpers/engine-harness.js';
import { fixtureEngine, fixtureServerConfig } from '../helpers/fixture-engine.js';
import { appNotes } from '../helpers/app-notes.js';

afterAll(stopAllDemoServers);

/** The human reply as the host builds it. */
function reply(text: string): Record<string, unknown> {
  const built = humanSamplingResult(text);
  if (!built.ok) throw new Error(built.problem);
  return built.result;
}


describe.each<[DemoServerForm, string]>([
  ['extension', 'cancel-task'],
  ['legacy', 'refuse'],
])('summarize_changes on the %s demo server (stdio)', (form, declineEffect) => {
  let engine: Engine;
  let cleanup: () => void;
  const serverId = `demo-${form}`;

  beforeAll(async () => {
    const { command, args, cwd } = demoServerCommand({ form, transport: 'stdio' });
    const data = tempDataDir();
    cleanup = data.cleanup;
    engine = nodeEngine(data.dir);
    await engine.start([{ id: serverId, name: `Demo ${form}`, transport: 'stdio', command, args, cwd }]);
    await waitForServer(engine, serverId);
  });

  afterAll(async () => {
    await engine.dispose();
    cleanup();
  });

  async function askedToSample(): Promise<TrackedTask> {
    const outcome = await engine.callTool(serverId, 'summarize_changes', { durationMs: 0 });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const input = await waitForInput(engine, outcome.task.localId);
    expect(input).toMatchObject({ request: { method: 'sampling/createMessage' }, declineEffect });
    expect(input.request.params).toMatchObject({ maxTokens: 300, systemPrompt: expect.any(String) });
    return outcome.task;
  }

  it('a reply written by hand reaches the server as the model answer', async () => {
    const task = await askedToSample();
    const input = engine.listInputs().find((pending) => pending.localId === task.localId)!;
    await engine.answerInput(task.localId, input.key, reply('Two fixes and a faster search.'));
    const done = await waitForTask(engine, task.localId, isTaskFinished, 20_000, 'the summary to finish');
    expect(done.snapshot?.status).toBe('completed');
    expect((await engine.getResult(task.localId))?.['structuredContent']).toEqual({ summarized: true, summary: 'Two fixes and a faster search.', model: HUMAN_MODEL_NAME });
    expect(appNotes(done)).toContain('Answered a sampling request with your reply');
  });

  it(`declining ${form === 'legacy' ? 'answers the request with "User rejected sampling request"' : 'cancels the task, saying why'}`, async () => {
    const task = await askedToSample();
    const input = engine.listInputs().find((pending) => pending.localId === task.localId)!;
    await engine.declineInput(task.localId, input.key);
    expect(engine.listInputs().filter((pending) => pending.localId === task.localId)).toEqual([]);
    const done = await waitForTask(engine, task.localId, isTaskFinished, 20_000, 'the declined task to end');
    if (form === 'legacy') {
      // The task goes on; the server decides what the refusal means (this one completes without a summary).
      expect(done.snapshot?.status).toBe('completed');
      expect((await engine.getResult(task.localId))?.['structuredContent']).toEqual({ summarized: false, reason: 'User rejected sampling request' });
      expect(appNotes(done)).toContain('Declined the sampling request: the server was told the user rejected it');
    } else {
      expect(done).toMatchObject({ snapshot: { status: 'cancelled' }, endReason: 'user-cancelled' });
      expect(appNotes(done)).toContain('Declined the sampling request: this server\'s protocol has no way to refuse one, so the task was cancelled');
    }
    expect(done.answeredInputKeys).toContain(input.key);
    await expect(engine.declineInput(task.localId, input.key)).rejects.toThrow(/no longer pending/);
  });
});

describe('an MRTR sampling request on a plain tools/call (SDK server, 2026-07-28, stdio)', () => {
  const serverId = 'mrtr';
  const harness = fixtureEngine(fixtureServerConfig(serverId, 'MRTR', new URL('../fixtures/mrtr-sampling-server.ts', import.meta.url)));

  beforeAll(() => harness.start());
  afterAll(() => harness.stop());

  async function callCount(): Promise<number> {
    const outcome = await harness.engine.callTool(serverId, 'call_count', {});
    if (outcome.kind !== 'result') throw new Error('expected a result');
    const [content] = outcome.result['content'] as { text: string }[];
    return Number(content?.text);
  }

  async function askedToSample(): Promise<TrackedTask> {
    const outcome = await harness.engine.callTool(serverId, 'write_summary', {});
    if (outcome.kind !== 'input_required') throw new Error(`expected input_required, got ${outcome.kind}`);
    expect(harness.engine.listInputs().filter((input) => input.localId === outcome.task.localId)).toEqual([
      expect.objectContaining({ key: SUMMARY_KEY, declineEffect: 'abandon-call', request: { method: 'sampling/createMessage', params: expect.objectContaining({ maxTokens: 100 }) } }),
    ]);
    expect(JSON.stringify(harness.engine.listInputs())).toContain(SUMMARY_PROMPT);
    return outcome.task;
  }

  it('a reply written by hand is sent with the retry, and the call completes', async () => {
    const before = await callCount();
    const task = await askedToSample();
    await harness.engine.answerInput(task.localId, SUMMARY_KEY, reply('Login fixed, sync faster.'));
    // Nobody awaits the retry (the call returned input_required): its result stays on the entry.
    const done = await waitForTask(harness.engine, task.localId, isTaskFinished, 20_000, 'the retried call to end');
    expect(done).toMatchObject({ phase: 'calling', endReason: 'answered', hasResult: true });
    expect((await harness.engine.getResult(task.localId))?.['structuredContent']).toEqual({ summary: 'Login fixed, sync faster.', model: HUMAN_MODEL_NAME });
    expect(await callCount()).toBe(before + 2);
  });

  it('declining abandons the call: never retried, ended here as failed with a clear message, also after a restart', async () => {
    const before = await callCount();
    const task = await askedToSample();
    await harness.engine.declineInput(task.localId, SUMMARY_KEY);
    const ended = harness.engine.getTask(task.localId);
    expect(ended).toMatchObject({ phase: 'calling', endReason: 'input-declined', lastProblem: { kind: 'call-abandoned-on-decline', request: expect.stringMatching(/sampling request/) } });
    expect(ended !== undefined && isTaskFinished(ended)).toBe(true);
    expect(harness.engine.listInputs().filter((input) => input.localId === task.localId)).toEqual([]);
    await expect(harness.engine.answerInput(task.localId, SUMMARY_KEY, reply('late'))).rejects.toThrow(/no longer pending/);
    expect(await callCount()).toBe(before + 1);

    // A restart does not mistake the abandoned call for one caught mid-flight (outcome unknown).
    await harness.restart();
    expect(harness.engine.getTask(task.localId)).toMatchObject({ phase: 'calling', endReason: 'input-declined' });
    await waitForServer(harness.engine, serverId);
  });
});
