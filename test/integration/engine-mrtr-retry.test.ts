/**
 * How an ordinary `tools/call` that needed the user's input (MRTR,
 * docs/protocol-notes.md#mrtr-tool-calls-that-need-input) ends once the user answered, through the
 * engine against a real SDK server over real stdio (test/fixtures/mrtr-elicitation-server.ts). The
 * `tools:call` that started it returned `input_required` long ago, so the retry's outcome must stay
 * on the entry: a plain result is stored like a task's, an `isError` result likewise, a JSON-RPC
 * refusal is kept as the error — all finished, also after a restart. A first call that is answered
 * or refused at once still goes back to its caller with nothing tracked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskFinished, type TrackedTask } from '../../shared/task-model.js';
import { McpRequestError } from '../../electron/engine/index.js';
import { CONFIRM_KEY, CONFIRM_MESSAGE, REFUSAL, RELEASED_TEXT, TOOL_ERROR_TEXT, type RetryEnding } from '../fixtures/mrtr-elicitation-server.js';
import { waitForServer, waitForTask } from '../helpers/engine-harness.js';
import { fixtureEngine, fixtureServerConfig } from '../helpers/fixture-engine.js';
import { appNotes } from '../helpers/app-notes.js';

const serverId = 'mrtr-elicitation';
const config = fixtureServerConfig(serverId, 'MRTR elicitation', new URL('../fixtures/mrtr-elicitation-server.ts', import.meta.url));


/** What each retry ending leaves on the entry. */
const ENDINGS: Record<RetryEnding, { entry: Partial<TrackedTask>; note: string | RegExp }> = {
  result: { entry: { endReason: 'answered', hasResult: true }, note: 'The server answered the call directly' },
  isError: { entry: { endReason: 'answered-with-error', hasResult: true }, note: 'The server answered the call directly, with a tool error' },
  refuse: { entry: { endReason: 'refused', hasResult: false, callError: { ...REFUSAL } }, note: `The server refused the call: ${REFUSAL.message} (error ${REFUSAL.code})` },
};

describe('an MRTR tools/call answered by the user, retried (SDK server, 2026-07-28, stdio)', () => {
  const harness = fixtureEngine(config);
  /** The local id of each ending's entry, for the restart check. */
  const ended = new Map<RetryEnding, string>();

  beforeAll(() => harness.start());
  afterAll(() => harness.stop());

  it('a first call answered at once goes back to its caller and stays as an ended entry with its result', async () => {
    const { engine } = harness;
    const outcome = await engine.callTool(serverId, 'ping', {});
    expect(outcome).toMatchObject({ kind: 'result', result: expect.objectContaining({ content: [{ type: 'text', text: 'pong' }] }), task: { toolName: 'ping', endReason: 'answered' } });
    expect(engine.listTasks().filter((task) => task.toolName === 'ping')).toEqual([expect.objectContaining({ endReason: 'answered', hasResult: true })]);
  });

  it('a first call refused with a JSON-RPC error rejects to its caller and stays as an entry ended refused, with the error', async () => {
    const { engine } = harness;
    const refused = engine.callTool(serverId, 'no_such_tool', {});
    await expect(refused).rejects.toBeInstanceOf(McpRequestError);
    await expect(refused).rejects.toMatchObject({ code: -32602 });
    expect(engine.listTasks().filter((task) => task.toolName === 'no_such_tool')).toEqual([expect.objectContaining({ endReason: 'refused', callError: expect.objectContaining({ code: -32602 }) })]);
  });

  it.each<RetryEnding>(['result', 'isError', 'refuse'])('a retry that ends with %s stays in the inbox as finished, with its outcome', async (retry) => {
    const { engine } = harness;
    const outcome = await engine.callTool(serverId, 'release', { retry });
    if (outcome.kind !== 'input_required') throw new Error(`expected input_required, got ${outcome.kind}`);
    const id = outcome.task.localId;
    const [question] = engine.listInputs().filter((input) => input.localId === id);
    expect(question).toMatchObject({ key: CONFIRM_KEY, request: { method: 'elicitation/create', params: expect.objectContaining({ message: CONFIRM_MESSAGE }) } });
    let removed = false;
    const subscription = engine.onDidRemoveTask((removedId) => { removed ||= removedId === id; });

    await engine.answerInput(id, CONFIRM_KEY, { action: 'accept', content: { confirm: true } });
    const done = await waitForTask(engine, id, isTaskFinished, 20_000, `the ${retry} retry to end`);
    subscription.dispose();
    ended.set(retry, id);

    const { entry, note } = ENDINGS[retry];
    expect(done).toMatchObject({ ...entry, phase: 'calling' });
    expect(done.serverTaskId).toBeUndefined();
    expect(appNotes(done)).toContain(note);
    expect(removed).toBe(false);
    expect(engine.listInputs().filter((input) => input.localId === id)).toEqual([]);
    const result = await engine.getResult(id);
    if (retry === 'result') expect(result).toMatchObject({ content: [{ type: 'text', text: RELEASED_TEXT }], structuredContent: { released: true } });
    if (retry === 'isError') expect(result).toMatchObject({ content: [{ type: 'text', text: TOOL_ERROR_TEXT }], isError: true });
    if (retry === 'refuse') expect(result).toBeUndefined();
  });

  it('after a restart each ending is still shown as finished, not as an outcome unknown', async () => {
    expect(ended.size).toBe(3);
    await harness.restart();
    const { engine } = harness;
    for (const [retry, id] of ended) {
      const task = engine.getTask(id);
      expect(task).toMatchObject({ ...ENDINGS[retry].entry, phase: 'calling' });
      expect(task !== undefined && isTaskFinished(task)).toBe(true);
    }
    expect(await engine.getResult(ended.get('result')!)).toMatchObject({ content: [{ type: 'text', text: RELEASED_TEXT }] });
    expect(await engine.getResult(ended.get('isError')!)).toMatchObject({ isError: true });
    await waitForServer(engine, serverId);
  });
});
