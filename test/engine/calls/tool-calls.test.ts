/**
 * Tool calls against a fake protocol: the pending entry is on disk before the call goes out; how
 * a call that never became a task ends (answered, refused, cancelled — kept as entries); whether
 * it is plain; MRTR rounds answered together, counted, capped; a call's timeout waits while the
 * user answers one of its questions and starts over on progress.
 */
import { describe, expect, it } from 'vitest';
import type { CallOptions, CallReply } from '../../../electron/engine/protocols/task-protocol.js';
import { CALL_MAX_TOTAL_MS, CALL_TIMEOUT_MS } from '../../../electron/engine/calls/call-timeout.js';
import { MAX_INPUT_ROUNDS } from '../../../electron/engine/calls/tool-calls.js';
import { McpRequestError } from '../../../electron/engine/connections/mcp-request-error.js';
import { recordAnswer } from '../../../electron/engine/tasks/task-rules.js';
import { engineKit, SERVER, serverError, snapshot } from '../engine-kit.js';
import { appNotes, lastAppNote } from '../../helpers/app-notes.js';

const question = (message: string) => ({ method: 'elicitation/create', params: { message } });
const ask = (...keys: string[]): CallReply => ({ kind: 'input_required', inputRequests: Object.fromEntries(keys.map((key) => [key, question(key)])), requestState: 'state-1' });

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
    expect(kit.taskStore.saved.get(outcome.kind === 'task' ? outcome.task.localId : '')).toMatchObject({ phase: 'task', serverTaskId: 't1' });
  });

  it('what happened to the entry while its call was on the wire (a server question answered) stays when it becomes a task', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = async () => {
      await kit.advance(20);
      const entry = kit.parts.ledger.all().find((task) => task.phase === 'calling')!;
      kit.parts.ledger.put(recordAnswer(entry, 'request-1', kit.clock.now(), { kind: 'input-answered', how: 'accepted' }));
      return { kind: 'task', observation: { snapshot: snapshot('t1') } };
    };
    const outcome = await kit.parts.calls.call(SERVER, 'build', {});
    if (outcome.kind !== 'task') throw new Error('expected a task');
    const stored = kit.parts.ledger.get(outcome.task.localId)!;
    expect(appNotes(stored)).toContain('Answered an input request: accepted');
    expect(appNotes(kit.taskStore.saved.get(outcome.task.localId))).toContain('Answered an input request: accepted');
  });

  it('an answer at once ends answered with its result kept; a refusal at once ends refused with the error; no answer leaves "outcome unknown", never resent', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = () => Promise.resolve({ kind: 'result', result: { content: [{ type: 'text', text: 'pong' }] } });
    const answered = await kit.parts.calls.call(SERVER, 'ping', {});
    if (answered.kind !== 'result') throw new Error('expected a result');
    expect(answered.task).toMatchObject({ toolName: 'ping', phase: 'calling', endReason: 'answered', hasResult: true });
    expect(lastAppNote(answered.task)).toBe('The server answered the call directly');
    expect(kit.resultStore.results.get(answered.task.localId)).toEqual({ content: [{ type: 'text', text: 'pong' }] });
    expect(kit.taskStore.saved.get(answered.task.localId)).toMatchObject({ endReason: 'answered' });
    expect(answered.task.resultIsError).toBeUndefined();
    kit.protocol!.onCall = () => Promise.resolve({ kind: 'result', result: { content: [], isError: true } });
    const toolError = await kit.parts.calls.call(SERVER, 'broken', {});
    expect(toolError.kind === 'result' ? toolError.task.endReason : toolError.kind).toBe('answered-with-error');
    expect(toolError.kind === 'result' && toolError.task.resultIsError).toBe(true);
    kit.protocol!.onCall = () => Promise.reject(serverError(-32602, 'No such tool'));
    await expect(kit.parts.calls.call(SERVER, 'nope', {})).rejects.toThrow('No such tool');
    const refused = kit.parts.ledger.all().find((task) => task.toolName === 'nope');
    expect(refused).toMatchObject({ endReason: 'refused', callError: { code: -32602, message: 'No such tool' } });
    expect(lastAppNote(refused)).toBe('The server refused the call: No such tool (error -32602)');
    kit.protocol!.onCall = () => Promise.reject(new McpRequestError('tools/call timed out', undefined, undefined, 'timeout'));
    await expect(kit.parts.calls.call(SERVER, 'slow', {})).rejects.toThrow('timed out');
    expect(kit.parts.ledger.all().find((task) => task.toolName === 'slow')).toMatchObject({ phase: 'outcome-unknown' });
    expect(kit.protocol!.count('tools/call')).toBe(4);
    expect(kit.parts.calls.inFlight(SERVER)).toEqual([]);
  });

  it('decides once whether a task can come of the call: the entry is plain exactly when the request asks for none', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = () => Promise.resolve({ kind: 'result', result: { content: [] } });
    kit.protocol!.mayBecome = false;
    const plain = await kit.parts.calls.call(SERVER, 'echo', {});
    kit.protocol!.mayBecome = true;
    const mayBeTask = await kit.parts.calls.call(SERVER, 'build', {});
    expect(plain.task.plain).toBe(true);
    expect(mayBeTask.task.plain).toBeUndefined();
    const sent = kit.protocol!.calls.flatMap((call) => (call.method === 'tools/call' ? [call.options] : []));
    expect(sent.map((options) => options.asTask)).toEqual([false, true]);
    // Every call names its entry as its progress token.
    expect(sent.map((options) => options.progressToken)).toEqual([plain.task.localId, mayBeTask.task.localId]);
  });

  it('a plain call that becomes a task anyway is a task (no longer plain)', async () => {
    const kit = engineKit();
    kit.protocol!.mayBecome = false;
    kit.protocol!.onCall = () => Promise.resolve({ kind: 'task', observation: { snapshot: snapshot('t1') } });
    kit.protocol!.onGet = () => new Promise(() => undefined);
    const outcome = await kit.parts.calls.call(SERVER, 'build', {});
    expect(outcome.task).toMatchObject({ phase: 'task', serverTaskId: 't1' });
    expect(outcome.task.plain).toBeUndefined();
  });

  it('cancelling a call on the wire aborts its request, ends it user-cancelled saying what was sent, and ignores a late answer', async () => {
    const kit = engineKit();
    kit.protocol!.mayBecome = false;
    let release: ((outcome: CallReply) => void) | undefined;
    let signal: AbortSignal | undefined;
    kit.protocol!.onCall = (_name, _args, options) => {
      signal = options.signal;
      return new Promise((resolve) => (release = resolve));
    };
    const call = kit.parts.calls.call(SERVER, 'long', {});
    await kit.settle();
    const [id] = kit.parts.calls.inFlight(SERVER);
    await kit.parts.calls.cancel(id!);
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe('The user cancelled the call.');
    release!({ kind: 'result', result: { content: [{ type: 'text', text: 'too late' }] } });
    await expect(call).rejects.toThrow('cancelled');
    const task = kit.parts.ledger.get(id!)!;
    expect(task).toMatchObject({ endReason: 'user-cancelled', hasResult: false });
    expect(lastAppNote(task)).toBe('You cancelled the call: the server was sent notifications/cancelled. An answer arriving later is ignored.');
    expect(kit.resultStore.results.size).toBe(0);
    expect(kit.parts.calls.inFlight(SERVER)).toEqual([]);
    await expect(kit.parts.calls.cancel(id!)).rejects.toThrow('not waiting');
  });

  it('when the engine stops, a plain call on the wire ends interrupted and one that may be a task outcome unknown', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = () => new Promise(() => undefined);
    kit.protocol!.mayBecome = false;
    void kit.parts.calls.call(SERVER, 'plain', {});
    kit.protocol!.mayBecome = true;
    void kit.parts.calls.call(SERVER, 'maybe', {});
    await kit.settle();
    kit.parts.calls.stop();
    const byTool = Object.fromEntries(kit.parts.ledger.all().map((task) => [task.toolName, task]));
    expect(byTool.plain).toMatchObject({ phase: 'calling', endReason: 'interrupted', plain: true });
    expect(byTool.maybe).toMatchObject({ phase: 'outcome-unknown' });
    expect(byTool.maybe?.endReason).toBeUndefined();
    expect(kit.protocol!.count('tools/call')).toBe(2);
  });

  it('a call removed while on the wire is aborted and does not come back when its answer arrives', async () => {
    const kit = engineKit();
    let release: ((outcome: CallReply) => void) | undefined;
    kit.protocol!.onCall = () => new Promise((resolve) => (release = resolve));
    const call = kit.parts.calls.call(SERVER, 'long', {});
    await kit.settle();
    const [id] = kit.parts.calls.inFlight(SERVER);
    const removed = kit.parts.ledger.remove(id!)!;
    kit.parts.letGo(removed);
    release!({ kind: 'result', result: { content: [] } });
    await expect(call).rejects.toThrow();
    expect(kit.parts.ledger.get(id!)).toBeUndefined();
  });

  it('an MRTR round\'s answers are held until all are given, then go in one retry with the requestState', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = (_name, _args, options) => Promise.resolve(options.round === undefined ? ask('a', 'b') : { kind: 'result', result: { content: [{ type: 'text', text: 'done' }] } });
    const outcome = await kit.parts.calls.call(SERVER, 'release', {});
    if (outcome.kind !== 'input_required') throw new Error('expected input_required');
    const id = outcome.task.localId;
    await kit.parts.answers.answer(id, 'a', { action: 'accept', content: { ok: true } });
    expect(kit.protocol!.count('tools/call')).toBe(1);
    expect(kit.parts.inputs.get({ serverId: SERVER, localId: id }, 'a')?.held).toBe(true);
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
    const owner = { serverId: SERVER, localId: outcome.task.localId };
    expect(kit.parts.inputs.get(owner, 'again')?.round).toBeUndefined();
    await kit.parts.answers.answer(owner.localId, 'again', { action: 'accept', content: {} });
    await kit.settle();
    expect(kit.parts.inputs.get(owner, 'again')?.round).toBe(2);
    for (let round = 2; round <= MAX_INPUT_ROUNDS; round++) {
      await kit.parts.answers.answer(owner.localId, 'again', { action: 'accept', content: {} });
      await kit.settle();
    }
    // Ten rounds answered, ten retries sent; the eleventh round is not retried.
    expect(kit.protocol!.count('tools/call')).toBe(MAX_INPUT_ROUNDS + 1);
    expect(kit.parts.inputs.get(owner, 'again')?.round).toBe(MAX_INPUT_ROUNDS + 1);
    await kit.parts.answers.answer(owner.localId, 'again', { action: 'accept', content: {} });
    await kit.settle();
    expect(kit.protocol!.count('tools/call')).toBe(MAX_INPUT_ROUNDS + 1);
    expect(kit.parts.ledger.get(owner.localId)?.phase).toBe('outcome-unknown');
    expect(kit.parts.inputs.all()).toEqual([]);
  });

  it('the call\'s timeout waits while one of its questions waits for the user (held answers do not count)', async () => {
    const kit = engineKit();
    let timeout: CallOptions['timeout'];
    kit.protocol!.onCall = (_name, _args, options) => {
      timeout = options.timeout;
      return new Promise(() => undefined);
    };
    void kit.parts.calls.call(SERVER, 'ask', {});
    await kit.settle();
    const [id] = kit.parts.calls.inFlight(SERVER);
    expect(timeout?.timeoutMs).toBe(CALL_TIMEOUT_MS);
    expect(timeout?.extraWait()).toBe(0);
    kit.parts.inputs.add({ serverId: SERVER, localId: id!, key: 'request-1', request: question('?'), receivedAt: 0, declineEffect: 'refuse' });
    expect(timeout?.extraWait()).toBe(CALL_TIMEOUT_MS);
    kit.parts.inputs.hold({ serverId: SERVER, localId: id! }, 'request-1', {});
    expect(timeout?.extraWait()).toBe(0);
  });

  it('an accepted progress notification starts the call\'s timeout over, never past the maximum', async () => {
    const kit = engineKit();
    let timeout: CallOptions['timeout'];
    kit.protocol!.onCall = (_name, _args, options) => {
      timeout = options.timeout;
      return new Promise(() => undefined);
    };
    void kit.parts.calls.call(SERVER, 'long', {});
    await kit.settle();
    const [id] = kit.parts.calls.inFlight(SERVER);
    const progress = (value: number) => kit.parts.progress.handle(SERVER, 'notifications/progress', { progressToken: id, progress: value });
    await kit.advance(100_000);
    progress(1);
    await kit.advance(20_000);
    // The first 120 s are up: 100 s more, counted from the notification.
    expect(timeout?.extraWait()).toBe(100_000);
    progress(1);
    expect(timeout?.extraWait()).toBe(100_000);
    let value = 2;
    while (kit.clock.monotonic() < CALL_MAX_TOTAL_MS - 60_000) {
      progress(value++);
      await kit.advance(60_000);
    }
    progress(value);
    expect(timeout?.extraWait()).toBeLessThanOrEqual(CALL_MAX_TOTAL_MS - kit.clock.monotonic());
    await kit.advance(CALL_MAX_TOTAL_MS);
    progress(value + 1);
    expect(timeout?.extraWait()).toBe(0);
  });
});
