/** The pending-input set: answers held until an owner's other questions are answered too; paths and owners kept apart. */
import { describe, expect, it } from 'vitest';
import { InputRegistry, type AskedInput } from '../../../electron/engine/inputs/input-registry.js';
import type { InputRequest } from '../../../shared/task-model.js';

const TASK = { serverId: 'server-a', localId: 'task-1' };
const FORM: InputRequest = { method: 'elicitation/create', params: { mode: 'form', message: 'Q', requestedSchema: { type: 'object', properties: {} } } };
const ACCEPT = { action: 'accept', content: {} };

const asked = (...keys: string[]): AskedInput[] => keys.map((key) => ({ key, request: FORM }));

function registry(): { inputs: InputRegistry; changes: () => number } {
  let count = 0;
  const inputs = new InputRegistry(() => (count += 1));
  inputs.sync(TASK, asked('a', 'b'), 1, 'cancel-task');
  return { inputs, changes: () => count };
}

describe('InputRegistry held answers', () => {
  it('keeps a held input pending, marked held, with its answer kept by key', () => {
    const { inputs, changes } = registry();
    const before = changes();
    inputs.hold(TASK, 'a', ACCEPT);
    expect(changes()).toBe(before + 1);
    expect(inputs.get(TASK, 'a')).toMatchObject({ key: 'a', held: true });
    expect(inputs.get(TASK, 'b')?.held).toBeUndefined();
    expect(inputs.heldAnswers(TASK)).toEqual({ a: ACCEPT });
    expect(inputs.ofOwner(TASK).map((input) => input.key).sort()).toEqual(['a', 'b']);
  });

  it('keeps the held mark across re-reads of the same requests', () => {
    const { inputs } = registry();
    inputs.hold(TASK, 'a', ACCEPT);
    inputs.sync(TASK, asked('a', 'b'), 2, 'cancel-task');
    expect(inputs.get(TASK, 'a')?.held).toBe(true);
    expect(inputs.heldAnswers(TASK)).toEqual({ a: ACCEPT });
  });

  it('drops the held answer when the server withdraws the question, or the input is removed', () => {
    const { inputs } = registry();
    inputs.hold(TASK, 'a', ACCEPT);
    inputs.sync(TASK, asked('b'), 2, 'cancel-task');
    expect(inputs.heldAnswers(TASK)).toEqual({});
    // Asked again under the same key: a fresh, answerable question, not the old held answer.
    inputs.sync(TASK, asked('a', 'b'), 3, 'cancel-task');
    expect(inputs.get(TASK, 'a')?.held).toBeUndefined();
    inputs.hold(TASK, 'b', ACCEPT);
    inputs.remove(TASK, 'b');
    inputs.clearOwner(TASK);
    expect(inputs.heldAnswers(TASK)).toEqual({});
  });

  it('restores inputs whose send failed as answerable, without touching ones pending again', () => {
    const { inputs } = registry();
    inputs.hold(TASK, 'a', ACCEPT);
    const sent = inputs.ofOwner(TASK);
    inputs.remove(TASK, 'a');
    inputs.remove(TASK, 'b');
    inputs.sync(TASK, asked('b'), 5, 'cancel-task');
    inputs.restore(sent);
    expect(inputs.get(TASK, 'a')).toMatchObject({ key: 'a', receivedAt: 1 });
    expect(inputs.get(TASK, 'a')?.held).toBeUndefined();
    expect(inputs.get(TASK, 'b')?.receivedAt).toBe(5);
    expect(inputs.heldAnswers(TASK)).toEqual({});
  });
});

describe('InputRegistry owners, paths and rounds', () => {
  it('a key asked in a new round replaces the pending one as a new question (new arrival time, held answer dropped)', () => {
    const { inputs } = registry();
    inputs.hold(TASK, 'a', ACCEPT);
    inputs.sync(TASK, [{ key: 'a', request: FORM, round: 2 }, { key: 'b', request: FORM }], 9, 'cancel-task');
    expect(inputs.get(TASK, 'a')).toMatchObject({ round: 2, receivedAt: 9 });
    expect(inputs.get(TASK, 'a')?.held).toBeUndefined();
    expect(inputs.get(TASK, 'b')?.receivedAt).toBe(1);
  });

  it('syncing one path leaves the owner\'s questions of another path alone', () => {
    const { inputs } = registry();
    inputs.add({ ...TASK, key: 'request-7', request: FORM, receivedAt: 2, declineEffect: 'refuse' });
    inputs.sync(TASK, [], 3, 'cancel-task');
    expect(inputs.ofOwner(TASK).map((input) => input.key)).toEqual(['request-7']);
  });

  it('files a server\'s own question apart from its tasks\' questions, under the same key', () => {
    const { inputs } = registry();
    const server = { serverId: TASK.serverId };
    inputs.add({ ...server, key: 'a', request: FORM, receivedAt: 4, declineEffect: 'refuse' });
    expect(inputs.get(server, 'a')).toMatchObject({ receivedAt: 4 });
    expect(inputs.get(server, 'a')?.localId).toBeUndefined();
    expect(inputs.get(TASK, 'a')?.receivedAt).toBe(1);
    expect(inputs.ofOwner(server)).toHaveLength(1);
    inputs.clearOwner(TASK);
    expect(inputs.all().map((input) => input.localId)).toEqual([undefined]);
    expect(inputs.get({ serverId: 'server-b' }, 'a')).toBeUndefined();
  });
});
