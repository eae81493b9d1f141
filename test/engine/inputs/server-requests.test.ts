/**
 * The one path for server-to-client requests, against fake parts: whom a question belongs to, a
 * question that names a task not known yet, the one automatic answer (roots), withdrawal, and
 * answers and refusals as they go out.
 */
import { describe, expect, it } from 'vitest';
import type { CallReply } from '../../../electron/engine/protocols/task-protocol.js';
import { engineKit, FakeResponder, SERVER, snapshot } from '../engine-kit.js';

const ELICIT = { method: 'elicitation/create', params: { message: 'Which region?' } };

function receive(kit: ReturnType<typeof engineKit>, responder: FakeResponder, requestId: number, params: Record<string, unknown>, method = ELICIT.method) {
  const abort = new AbortController();
  const relatedTask = typeof params.relatedTask === 'string' ? params.relatedTask : undefined;
  const answer = kit.parts.requests.handle(SERVER, responder, { method, params, ...(relatedTask !== undefined ? { relatedTask } : {}) }, abort.signal, requestId, Promise.resolve());
  answer.catch(() => undefined);
  return { answer, abort };
}

/** A call in flight whose answer the test releases. */
function callInFlight(kit: ReturnType<typeof engineKit>, tool: string) {
  let release: (outcome: CallReply) => void = () => undefined;
  const previous = kit.protocol!.onCall;
  kit.protocol!.onCall = (name, args, options) => (name === tool ? new Promise((resolve) => { release = resolve; }) : previous(name, args, options));
  const outcome = kit.parts.calls.call(SERVER, tool, {});
  return { outcome, release: (value: CallReply) => release(value) };
}

describe('ServerRequests', () => {
  it('a request too large to keep is refused at once (-32602) and never filed', async () => {
    const kit = engineKit();
    const responder = new FakeResponder();
    const { answer } = receive(kit, responder, 9, { message: 'Read this', requestedSchema: { type: 'object', properties: { a: { type: 'string', description: 'd'.repeat(300 * 1024) } } } });
    await expect(answer).rejects.toMatchObject({ code: -32602, message: 'The request is larger than 256 KiB; this client does not keep or show it.' });
    expect(kit.parts.inputs.all()).toEqual([]);
  });

  it('a request that names no task belongs to the server\'s one call in flight; the user\'s answer is what goes back', async () => {
    const kit = engineKit();
    const responder = new FakeResponder();
    const call = callInFlight(kit, 'trigger');
    await kit.settle();
    const { answer } = receive(kit, responder, 7, ELICIT.params);
    const [input] = kit.parts.inputs.all();
    expect(input).toMatchObject({ localId: kit.parts.calls.inFlight(SERVER)[0], key: 'request-7', declineEffect: 'refuse', request: ELICIT });
    await kit.parts.answers.answer(input!.localId!, input!.key, { action: 'accept', content: { region: 'eu' } });
    await expect(answer).resolves.toEqual({ action: 'accept', content: { region: 'eu' } });
    call.release({ kind: 'result', result: { content: [] } });
    await call.outcome;
  });

  it('with no call in flight, or several, the question is the server\'s own', async () => {
    const kit = engineKit();
    const responder = new FakeResponder();
    receive(kit, responder, 1, ELICIT.params);
    expect(kit.parts.inputs.all()).toEqual([expect.objectContaining({ serverId: SERVER, key: 'request-1' })]);
    expect(kit.parts.inputs.all()[0]!.localId).toBeUndefined();
    callInFlight(kit, 'one');
    callInFlight(kit, 'two');
    await kit.settle();
    receive(kit, responder, 2, ELICIT.params);
    expect(kit.parts.inputs.all().find((input) => input.key === 'request-2')?.localId).toBeUndefined();
    const { answer } = receive(kit, responder, 3, ELICIT.params);
    await kit.parts.answers.answer({ serverId: SERVER }, 'request-3', { action: 'decline' });
    await expect(answer).resolves.toEqual({ action: 'decline' });
  });

  it('a request naming a task not known yet waits for the calls in flight, then is attached to the task one created', async () => {
    const kit = engineKit();
    const responder = new FakeResponder();
    kit.protocol!.onGet = (taskId) => Promise.resolve({ snapshot: snapshot(taskId, { status: 'input_required' }) });
    const call = callInFlight(kit, 'early');
    await kit.settle();
    receive(kit, responder, 5, { ...ELICIT.params, relatedTask: 'server-task-9' });
    expect(kit.parts.inputs.all()).toEqual([]);
    call.release({ kind: 'task', observation: { snapshot: snapshot('server-task-9', { status: 'input_required' }) } });
    const outcome = await call.outcome;
    if (outcome.kind !== 'task') throw new Error('expected a task');
    expect(kit.parts.inputs.all()).toEqual([expect.objectContaining({ localId: outcome.task.localId, key: 'request-5' })]);
  });

  it('a request naming a task no call created is the server\'s own once no call is in flight', async () => {
    const kit = engineKit();
    const responder = new FakeResponder();
    const call = callInFlight(kit, 'other');
    await kit.settle();
    receive(kit, responder, 6, { ...ELICIT.params, relatedTask: 'not-ours' });
    expect(kit.parts.inputs.all()).toEqual([]);
    call.release({ kind: 'result', result: { content: [] } });
    await call.outcome;
    expect(kit.parts.inputs.all()).toEqual([expect.objectContaining({ key: 'request-6', serverId: SERVER })]);
  });

  it('roots/list outside a task is answered with exactly the shared folders; nothing else is answered for the user', async () => {
    const kit = engineKit();
    const responder = new FakeResponder();
    await expect(receive(kit, responder, 1, {}, 'roots/list').answer).resolves.toEqual({ roots: [] });
    receive(kit, responder, 2, { messages: [], maxTokens: 5 }, 'sampling/createMessage');
    expect(kit.parts.inputs.all()).toEqual([expect.objectContaining({ key: 'request-2', request: expect.objectContaining({ method: 'sampling/createMessage' }) })]);
    await expect(receive(kit, responder, 3, {}, 'tools/call').answer).rejects.toMatchObject({ code: -32601 });
  });

  it('a sampling request declined is refused with "User rejected sampling request"', async () => {
    const kit = engineKit();
    const responder = new FakeResponder();
    const { answer } = receive(kit, responder, 4, { messages: [], maxTokens: 5 }, 'sampling/createMessage');
    await kit.parts.answers.decline({ serverId: SERVER }, 'request-4');
    await expect(answer).rejects.toMatchObject({ code: -1, message: 'User rejected sampling request' });
  });

  it('a request the server withdraws leaves the list; a dropped connection clears the questions', () => {
    const kit = engineKit();
    const responder = new FakeResponder();
    const first = receive(kit, responder, 1, ELICIT.params);
    receive(kit, responder, 2, ELICIT.params);
    first.abort.abort();
    expect(kit.parts.inputs.all().map((input) => input.key)).toEqual(['request-2']);
    kit.parts.requests.disconnected(SERVER);
    expect(kit.parts.inputs.all()).toEqual([]);
  });
});
