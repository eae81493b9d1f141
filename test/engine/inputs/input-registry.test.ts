/** The pending-input set: answers held until a task's other questions are answered too. */
import { describe, expect, it } from 'vitest';
import { InputRegistry } from '../../../electron/engine/inputs/input-registry.js';
import type { InputRequest } from '../../../shared/task-model.js';

const TASK = { id: 'task-1', serverId: 'server-a' };
const FORM: InputRequest = { method: 'elicitation/create', params: { mode: 'form', message: 'Q', requestedSchema: { type: 'object', properties: {} } } };
const ACCEPT = { action: 'accept', content: {} };

function registry(): { inputs: InputRegistry; changes: () => number } {
  let count = 0;
  const inputs = new InputRegistry(() => (count += 1));
  inputs.syncTask(TASK, { a: FORM, b: FORM }, [], 1, 'cancel-task');
  return { inputs, changes: () => count };
}

describe('InputRegistry held answers', () => {
  it('keeps a held input pending, marked held, with its answer kept by key', () => {
    const { inputs, changes } = registry();
    const before = changes();
    inputs.hold('task-1', 'a', ACCEPT);
    expect(changes()).toBe(before + 1);
    expect(inputs.get('task-1', 'a')).toMatchObject({ key: 'a', held: true });
    expect(inputs.get('task-1', 'b')?.held).toBeUndefined();
    expect(inputs.heldAnswers('task-1')).toEqual({ a: ACCEPT });
    expect(inputs.ofTask('task-1').map((input) => input.key).sort()).toEqual(['a', 'b']);
  });

  it('keeps the held mark across re-reads of the same requests', () => {
    const { inputs } = registry();
    inputs.hold('task-1', 'a', ACCEPT);
    inputs.syncTask(TASK, { a: FORM, b: FORM }, [], 2, 'cancel-task');
    expect(inputs.get('task-1', 'a')?.held).toBe(true);
    expect(inputs.heldAnswers('task-1')).toEqual({ a: ACCEPT });
  });

  it('drops the held answer when the server withdraws the question, or the input is removed', () => {
    const { inputs } = registry();
    inputs.hold('task-1', 'a', ACCEPT);
    inputs.syncTask(TASK, { b: FORM }, [], 2, 'cancel-task');
    expect(inputs.heldAnswers('task-1')).toEqual({});
    // Asked again under the same key: a fresh, answerable question, not the old held answer.
    inputs.syncTask(TASK, { a: FORM, b: FORM }, [], 3, 'cancel-task');
    expect(inputs.get('task-1', 'a')?.held).toBeUndefined();
    inputs.hold('task-1', 'b', ACCEPT);
    inputs.remove('task-1', 'b');
    inputs.clearTask('task-1');
    expect(inputs.heldAnswers('task-1')).toEqual({});
  });

  it('restores inputs whose send failed as answerable, without touching ones pending again', () => {
    const { inputs } = registry();
    inputs.hold('task-1', 'a', ACCEPT);
    const sent = inputs.ofTask('task-1');
    inputs.remove('task-1', 'a');
    inputs.remove('task-1', 'b');
    inputs.syncTask(TASK, { b: FORM }, [], 5, 'cancel-task');
    inputs.restore(sent);
    expect(inputs.get('task-1', 'a')).toMatchObject({ key: 'a', receivedAt: 1 });
    expect(inputs.get('task-1', 'a')?.held).toBeUndefined();
    expect(inputs.get('task-1', 'b')?.receivedAt).toBe(5);
    expect(inputs.heldAnswers('task-1')).toEqual({});
  });
});
