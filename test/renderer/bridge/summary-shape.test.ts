import { describe, expect, it } from 'vitest';
import { isTaskSummaryArray, isTasksUpdatedShaped } from '../../../renderer/bridge/summary-shape';
import { isTaskDetailChangeShaped, isTaskSummaryShaped } from '../../../shared/task-shape';
import { SummarySnapshotSchema, TaskDetailChangeSchema, TaskSummarySchema } from '../../../shared/ipc/contract';
import { JsonRpcErrorSchema, TaskProgressSchema, TimelineEntrySchema } from '../../../shared/task-model';
import { makeCall, makeSnapshot, makeTask } from '../factories';
import { changed, disagreements, keysOf, PROBES, schemaKeys, verdicts } from './shape-agreement';

const valid = JSON.parse(JSON.stringify(makeTask({ snapshot: summarySnapshot({ statusMessage: 'Halfway', ttlMs: null }) }))) as Record<string, unknown>;
/** A snapshot as a summary carries it: without the server's task id (the task has it). */
function summarySnapshot(overrides: Parameters<typeof makeSnapshot>[0]) {
  const { serverTaskId: _onTheTask, ...snapshot } = makeSnapshot(overrides);
  return snapshot;
}
const without = (key: string): Record<string, unknown> => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key));
const call = JSON.parse(JSON.stringify(makeCall())) as Record<string, unknown>;

describe('isTaskSummaryShaped', () => {
  it.each<[string, unknown, boolean]>([
    ['a full summary', valid, true],
    ['a minimal summary (no optional fields)', without('snapshot'), true],
    ['with every optional field', { ...valid, serverTaskId: 't', observedAt: 1, endReason: 'lost', cancelRequestedAt: 2, lastProblem: { kind: 'poll-failed', detail: 'x' }, lastError: 'x', callError: { code: -1, message: 'm', data: {} } }, true],
    ['with an unlimited ttl', { ...valid, snapshot: { ...(valid.snapshot as object), ttlMs: null } }, true],
    // Extra fields are allowed (and kept), as zod allows them: a snapshot as a tracked task keeps it passes too.
    ['a snapshot with the server task id', { ...valid, snapshot: makeSnapshot() }, true],
    ['null', null, false],
    ['an array', [valid], false],
    ['a string', 'task', false],
    ['no localId', without('localId'), false],
    ['a numeric localId', { ...valid, localId: 42 }, false],
    ['no serverId', without('serverId'), false],
    ['an object as toolName', { ...valid, toolName: { text: 'x' } }, false],
    ['no argumentSummary', without('argumentSummary'), false],
    ['an object as argumentSummary', { ...valid, argumentSummary: { env: 'prod' } }, false],
    ['resultIsError true', { ...valid, resultIsError: true }, true],
    ['resultIsError as a string', { ...valid, resultIsError: 'yes' }, false],
    ['no phase', without('phase'), false],
    ['no form', without('form'), false],
    ['updatedAt as a string', { ...valid, updatedAt: '1' }, false],
    ['updatedAt NaN', { ...valid, updatedAt: Number.NaN }, false],
    ['no createdAt', without('createdAt'), false],
    ['hasResult as a string', { ...valid, hasResult: 'yes' }, false],
    ['snapshot null', { ...valid, snapshot: null }, false],
    ['snapshot without status', { ...valid, snapshot: { serverTaskId: 't' } }, false],
    ['an object as statusMessage', { ...valid, snapshot: { ...(valid.snapshot as object), statusMessage: { a: 1 } } }, false],
    ['ttlMs as a string', { ...valid, snapshot: { ...(valid.snapshot as object), ttlMs: '5' } }, false],
    ['serverTaskId as a number', { ...valid, serverTaskId: 5 }, false],
    ['endReason as a number', { ...valid, endReason: 1 }, false],
    ['cancelRequestedAt as a string', { ...valid, cancelRequestedAt: 'now' }, false],
    ['lastError as an object', { ...valid, lastError: {} }, false],
    ['lastProblem without a kind', { ...valid, lastProblem: { detail: 'x' } }, false],
    ['lastProblem as a sentence', { ...valid, lastProblem: 'x' }, false],
    ['callError as a string', { ...valid, callError: 'refused' }, false],
    ['callError with an object as message', { ...valid, callError: { code: -1, message: { text: 'x' } } }, false],
    ['callError without a code', { ...valid, callError: { message: 'x' } }, false],
    ['a task without its server task id', without('serverTaskId'), false],
    ['a task that says it is a plain call', { ...valid, plain: true }, false],
    ['a call', call, true],
    ['a plain call', { ...call, plain: true }, true],
    ['a call with a server task id', { ...call, serverTaskId: 't' }, false],
    ['a call with a snapshot', { ...call, snapshot: valid.snapshot }, false],
    ['a call with observedAt', { ...call, observedAt: 1 }, false],
    ['a call whose outcome is unknown', { ...call, phase: 'outcome-unknown' }, true],
  ])('%s → %s', (_name, value, expected) => {
    expect(isTaskSummaryShaped(value)).toBe(expected);
  });

  it('accepts whatever the contract accepts from the factories', () => {
    for (const task of [valid, without('snapshot'), call]) {
      expect(TaskSummarySchema.safeParse(task).success).toBe(true);
      expect(isTaskSummaryShaped(task)).toBe(true);
    }
  });
});

