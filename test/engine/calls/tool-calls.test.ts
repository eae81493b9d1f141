/**
 * Tool calls against a fake protocol: the pending entry is on disk before the call goes out; how
 * a call that never became a task ends; MRTR rounds answered together, counted, capped; a call's
 * timeout waits while the user answers one of its questions.
 */
import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../../electron/engine/protocols/task-protocol.js';
import { MAX_INPUT_ROUNDS } from '../../../electron/engine/calls/tool-calls.js';
import { McpRequestError } from '../../../electron/engine/connections/mcp-request-error.js';
import { recordAnswer } from '../../../electron/engine/tasks/task-rules.js';
import { engineKit, SERVER, serverError, snapshot } from '../engine-kit.js';

const question = (message: string) => ({ method: 'elicitation/create', params: { message } });
const ask = (...keys: string[]): CallOutcome => ({ kind: 'input_required', inputRequests: Object.fromEntries(keys.map((key) => [key, question(key)])), requestState: 'state-1' });

describe('ToolCalls', () => {
  it('writes the pending entry to disk before the request goes out', async () => {
    const kit = engineKit();
    let savedFirst = false;
    kit.protocol!.onCall = () => {
      savedFirst = [...kit.taskStore.saved.values()].some((task) => task.toolName === 'build' && task.phase === 'calling');
      return Promise.resolve({ kind: 'task', observation: { snapshot: snapshot('t1') } });
    };
    const outcome = await kit.parts.calls.call(SERVER, 'build', {});
    expect(savedFirst).toBe(true);
    expect(outcome.kind).toBe('task');
    expect(kit.taskStore.saved.get(outcome.kind === 'task' ? outcome.task.id : '')).toMatchObject({ phase: 'task', taskId: 't1' });
  });

  it('what happened to the entry while its call was on the wire (a server question answered) stays when it becomes a task', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = async () => {
      await kit.advance(20);
      const entry = kit.parts.ledger.all().find((task) => task.phase === 'calling')!;
      kit.parts.ledger.put(recordAnswer(entry, 'request-1', kit.clock.now(), 'Answered (accept)'));
      return { kind: 'task', observation: { snapshot: snapshot('t1') } };
    };
    const outcome = await kit.parts.calls.call(SERVER, 'build', {});
    if (outcome.kind !== 'task') throw new Error('expected a task');
    const stored = kit.parts.ledger.get(outcome.task.id)!;
    expect(stored.timeline.map((entry) => entry.note)).toContain('Answered (accept)');
    expect(kit.taskStore.saved.get(outcome.task.id)?.timeline.map((entry) => entry.note)).toContain('Answered (accept)');
  });

  it('an answer at once or a refusal at once leaves nothing tracked; no answer leaves "outcome unknown", never resent', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = () => Promise.resolve({ kind: 'result', result: { content: [] } });
    await kit.parts.calls.call(SERVER, 'ping', {});
    kit.protocol!.onCall = () => Promise.reject(serverError(-32602, 'No such tool'));
    await expect(kit.parts.calls.call(SERVER, 'nope', {})).rejects.toThrow('No such tool');
    expect(kit.parts.ledger.all()).toEqual([]);
    kit.protocol!.onCall = () => Promise.reject(new McpRequestError('tools/call timed out', undefined, undefined, 'timeout'));
    await expect(kit.parts.calls.call(SERVER, 'slow', {})).rejects.toThrow('timed out');
    expect(kit.parts.ledger.all()).toEqual([expect.objectContaining({ toolName: 'slow', phase: 'outcome-unknown' })]);
    expect(kit.protocol!.count('tools/call')).toBe(3);
  });

  it('an MRTR round\'s answers are held until all are given, then go in one retry with the requestState', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = (_name, _args, options) => Promise.resolve(options.round === undefined ? ask('a', 'b') : { kind: 'result', result: { content: [{ type: 'text', text: 'done' }] } });
    const outcome = await kit.parts.calls.call(SERVER, 'release', {});
    if (outcome.kind !== 'input_required') throw new Error('expected input_required');
    const id = outcome.task.id;
    await kit.parts.answers.answer(id, 'a', { action: 'accept', content: { ok: true } });
    expect(kit.protocol!.count('tools/call')).toBe(1);
    expect(kit.parts.inputs.get({ serverId: SERVER, taskId: id }, 'a')?.held).toBe(true);
    await kit.parts.answers.answer(id, 'b', { action: 'decline' });
    await kit.settle();
    const retry = kit.protocol!.calls.at(-1);
    expect(retry).toMatchObject({ method: 'tools/call', options: { round: { inputResponses: { a: { action: 'accept', content: { ok: true } }, b: { action: 'decline' } }, requestState: 'state-1' } } });
    expect(kit.parts.ledger.get(id)).toMatchObject({ endReason: 'answered', hasResult: true });
    expect(kit.parts.inputs.all()).toEqual([]);
  });

  it('a key a new round asks again carries its round; after the cap the call is abandoned', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = () => Promise.resolve(ask('again'));
    const outcome = await kit.parts.calls.call(SERVER, 'loop', {});
    if (outcome.kind !== 'input_required') throw new Error('expected input_required');
    const owner = { serverId: SERVER, taskId: outcome.task.id };
    expect(kit.parts.inputs.get(owner, 'again')?.round).toBeUndefined();
    await kit.parts.answers.answer(owner.taskId, 'again', { action: 'accept', content: {} });
    await kit.settle();
    expect(kit.parts.inputs.get(owner, 'again')?.round).toBe(2);
    for (let round = 2; round <= MAX_INPUT_ROUNDS; round++) {
      await kit.parts.answers.answer(owner.taskId, 'again', { action: 'accept', content: {} });
      await kit.settle();
    }
    // Ten rounds answered, ten retries sent; the eleventh round is not retried.
    expect(kit.protocol!.count('tools/call')).toBe(MAX_INPUT_ROUNDS + 1);
    expect(kit.parts.inputs.get(owner, 'again')?.round).toBe(MAX_INPUT_ROUNDS + 1);
    await kit.parts.answers.answer(owner.taskId, 'again', { action: 'accept', content: {} });
    await kit.settle();
    expect(kit.protocol!.count('tools/call')).toBe(MAX_INPUT_ROUNDS + 1);
    expect(kit.parts.ledger.get(owner.taskId)?.phase).toBe('outcome-unknown');
    expect(kit.parts.inputs.all()).toEqual([]);
  });

  it('the call\'s timeout waits while one of its questions waits for the user (held answers do not count)', async () => {
    const kit = engineKit();
    let waiting: (() => boolean) | undefined;
    kit.protocol!.onCall = (_name, _args, options) => {
      waiting = options.isWaitingOnUser;
      return new Promise(() => undefined);
    };
    void kit.parts.calls.call(SERVER, 'ask', {});
    await kit.settle();
    const [id] = kit.parts.calls.inFlight(SERVER);
    expect(waiting?.()).toBe(false);
    kit.parts.inputs.add({ serverId: SERVER, taskId: id!, key: 'request-1', request: question('?'), receivedAt: 0, declineEffect: 'refuse' });
    expect(waiting?.()).toBe(true);
    kit.parts.inputs.hold({ serverId: SERVER, taskId: id! }, 'request-1', {});
    expect(waiting?.()).toBe(false);
  });
});
