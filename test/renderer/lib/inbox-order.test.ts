import { describe, expect, it } from 'vitest';
import { compareForList, inListOrder, isInListOrder, sortForList, taskGroup, type TaskGroup } from '../../../shared/inbox-order';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { makeCall, makeSnapshot, makeTask, type CallSummary, type ServerTaskSummary } from '../factories';

const ids = (tasks: readonly TaskSummary[]) => tasks.map((task) => task.localId);
const t = (id: string, updatedAt: number, overrides: Partial<ServerTaskSummary> = {}) => makeTask({ localId: id, updatedAt, ...overrides });
/** A call (no task yet) last changed at `updatedAt`. */
const c = (id: string, updatedAt: number, overrides: Partial<CallSummary> = {}) => makeCall({ localId: id, updatedAt, ...overrides });
/** A task started at `createdAt` and last changed at `updatedAt`. */
const st = (id: string, createdAt: number, updatedAt: number, overrides: Partial<ServerTaskSummary> = {}) => makeTask({ localId: id, createdAt, updatedAt, ...overrides });
const done = makeSnapshot({ status: 'completed' });
const asking = makeSnapshot({ status: 'input_required' });

describe('sortForList', () => {
  it('orders by group, then newest start while followed and newest change once finished, then by id', () => {
    const tasks = [
      st('run-old', 1, 90),
      st('done-early', 2, 10, { snapshot: done }),
      st('ask', 3, 5, { snapshot: asking }),
      st('run-new', 5, 6),
      st('done-late', 1, 50, { endReason: 'lost' }),
      st('run-tie-b', 4, 7),
      st('run-tie-a', 4, 8),
    ];
    expect(ids(sortForList(tasks))).toEqual(['ask', 'run-new', 'run-tie-a', 'run-tie-b', 'run-old', 'done-late', 'done-early']);
  });

  it('agrees with compareForList', () => {
    const tasks = [st('a', 3, 4), st('b', 9, 9, { snapshot: done }), st('c', 3, 3, { snapshot: asking }), st('d', 7, 8)];
    expect(sortForList(tasks)).toEqual([...tasks].sort(compareForList));
  });
});

describe('inListOrder', () => {
  it('keeps a list the host sent in order as it is', () => {
    const inOrder = sortForList([st('a', 30, 31), st('b', 20, 21), st('f', 5, 15, { snapshot: done })]);
    expect(inListOrder(inOrder)).toBe(inOrder);
  });

  it('sorts a list sent out of order', () => {
    expect(ids(inListOrder([st('f', 5, 15, { snapshot: done }), st('b', 20, 21), st('ask', 1, 1, { snapshot: asking }), st('a', 30, 31)]))).toEqual(['ask', 'a', 'b', 'f']);
  });
});

describe('isInListOrder', () => {
  const sorted = sortForList([st('run-old', 1, 90), st('done', 2, 10, { snapshot: done }), st('ask', 3, 5, { snapshot: asking }), st('run-new', 5, 6), st('tie-b', 4, 7), st('tie-a', 4, 8)]);

  it('holds for what sortForList returns, and for no list or one task', () => {
    expect(isInListOrder(sorted)).toBe(true);
    expect(isInListOrder([])).toBe(true);
    expect(isInListOrder([sorted[3]!])).toBe(true);
  });

  it.each([
    ['two neighbours swapped', (list: TaskSummary[]) => [list[1]!, list[0]!, ...list.slice(2)]],
    ['a finished task before a running one', (list: TaskSummary[]) => [...list.slice(0, 1), list.at(-1)!, ...list.slice(1, -1)]],
    ['ties by start out of id order', (list: TaskSummary[]) => list.map((task) => (task.localId === 'tie-a' ? list.find((other) => other.localId === 'tie-b')! : task.localId === 'tie-b' ? list.find((other) => other.localId === 'tie-a')! : task))],
    ['one task twice', (list: TaskSummary[]) => [list[0]!, list[0]!, ...list.slice(1)]],
  ])('fails for %s', (_name, disorder) => {
    expect(isInListOrder(disorder(sorted))).toBe(false);
  });

  it('agrees with sorting on random lists', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 200; round += 1) {
      const list = Array.from({ length: random(8) }, (_, i) => st(`t${i}`, random(5), random(5) + 5, random(3) === 0 ? { snapshot: done } : random(4) === 0 ? { snapshot: asking } : {}));
      expect(isInListOrder(list)).toBe(ids(sortForList(list)).join() === ids(list).join());
    }
  });
});

describe('taskGroup', () => {
  it.each<[string, TaskSummary, boolean, TaskGroup]>([
    ['working', t('a', 1), false, 'running'],
    ['a call not answered yet', c('a', 1), false, 'running'],
    ['input required', t('a', 1, { snapshot: makeSnapshot({ status: 'input_required' }) }), false, 'needs-you'],
    ['a call waiting for an answer to its question (MRTR)', c('a', 1), true, 'needs-you'],
    ['a working task with a question of its own waiting', t('a', 1), true, 'needs-you'],
    ['cancel requested while input required: the server decides next', t('a', 1, { cancelRequestedAt: 1, snapshot: makeSnapshot({ status: 'input_required' }) }), false, 'running'],
    ['completed', t('a', 1, { snapshot: makeSnapshot({ status: 'completed' }) }), false, 'finished'],
    ['completed with a tool error', t('a', 1, { snapshot: makeSnapshot({ status: 'completed' }), resultIsError: true }), false, 'finished'],
    ['failed', t('a', 1, { snapshot: makeSnapshot({ status: 'failed' }) }), false, 'finished'],
    ['lost, even with a question left over', t('a', 1, { endReason: 'lost' }), true, 'finished'],
    ['outcome unknown', c('a', 1, { phase: 'outcome-unknown' }), false, 'finished'],
  ])('%s', (_name, task, isWaiting, group) => {
    expect(taskGroup(task, isWaiting)).toBe(group);
  });
});