describe('isTaskSummaryArray', () => {
  it.each<[string, unknown, boolean]>([
    ['an empty array', [], true],
    ['summaries', [valid, valid], true],
    ['one bad entry', [valid, { id: 42 }], false],
    ['not an array', { 0: valid }, false],
    ['undefined', undefined, false],
  ])('%s → %s', (_name, value, expected) => {
    expect(isTaskSummaryArray(value)).toBe(expected);
  });
});

/** A server task's summary with every field the contract allows, nested ones included, as it arrives (parsed JSON). */
const full = JSON.parse(JSON.stringify(makeTask({
  progress: { progress: 3, total: 10, message: 'Step 3', at: 5 },
  resultIsError: true,
  endReason: 'refused',
  cancelRequestedAt: 7,
  lastProblem: { kind: 'poll-failed', detail: 'timeout' },
  lastError: 'timeout',
  callError: { code: -32_000, message: 'refused', data: { why: 'no' } },
  snapshot: summarySnapshot({
    statusMessage: 'Halfway',
    createdAt: '2026-01-01T00:00:00Z',
    lastUpdatedAt: '2026-01-01T00:01:00Z',
    ttlMs: 60_000,
    pollIntervalMs: 1_000,
    inputRequests: { ask: { method: 'elicitation/create', params: { message: 'Sure?' } } },
    error: { code: -1, message: 'broke', data: 1 },
  }),
}))) as Record<string, unknown>;

/** A call's summary with every field a call may have. */
const fullCall = JSON.parse(JSON.stringify(makeCall({
  plain: true,
  progress: { progress: 3, at: 5 },
  resultIsError: true,
  endReason: 'refused',
  cancelRequestedAt: 7,
  lastProblem: { kind: 'call-outcome-unknown', malformed: false, detail: 'timeout' },
  lastError: 'timeout',
  callError: { code: -32_000, message: 'refused', data: { why: 'no' } },
}))) as Record<string, unknown>;

const [callSummarySchema, taskSummarySchema] = TaskSummarySchema.options;
/** The fields only a server task has: a call's schema declares them only to refuse them. */
const SERVER_TASK_ONLY = ['observedAt', 'serverTaskId', 'snapshot'];

const sameVerdict = (value: unknown) => verdicts(TaskSummarySchema, isTaskSummaryShaped, value);

