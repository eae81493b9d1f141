// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { applyTaskUpdates, countWaitingForInput, filterTasks, removeTasks, sortByLastUpdate, type TaskFilter } from '../../../renderer/lib/task-list';
import { makeSnapshot, makeTask } from '../factories';

const ids = (tasks: readonly TaskSummary[]) => tasks.map((task) => task.id);
const t = (id: string, updatedAt: number, overrides: Partial<TaskSummary> = {}) => makeTask({ id, updatedAt, ...overrides });

describe('sortByLastUpdate', () => {
  it('puts the newest change first and breaks ties by id', () => {
    expect(ids(sortByLastUpdate([t('a', 1), t('c', 3), t('b', 3), t('d', 2)]))).toEqual(['b', 'c', 'd', 'a']);
  });
});

describe('applyTaskUpdates', () => {
  const list = [t('a', 30), t('b', 20), t('c', 10)];
  const cases: [string, TaskSummary[], string[]][] = [
    ['an update moves the task to the top', [t('c', 40)], ['c', 'a', 'b']],
    ['a new task is inserted by its time', [t('n', 25)], ['a', 'n', 'b', 'c']],
    ['an older update is ignored', [t('a', 5)], ['a', 'b', 'c']],
    ['several updates merge in order', [t('b', 50), t('n', 15), t('c', 45)], ['b', 'c', 'a', 'n']],
    ['the newest of duplicates in one batch wins', [t('c', 60, { toolName: 'new' }), t('c', 55, { toolName: 'old' })], ['c', 'a', 'b']],
  ];
  it.each(cases)('%s', (_name, updates, expected) => {
    const next = applyTaskUpdates(list, updates);
    expect(ids(next)).toEqual(expected);
    expect(next).toHaveLength(new Set(expected).size);
  });

  it('replaces the task object with the newer one', () => {
    const next = applyTaskUpdates(list, [t('b', 50, { snapshot: makeSnapshot({ statusMessage: 'Step 2/5' }) })]);
    expect(next[0]!.snapshot?.statusMessage).toBe('Step 2/5');
  });

  it('keeps the newest of duplicates in one batch whatever their order', () => {
    const next = applyTaskUpdates(list, [t('c', 55, { toolName: 'old' }), t('c', 60, { toolName: 'new' })]);
    expect(next.find((task) => task.id === 'c')!.toolName).toBe('new');
  });

  it('returns the same array when nothing changes', () => {
    expect(applyTaskUpdates(list, [])).toBe(list);
    expect(applyTaskUpdates(list, [t('a', 1)])).toBe(list);
  });

  it('applies an update with the same timestamp (a cancel mark, say)', () => {
    const next = applyTaskUpdates(list, [t('b', 20, { cancelRequestedAt: 5 })]);
    expect(next.find((task) => task.id === 'b')!.cancelRequestedAt).toBe(5);
  });
});

describe('removeTasks', () => {
  it('drops the ids and keeps the order', () => {
    expect(ids(removeTasks([t('a', 3), t('b', 2), t('c', 1)], ['b', 'zz']))).toEqual(['a', 'c']);
  });
  it('returns the same array when no id is there', () => {
    const list = [t('a', 1)];
    expect(removeTasks(list, ['x'])).toBe(list);
  });
});

describe('filterTasks', () => {
  const tasks = [
    t('w', 6, { toolName: 'build', serverId: 's1', snapshot: makeSnapshot({ statusMessage: 'Step 3/5: Linking' }) }),
    t('i', 5, { toolName: 'deploy', serverId: 's1', snapshot: makeSnapshot({ status: 'input_required' }) }),
    t('c', 4, { toolName: 'build', serverId: 's2', snapshot: makeSnapshot({ status: 'completed' }) }),
    t('f', 3, { toolName: 'flaky', serverId: 's2', snapshot: makeSnapshot({ status: 'failed', taskId: 'TASK-XYZ' }), taskId: 'TASK-XYZ' }),
    t('l', 2, { toolName: 'sleep', serverId: 's3', endReason: 'lost' }),
  ];
  const names = new Map([['s1', 'Alpha'], ['s2', 'Beta']]);
  const filter = (overrides: Partial<TaskFilter>): TaskFilter => ({ status: 'all', serverId: '', search: '', ...overrides });

  it.each<[string, Partial<TaskFilter>, string[]]>([
    ['no filter keeps everything', {}, ['w', 'i', 'c', 'f', 'l']],
    ['active', { status: 'active' }, ['w', 'i']],
    ['ended', { status: 'ended' }, ['c', 'f', 'l']],
    ['one status', { status: 'input-required' }, ['i']],
    ['lost', { status: 'lost' }, ['l']],
    ['server', { serverId: 's2' }, ['c', 'f']],
    ['search by tool', { search: 'BUILD' }, ['w', 'c']],
    ['search by server name', { search: 'beta' }, ['c', 'f']],
    ['search by server id when the server is gone', { search: 's3' }, ['l']],
    ['search by status message', { search: 'linking' }, ['w']],
    ['search by status label', { search: 'input required' }, ['i']],
    ['search by task id', { search: 'task-xyz' }, ['f']],
    ['whitespace-only search is no search', { search: '   ' }, ['w', 'i', 'c', 'f', 'l']],
    ['filters combine', { serverId: 's1', status: 'active', search: 'deploy' }, ['i']],
    ['nothing matches', { search: 'nope' }, []],
  ])('%s', (_name, overrides, expected) => {
    expect(ids(filterTasks(tasks, filter(overrides), names))).toEqual(expected);
  });
});

describe('countWaitingForInput', () => {
  it('counts tasks waiting for input, not those with a cancel requested', () => {
    const waiting = makeSnapshot({ status: 'input_required' });
    expect(countWaitingForInput([t('a', 1, { snapshot: waiting }), t('b', 2, { snapshot: waiting, cancelRequestedAt: 1 }), t('c', 3)])).toBe(1);
  });
});
