// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { applyTaskUpdates, filterTasks, groupTasks, removeTasks, sortByLastUpdate, taskGroup, taskListItems, taskServerIds, type TaskFilter, type TaskGroup } from '../../../renderer/lib/task-list';
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
    t('i', 5, { toolName: 'deploy', serverId: 's1', argumentSummary: 'service=api, env=prod', snapshot: makeSnapshot({ status: 'input_required' }) }),
    t('c', 4, { toolName: 'build', serverId: 's2', snapshot: makeSnapshot({ status: 'completed' }) }),
    t('f', 3, { toolName: 'flaky', serverId: 's2', snapshot: makeSnapshot({ status: 'failed', taskId: 'TASK-XYZ' }), taskId: 'TASK-XYZ' }),
    t('l', 2, { toolName: 'sleep', serverId: 's3', endReason: 'lost' }),
    t('e', 1, { toolName: 'lint', serverId: 's3', snapshot: makeSnapshot({ status: 'completed' }), hasResult: true, resultIsError: true }),
  ];
  const names = new Map([['s1', 'Alpha'], ['s2', 'Beta']]);
  const filter = (overrides: Partial<TaskFilter>): TaskFilter => ({ status: 'all', serverId: '', search: '', ...overrides });

  it.each<[string, Partial<TaskFilter>, string[]]>([
    ['no filter keeps everything', {}, ['w', 'i', 'c', 'f', 'l', 'e']],
    ['active', { status: 'active' }, ['w', 'i']],
    ['ended', { status: 'ended' }, ['c', 'f', 'l', 'e']],
    ['one status', { status: 'input-required' }, ['i']],
    ['lost', { status: 'lost' }, ['l']],
    ['server', { serverId: 's2' }, ['c', 'f']],
    ['search by tool', { search: 'BUILD' }, ['w', 'c']],
    ['search by server name', { search: 'beta' }, ['c', 'f']],
    ['search by server id when the server is gone', { search: 's3' }, ['l', 'e']],
    ['search by status message', { search: 'linking' }, ['w']],
    ['search by status label', { search: 'input required' }, ['i']],
    ['search by task id', { search: 'task-xyz' }, ['f']],
    ['search by an argument value', { search: 'env=prod' }, ['i']],
    ['one status: completed with a tool error', { status: 'completed-with-error' }, ['e']],
    ['search by the tool-error label', { search: 'tool error' }, ['e']],
    ['whitespace-only search is no search', { search: '   ' }, ['w', 'i', 'c', 'f', 'l', 'e']],
    ['filters combine', { serverId: 's1', status: 'active', search: 'deploy' }, ['i']],
    ['nothing matches', { search: 'nope' }, []],
  ])('%s', (_name, overrides, expected) => {
    expect(ids(filterTasks(tasks, filter(overrides), names))).toEqual(expected);
  });
});

describe('the index applyTaskUpdates keeps beside its lists', () => {
  const waiting = makeSnapshot({ status: 'input_required' });
  const working = makeSnapshot({ status: 'working' });
  const base = () => sortByLastUpdate([t('a', 30, { serverId: 's1' }), t('b', 20, { serverId: 's2', snapshot: waiting }), t('c', 10, { serverId: 's1' })]);
  // [name, batches applied one after the other, expected order, server ids]
  const cases: [string, TaskSummary[][], string[], string[]][] = [
    ['a new task on a new server', [[t('n', 40, { serverId: 's3' })]], ['n', 'a', 'b', 'c'], ['s1', 's2', 's3']],
    ['the waiting task starts working again', [[t('b', 40, { serverId: 's2', snapshot: working })]], ['b', 'a', 'c'], ['s1', 's2']],
    ['a task starts waiting for input', [[t('c', 40, { serverId: 's1', snapshot: waiting })]], ['c', 'a', 'b'], ['s1', 's2']],
    ['the last task of a server moves to another one', [[t('b', 40, { serverId: 's1', snapshot: waiting })]], ['b', 'a', 'c'], ['s1']],
    ['an older update changes no count', [[t('b', 5, { serverId: 's9', snapshot: working })]], ['a', 'b', 'c'], ['s1', 's2']],
    [
      'several batches in a row',
      [[t('c', 40, { serverId: 's1' }), t('n', 35, { serverId: 's3', snapshot: waiting })], [t('a', 50, { serverId: 's1' }), t('n', 60, { serverId: 's3', snapshot: working })], [t('b', 45, { serverId: 's2' })]],
      ['n', 'a', 'b', 'c'],
      ['s1', 's2', 's3'],
    ],
    ['updates to the same timestamp keep ties in id order', [[t('c', 30, { serverId: 's1' })], [t('b', 30, { serverId: 's2', snapshot: waiting })]], ['a', 'b', 'c'], ['s1', 's2']],
  ];
  it.each(cases)('%s', (_name, batches, expectedOrder, expectedServers) => {
    let list: readonly TaskSummary[] = base();
    for (const batch of batches) list = applyTaskUpdates(list, batch);
    expect(ids(list)).toEqual(expectedOrder);
    // The kept server ids agree with counting the list from scratch (a copy has no index).
    expect(taskServerIds(list)).toEqual(expectedServers);
    expect(taskServerIds([...list])).toEqual(expectedServers);
  });

  it('matches a full sort after many random batches', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    let list: readonly TaskSummary[] = sortByLastUpdate(Array.from({ length: 200 }, (_, i) => t(`t${i}`, random(1000), { serverId: `s${random(5)}` })));
    const latest = new Map(list.map((task) => [task.id, task]));
    for (let round = 0; round < 50; round += 1) {
      const batch = Array.from({ length: 1 + random(20) }, () => t(`t${random(250)}`, random(1200), { serverId: `s${random(6)}`, snapshot: random(3) === 0 ? waiting : working }));
      for (const task of batch) {
        const seen = latest.get(task.id);
        if (seen === undefined || task.updatedAt >= seen.updatedAt) latest.set(task.id, task);
      }
      list = applyTaskUpdates(list, batch);
      const expected = sortByLastUpdate([...latest.values()]);
      expect(list).toEqual(expected);
      expect(taskServerIds(list)).toEqual(taskServerIds(expected));
    }
  });

  it('leaves the list it was given alone, and can merge into it again', () => {
    const list = base();
    const first = applyTaskUpdates(list, [t('c', 40, { serverId: 's4' })]);
    expect(ids(list)).toEqual(['a', 'b', 'c']);
    const again = applyTaskUpdates(list, [t('a', 45, { serverId: 's1', snapshot: waiting })]);
    expect(ids(again)).toEqual(['a', 'b', 'c']);
    expect(taskServerIds(again)).toEqual(['s1', 's2']);
    expect(taskServerIds(first)).toEqual(['s1', 's2', 's4']);
  });

  it('keeps the server ids array while the set of servers stays the same', () => {
    const first = applyTaskUpdates(base(), [t('a', 40, { serverId: 's1' })]);
    const firstIds = taskServerIds(first);
    const second = applyTaskUpdates(first, [t('c', 50, { serverId: 's1' })]);
    expect(taskServerIds(second)).toBe(firstIds);
    expect(taskServerIds(applyTaskUpdates(second, [t('n', 60, { serverId: 's3' })]))).not.toBe(taskServerIds(second));
  });
});

