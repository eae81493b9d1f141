import { describe, expect, it } from 'vitest';
import { isTaskSummaryArray, isTaskSummaryShaped } from '../../../renderer/bridge/summary-shape';
import { TaskSummarySchema } from '../../../shared/ipc/contract';
import { makeSnapshot, makeTask } from '../factories';

const valid = JSON.parse(JSON.stringify(makeTask({ snapshot: makeSnapshot({ statusMessage: 'Halfway', ttlMs: null }) }))) as Record<string, unknown>;
const without = (key: string): Record<string, unknown> => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key));

describe('isTaskSummaryShaped', () => {
  it.each<[string, unknown, boolean]>([
    ['a full summary', valid, true],
    ['a minimal summary (no optional fields)', without('snapshot'), true],
    ['with every optional field', { ...valid, taskId: 't', observedAt: 1, endReason: 'lost', cancelRequestedAt: 2, lastError: 'x', callError: { code: -1, message: 'm', data: {} } }, true],
    ['with an unlimited ttl', { ...valid, snapshot: { ...(valid.snapshot as object), ttlMs: null } }, true],
    ['null', null, false],
    ['an array', [valid], false],
    ['a string', 'task', false],
    ['no id', without('id'), false],
    ['a numeric id', { ...valid, id: 42 }, false],
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
    ['snapshot without status', { ...valid, snapshot: { taskId: 't' } }, false],
    ['an object as statusMessage', { ...valid, snapshot: { ...(valid.snapshot as object), statusMessage: { a: 1 } } }, false],
    ['ttlMs as a string', { ...valid, snapshot: { ...(valid.snapshot as object), ttlMs: '5' } }, false],
    ['taskId as a number', { ...valid, taskId: 5 }, false],
    ['endReason as a number', { ...valid, endReason: 1 }, false],
    ['cancelRequestedAt as a string', { ...valid, cancelRequestedAt: 'now' }, false],
    ['lastError as an object', { ...valid, lastError: {} }, false],
    ['callError as a string', { ...valid, callError: 'refused' }, false],
    ['callError with an object as message', { ...valid, callError: { code: -1, message: { text: 'x' } } }, false],
    ['callError without a code', { ...valid, callError: { message: 'x' } }, false],
  ])('%s → %s', (_name, value, expected) => {
    expect(isTaskSummaryShaped(value)).toBe(expected);
  });

  it('accepts whatever the contract accepts from the factories', () => {
    for (const task of [valid, without('snapshot')]) {
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
