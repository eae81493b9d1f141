/** How a call or task ended, for scripts: one exit code per outcome, from the app's own state rule. */
import { describe, expect, it } from 'vitest';
import type { ToolResult, TrackedCall, TrackedServerTask, TrackedTask } from '../../../../shared/task-model.js';
import { EXIT_CODES, outcomeOfTask, type Outcome } from '../../../../electron/cli/terminal-client/exit-codes.js';

const base: TrackedServerTask = {
  localId: 'local-1',
  serverId: 'demo',
  form: 'extension',
  phase: 'task',
  serverTaskId: 'srv-1',
  toolName: 'build',
  arguments: {},
  createdAt: 1,
  updatedAt: 2,
  hasResult: false,
  timeline: [],
  answeredInputKeys: [],
};
const task = (overrides: Partial<TrackedServerTask>): TrackedServerTask => ({ ...base, ...overrides });
const call = (overrides: Partial<TrackedCall>): TrackedCall => {
  const { phase: _phase, serverTaskId: _id, observedAt: _observed, snapshot: _snapshot, legacy: _legacy, ...fields } = base;
  return { ...fields, phase: 'calling', ...overrides };
};
const snapshot = (status: NonNullable<TrackedTask['snapshot']>['status']): TrackedTask['snapshot'] => ({ serverTaskId: 'srv-1', status });
const toolError: ToolResult = { content: [{ type: 'text', text: 'no' }], isError: true };

describe('outcomeOfTask', () => {
  it.each<[string, TrackedTask, ToolResult | undefined, Outcome]>([
    ['completed', task({ snapshot: snapshot('completed'), hasResult: true }), { content: [] }, 'completed'],
    ['completed with a tool error result', task({ snapshot: snapshot('completed'), hasResult: true, resultIsError: true }), toolError, 'failed'],
    ['completed with a tool error the engine noted (result not read)', task({ snapshot: snapshot('completed'), hasResult: true, resultIsError: true }), undefined, 'failed'],
    ['completed, saved before tool errors were noted: its result says isError', task({ snapshot: snapshot('completed'), hasResult: true }), toolError, 'failed'],
    ['failed', task({ snapshot: snapshot('failed') }), undefined, 'failed'],
    ['cancelled at the user\'s request', task({ snapshot: snapshot('cancelled'), endReason: 'user-cancelled' }), undefined, 'cancelled'],
    ['cancelled by the server', task({ snapshot: snapshot('cancelled'), endReason: 'server-cancelled' }), undefined, 'cancelled'],
    ['expired', task({ snapshot: snapshot('working'), endReason: 'expired' }), undefined, 'lost'],
    ['lost', task({ snapshot: snapshot('working'), endReason: 'lost' }), undefined, 'lost'],
    ['outcome unknown', call({ phase: 'outcome-unknown' }), undefined, 'lost'],
    ['a plain call interrupted by a stop', call({ phase: 'calling', plain: true, endReason: 'interrupted' }), undefined, 'lost'],
    ['a call answered at once', call({ phase: 'calling', plain: true, endReason: 'answered', hasResult: true }), { content: [] }, 'completed'],
    ['a call answered at once with a tool error', call({ phase: 'calling', plain: true, endReason: 'answered-with-error', hasResult: true }), toolError, 'failed'],
    ['a call the user cancelled on the wire', call({ phase: 'calling', endReason: 'user-cancelled', cancelRequestedAt: 3 }), undefined, 'cancelled'],
    ['an MRTR call answered after input', call({ phase: 'calling', endReason: 'answered', hasResult: true }), { content: [] }, 'completed'],
    ['an MRTR call answered with a tool error', call({ phase: 'calling', endReason: 'answered-with-error', hasResult: true }), toolError, 'failed'],
    ['an MRTR call refused after input', call({ phase: 'calling', endReason: 'refused' }), undefined, 'refused'],
    ['an MRTR call whose question was declined', call({ phase: 'calling', endReason: 'input-declined' }), undefined, 'failed'],
    ['working', task({ snapshot: snapshot('working') }), undefined, 'not-finished'],
    ['waiting for input', task({ snapshot: snapshot('input_required') }), undefined, 'not-finished'],
    ['cancel requested, not confirmed', task({ snapshot: snapshot('working'), cancelRequestedAt: 3 }), undefined, 'not-finished'],
    ['a call not answered yet', call({ phase: 'calling' }), undefined, 'not-finished'],
  ])('%s', (_case, tracked, result, outcome) => {
    expect(outcomeOfTask(tracked, result)).toBe(outcome);
  });

  it('gives every outcome its own exit code, 0 only for completed', () => {
    const codes = Object.values(EXIT_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    expect(EXIT_CODES.completed).toBe(0);
  });
});
