import { describe, expect, it } from 'vitest';
import type { TaskSnapshot } from '../../shared/task-model.js';
import { explainStatus } from '../../shared/messages/status-messages.js';
import { classifyTask, isTaskActive, type ClassifiableTask, type TaskStatusKind } from '../../shared/task-status.js';

const makeSnapshot = (overrides: Partial<TaskSnapshot> = {}): TaskSnapshot => ({ serverTaskId: 'srv-task-1', status: 'working', ...overrides });

const task = (overrides: Partial<ClassifiableTask>): ClassifiableTask => ({ phase: 'task', snapshot: makeSnapshot(), ...overrides });

describe('classifyTask', () => {
  const cases: [string, ClassifiableTask, TaskStatusKind, boolean][] = [
    // name, task, kind, active
    ['a call not yet answered', task({ phase: 'calling', snapshot: undefined }), 'starting', true],
    ['a task without a snapshot yet', task({ snapshot: undefined }), 'working', true],
    ['working', task({}), 'working', true],
    ['input required', task({ snapshot: makeSnapshot({ status: 'input_required' }) }), 'input-required', true],
    ['completed', task({ snapshot: makeSnapshot({ status: 'completed' }) }), 'completed', false],
    ['failed', task({ snapshot: makeSnapshot({ status: 'failed' }) }), 'failed', false],
    ['cancelled by the server', task({ snapshot: makeSnapshot({ status: 'cancelled' }), endReason: 'server-cancelled' }), 'cancelled', false],
    ['cancel requested, still working', task({ cancelRequestedAt: 1 }), 'cancel-requested', true],
    ['cancel requested while waiting for input', task({ cancelRequestedAt: 1, snapshot: makeSnapshot({ status: 'input_required' }) }), 'cancel-requested', true],
    ['cancel requested but the server completed it', task({ cancelRequestedAt: 1, snapshot: makeSnapshot({ status: 'completed' }) }), 'completed', false],
    ['cancel confirmed', task({ cancelRequestedAt: 1, snapshot: makeSnapshot({ status: 'cancelled' }), endReason: 'user-cancelled' }), 'cancelled', false],
    ['outcome unknown after a crash mid-call', task({ phase: 'outcome-unknown', snapshot: undefined }), 'outcome-unknown', false],
    ['lost: the server forgot it', task({ endReason: 'lost' }), 'lost', false],
    ['expired: its TTL ran out', task({ endReason: 'expired' }), 'expired', false],
    ['a call abandoned because the user declined its request (MRTR)', task({ phase: 'calling', snapshot: undefined, endReason: 'input-declined' }), 'failed', false],
    ['a call answered directly (at once or after the user\'s input)', task({ phase: 'calling', snapshot: undefined, endReason: 'answered' }), 'completed', false],
    ['a call answered directly with isError: true is never a success', task({ phase: 'calling', snapshot: undefined, endReason: 'answered-with-error' }), 'completed-with-error', false],
    ['a call answered directly whose stored result says isError', task({ phase: 'calling', snapshot: undefined, endReason: 'answered', resultIsError: true }), 'completed-with-error', false],
    ['a task completed with an isError result is never a success', task({ snapshot: makeSnapshot({ status: 'completed' }), resultIsError: true }), 'completed-with-error', false],
    ['a task the server failed keeps its word, tool error or not', task({ snapshot: makeSnapshot({ status: 'failed' }), resultIsError: true }), 'failed', false],
    ['cancel requested but the server completed it with a tool error', task({ cancelRequestedAt: 1, snapshot: makeSnapshot({ status: 'completed' }), resultIsError: true }), 'completed-with-error', false],
    ['lost outranks a tool error seen before', task({ endReason: 'lost', snapshot: makeSnapshot({ status: 'completed' }), resultIsError: true }), 'lost', false],
    ['a call refused (at once or after the user\'s input)', task({ phase: 'calling', snapshot: undefined, endReason: 'refused' }), 'failed', false],
    ['a plain call the app stopped in the middle of', task({ phase: 'calling', snapshot: undefined, endReason: 'interrupted' }), 'interrupted', false],
    ['a call the user cancelled on the wire', task({ phase: 'calling', snapshot: undefined, endReason: 'user-cancelled', cancelRequestedAt: 1 }), 'cancelled', false],
    ['lost outranks the last status seen', task({ endReason: 'lost', snapshot: makeSnapshot({ status: 'input_required' }) }), 'lost', false],
  ];
  it.each(cases)('%s', (_name, input, kind, active) => {
    expect(classifyTask(input)).toBe(kind);
    expect(isTaskActive(input)).toBe(active);
  });
});

describe('classifyTask with the fact that the server waits for the user\'s input', () => {
  it.each<[string, ClassifiableTask, TaskStatusKind]>([
    ['a call that asks first (MRTR) waits for the answer, not starting', task({ phase: 'calling', snapshot: undefined }), 'input-required'],
    ['a task says its own status', task({}), 'working'],
    ['a cancel requested outranks the question', task({ phase: 'calling', snapshot: undefined, cancelRequestedAt: 1 }), 'cancel-requested'],
    ['an ended call stays what it ended as', task({ phase: 'calling', snapshot: undefined, endReason: 'input-declined' }), 'failed'],
  ])('%s', (_name, input, kind) => {
    expect(classifyTask(input, { waitsForInput: true })).toBe(kind);
  });

  it('a call waiting for input is explained as such, never as not answered yet', () => {
    const call = task({ phase: 'calling', snapshot: undefined });
    expect(explainStatus(call, { waitsForInput: true })).toBe('The server asked for your input before it runs this call; it waits for your answer.');
    expect(explainStatus(call, { waitsForInput: false })).toBe('The call was sent; the server has not answered yet.');
  });
});

describe('explainStatus', () => {
  it.each([
    [task({ endReason: 'user-cancelled', snapshot: makeSnapshot({ status: 'cancelled' }) }), /at your request/],
    [task({ endReason: 'server-cancelled', snapshot: makeSnapshot({ status: 'cancelled' }) }), /by the server/],
    [task({ endReason: 'expired' }), /time to live/],
    [task({ endReason: 'lost' }), /no longer knows/],
    [task({ phase: 'outcome-unknown' }), /not sent again/],
    [task({ phase: 'calling', snapshot: undefined, endReason: 'input-declined' }), /You declined .* abandoned and not sent again/],
    [task({ phase: 'calling', snapshot: undefined, endReason: 'answered' }), /answered this call directly, without creating a task\.$/],
    [task({ phase: 'calling', snapshot: undefined, endReason: 'answered-with-error' }), /with a tool error/],
    [task({ phase: 'calling', snapshot: undefined, endReason: 'refused' }), /refused this call \(see the error\)/],
    [task({ phase: 'calling', snapshot: undefined, endReason: 'interrupted' }), /^Interrupted — the server's answer could not be received.*not sent again\.$/],
    [task({ phase: 'calling', snapshot: undefined, endReason: 'user-cancelled', cancelRequestedAt: 1 }), /cancelled this call before the server answered/],
    [task({ cancelRequestedAt: 1 }), /cooperative/],
  ])('explains %#', (input, pattern) => {
    expect(explainStatus(input)).toMatch(pattern);
  });

  it('says nothing for a plain working or completed task', () => {
    expect(explainStatus(task({}))).toBeUndefined();
    expect(explainStatus(task({ snapshot: makeSnapshot({ status: 'completed' }) }))).toBeUndefined();
  });
});