describe('isTaskSummaryShaped gives the verdict of TaskSummarySchema', () => {
  it('probes every field the contract declares (the full samples have them all)', () => {
    expect(keysOf(full)).toEqual(schemaKeys(taskSummarySchema).filter((key) => key !== 'plain'));
    expect(keysOf(fullCall)).toEqual(schemaKeys(callSummarySchema).filter((key) => !SERVER_TASK_ONLY.includes(key)));
    expect(keysOf(full.snapshot)).toEqual(schemaKeys(SummarySnapshotSchema));
    expect(keysOf(full.progress)).toEqual(schemaKeys(TaskProgressSchema));
    expect(keysOf(full.callError)).toEqual(schemaKeys(JsonRpcErrorSchema));
  });

  it('on the full summaries and on each of the smaller samples above', () => {
    expect(sameVerdict(full)).toEqual({ zod: true, hand: true });
    expect(sameVerdict(fullCall)).toEqual({ zod: true, hand: true });
    for (const value of [valid, without('snapshot'), call, null, [], 'task', {}]) {
      const verdict = sameVerdict(value);
      expect(verdict.hand, JSON.stringify(value)).toBe(verdict.zod);
    }
  });

  it('without each field, with each field of every kind of value, and with an extra field in each object', () => {
    expect(disagreements(TaskSummarySchema, isTaskSummaryShaped, full)).toEqual([]);
    expect(disagreements(TaskSummarySchema, isTaskSummaryShaped, fullCall)).toEqual([]);
  });

  it('refuses a field of the other phase, whatever its value', () => {
    for (const value of PROBES.filter((probe) => probe !== undefined)) {
      expect(sameVerdict({ ...full, plain: value }), `plain = ${JSON.stringify(value)}`).toEqual({ zod: false, hand: false });
      for (const key of SERVER_TASK_ONLY) expect(sameVerdict({ ...fullCall, [key]: value }), `${key} = ${JSON.stringify(value)}`).toEqual({ zod: false, hand: false });
    }
  });

  it('rejects wrong types, enum values and numbers the contract refuses (not only agrees)', () => {
    for (const [path, value] of [
      [['phase'], 'bogus'], [['form'], 'task'], [['endReason'], 'bogus'], [['plain'], false], [['progress', 'at'], '5'], [['createdAt'], Number.POSITIVE_INFINITY],
      [['snapshot', 'status'], 'done'], [['snapshot', 'inputRequests', 'ask', 'method'], 1], [['snapshot', 'inputRequests', 'ask', 'params'], []], [['callError', 'code'], 1.5],
    ] as const) {
      expect(sameVerdict(changed(full, path, { to: value })), path.join('.')).toEqual({ zod: false, hand: false });
    }
  });
});

/** A detail change with every field the contract allows, as it arrives. */
const change = { localId: 'local-1', timeline: { count: 7, entries: [{ at: 1, status: 'working', statusMessage: 'Halfway', fact: { kind: 'call-sent' }, note: 'Call sent' }] }, answeredInputKeys: ['ask'] };

describe('isTaskDetailChangeShaped gives the verdict of TaskDetailChangeSchema', () => {
  it('probes every field the contract declares', () => {
    expect(keysOf(change)).toEqual(schemaKeys(TaskDetailChangeSchema));
    expect(keysOf(change.timeline.entries[0])).toEqual(schemaKeys(TimelineEntrySchema));
  });

  it('without each field, with each field of every kind of value, and with an extra field in each object', () => {
    expect(disagreements(TaskDetailChangeSchema, isTaskDetailChangeShaped, change)).toEqual([]);
  });

  it('rejects counts the contract refuses', () => {
    for (const count of [-1, 1.5, Number.NaN, '7']) {
      expect(verdicts(TaskDetailChangeSchema, isTaskDetailChangeShaped, changed(change, ['timeline', 'count'], { to: count })), String(count)).toEqual({ zod: false, hand: false });
    }
  });
});

describe('isTasksUpdatedShaped', () => {
  it.each<[string, unknown, boolean]>([
    ['summaries', { tasks: [valid, full] }, true],
    ['summaries with detail changes', { tasks: [valid], details: [change] }, true],
    ['no detail changes', { tasks: [valid], details: [] }, true],
    ['a bad detail change', { tasks: [valid], details: [{ ...change, timeline: { count: 1 } }] }, false],
    ['detail changes not in an array', { tasks: [valid], details: change }, false],
    ['no summaries', { tasks: [] }, true],
    ['a bad summary', { tasks: [valid, { id: 42 }] }, false],
    ['no tasks', {}, false],
    ['an array', [valid], false],
    ['null', null, false],
  ])('%s → %s', (_name, value, expected) => {
    expect(isTasksUpdatedShaped(value)).toBe(expected);
  });
});