describe('taskGroup', () => {
  it.each<[string, TaskSummary, boolean, TaskGroup]>([
    ['working', t('a', 1), false, 'running'],
    ['a call not answered yet', t('a', 1, { phase: 'calling', snapshot: undefined, taskId: undefined }), false, 'running'],
    ['input required', t('a', 1, { snapshot: makeSnapshot({ status: 'input_required' }) }), false, 'needs-you'],
    ['a call waiting for an answer to its question (MRTR)', t('a', 1, { phase: 'calling', snapshot: undefined, taskId: undefined }), true, 'needs-you'],
    ['a working task with a question of its own waiting', t('a', 1), true, 'needs-you'],
    ['cancel requested while input required: the server decides next', t('a', 1, { cancelRequestedAt: 1, snapshot: makeSnapshot({ status: 'input_required' }) }), false, 'running'],
    ['completed', t('a', 1, { snapshot: makeSnapshot({ status: 'completed' }) }), false, 'finished'],
    ['completed with a tool error', t('a', 1, { snapshot: makeSnapshot({ status: 'completed' }), resultIsError: true }), false, 'finished'],
    ['failed', t('a', 1, { snapshot: makeSnapshot({ status: 'failed' }) }), false, 'finished'],
    ['lost, even with a question left over', t('a', 1, { endReason: 'lost' }), true, 'finished'],
    ['outcome unknown', t('a', 1, { phase: 'outcome-unknown', snapshot: undefined }), false, 'finished'],
  ])('%s', (_name, task, isWaiting, group) => {
    expect(taskGroup(task, isWaiting)).toBe(group);
  });
});

describe('groupTasks and taskListItems', () => {
  const sorted = [
    t('done-new', 9, { snapshot: makeSnapshot({ status: 'completed' }) }),
    t('run-new', 8),
    t('ask', 7, { snapshot: makeSnapshot({ status: 'input_required' }) }),
    t('mrtr', 6, { phase: 'calling', snapshot: undefined, taskId: undefined }),
    t('done-old', 5, { endReason: 'expired' }),
    t('run-old', 4),
  ];

  it('groups in the order Needs you, Running, Finished, each newest change first', () => {
    expect(groupTasks(sorted, new Set(['mrtr'])).map(({ group, tasks }) => [group, ids(tasks)])).toEqual([
      ['needs-you', ['ask', 'mrtr']],
      ['running', ['run-new', 'run-old']],
      ['finished', ['done-new', 'done-old']],
    ]);
  });

  it('leaves empty groups out', () => {
    expect(groupTasks([t('a', 1)]).map(({ group }) => group)).toEqual(['running']);
    expect(groupTasks([])).toEqual([]);
  });

  it('makes a header with its count before each group, and hides the tasks of a collapsed group', () => {
    const items = taskListItems(groupTasks(sorted), new Set<TaskGroup>(['finished']));
    expect(items.map((item) => (item.kind === 'header' ? `# ${item.group} ${item.count}${item.isCollapsed ? ' collapsed' : ''}` : item.task.id))).toEqual([
      '# needs-you 1',
      'ask',
      '# running 3',
      'run-new',
      'mrtr',
      'run-old',
      '# finished 2 collapsed',
    ]);
  });
});
