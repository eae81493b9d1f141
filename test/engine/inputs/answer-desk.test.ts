/**
 * The answer desk against a fake protocol and a fake clock: a task's questions answered together,
 * a read served before an answer was applied, a failed send, a key asked again, and declines by path.
 */
import { describe, expect, it } from 'vitest';
import { REASK_GRACE_MS } from '../../../electron/engine/inputs/input-rules.js';
import { becomeTask, newCall } from '../../../electron/engine/tasks/task-rules.js';
import type { InputRequest, TrackedTask } from '../../../shared/task-model.js';
import { engineKit, SERVER, snapshot } from '../engine-kit.js';
import { appNotes } from '../../helpers/app-notes.js';

const Q: InputRequest = { method: 'elicitation/create', params: { message: 'Go?' } };
const SAMPLE: InputRequest = { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } };
const YES = { action: 'accept', content: { go: true } };

/** A task whose reads list `asked` (replaceable) as its inputRequests; polled every second. */
async function askingTask(kit: ReturnType<typeof engineKit>, asked: () => Record<string, InputRequest>): Promise<TrackedTask> {
  let version = 0;
  kit.protocol!.onGet = (taskId) => {
    version += 1;
    const inputRequests = asked();
    const status = Object.keys(inputRequests).length > 0 ? 'input_required' : 'working';
    return Promise.resolve({ snapshot: snapshot(taskId, { status, inputRequests, lastUpdatedAt: new Date(Date.UTC(2026, 10, 30, 9) + version).toISOString() }) });
  };
  const call = newCall({ localId: 'local-1', serverId: SERVER, form: 'extension', toolName: 'plan', arguments: {} }, kit.clock.now());
  const task = await kit.parts.ledger.putDurably(becomeTask(call, 't1', undefined, kit.clock.now()));
  await kit.parts.watcher.follow(task.localId, { snapshot: snapshot('t1', { status: 'input_required' }) });
  await kit.advance(0);
  return task;
}

const pending = (kit: ReturnType<typeof engineKit>) => kit.parts.inputs.all().map(({ key, held, round }) => ({ key, ...(held === true ? { held } : {}), ...(round !== undefined ? { round } : {}) }));

describe('AnswerDesk', () => {
  it('holds a task\'s answer until its other questions are answered, then sends all in one tasks/update', async () => {
    const kit = engineKit();
    let open: Record<string, InputRequest> = { a: Q, b: Q };
    const task = await askingTask(kit, () => open);
    await kit.parts.answers.answer(task.localId, 'a', YES);
    expect(kit.protocol!.count('tasks/update')).toBe(0);
    expect(pending(kit)).toEqual([{ key: 'a', held: true }, { key: 'b' }]);
    kit.protocol!.onUpdate = () => {
      open = {};
      return Promise.resolve();
    };
    await kit.parts.answers.answer(task.localId, 'b', { action: 'decline' });
    expect(kit.protocol!.calls.filter((call) => call.method === 'tasks/update')).toEqual([{ method: 'tasks/update', taskId: 't1', responses: { a: YES, b: { action: 'decline' } } }]);
    expect(kit.parts.ledger.get(task.localId)?.answeredInputKeys).toEqual(['a', 'b']);
    expect(pending(kit)).toEqual([]);
  });

  it.each([
    { response: YES, heldAction: 'accept' },
    { response: { action: 'decline' }, heldAction: 'decline' },
    { response: { action: 'cancel' }, heldAction: 'cancel' },
  ])('a held answer keeps what it says ($heldAction), so a decline is never shown as an answer', async ({ response, heldAction }) => {
    const kit = engineKit();
    const task = await askingTask(kit, () => ({ a: Q, b: Q }));
    await kit.parts.answers.answer(task.localId, 'a', response);
    expect(kit.parts.inputs.all().map((input) => [input.key, input.heldAction])).toEqual([['a', heldAction], ['b', undefined]]);
  });

  it('the timeline says what the user answered (the action), never the values typed', async () => {
    const kit = engineKit();
    let open: Record<string, InputRequest> = { a: Q, b: Q, c: Q };
    const task = await askingTask(kit, () => open);
    kit.protocol!.onUpdate = () => {
      open = {};
      return Promise.resolve();
    };
    await kit.parts.answers.answer(task.localId, 'a', { action: 'accept', content: { token: 'hunter2-secret' } });
    await kit.parts.answers.answer(task.localId, 'b', { action: 'decline' });
    await kit.parts.answers.answer(task.localId, 'c', { action: 'cancel' });
    const notes = appNotes(kit.parts.ledger.get(task.localId));
    expect(notes.slice(-3)).toEqual(['Answered an input request: accepted', 'Declined an input request', 'Cancelled an input request (closed without choosing)']);
    expect(JSON.stringify(kit.parts.ledger.get(task.localId)!.timeline)).not.toContain('hunter2');
  });

  it('a read served before the server applied the answer does not ask it again; one well after does, as round 2', async () => {
    const kit = engineKit();
    const task = await askingTask(kit, () => ({ a: Q }));
    await kit.parts.answers.answer(task.localId, 'a', YES);
    await kit.advance(1_000);
    expect(pending(kit)).toEqual([]);
    await kit.advance(REASK_GRACE_MS);
    expect(pending(kit)).toEqual([{ key: 'a', round: 2 }]);
    await kit.parts.answers.answer(task.localId, 'a', YES);
    await kit.advance(REASK_GRACE_MS + 1_000);
    expect(pending(kit)).toEqual([{ key: 'a', round: 3 }]);
  });

  it('an answer whose tasks/update fails is answerable again, and the error reaches the caller', async () => {
    const kit = engineKit();
    const task = await askingTask(kit, () => ({ a: Q }));
    kit.protocol!.onUpdate = () => Promise.reject(new Error('server unreachable'));
    await expect(kit.parts.answers.answer(task.localId, 'a', YES)).rejects.toThrow('server unreachable');
    expect(pending(kit)).toEqual([{ key: 'a' }]);
    expect(kit.parts.ledger.get(task.localId)?.answeredInputKeys).toEqual([]);
  });

  it('declining a task\'s sampling request cancels the task (its wire has no refusal); a held answer is never sent twice', async () => {
    const kit = engineKit();
    const task = await askingTask(kit, () => ({ s: SAMPLE, a: Q }));
    await kit.parts.answers.answer(task.localId, 'a', YES);
    await expect(kit.parts.answers.answer(task.localId, 'a', YES)).rejects.toThrow(/already answered/);
    await kit.parts.answers.decline(task.localId, 's');
    expect(kit.protocol!.count('tasks/cancel')).toBe(1);
    expect(kit.parts.ledger.get(task.localId)?.cancelRequestedAt).toBeDefined();
  });

  it('answers nothing while the server is disconnected: the question stays', async () => {
    const kit = engineKit();
    const task = await askingTask(kit, () => ({ a: Q }));
    kit.setProtocol(undefined);
    await expect(kit.parts.answers.answer(task.localId, 'a', YES)).rejects.toThrow(/not connected/);
    expect(pending(kit)).toEqual([{ key: 'a' }]);
  });
});
