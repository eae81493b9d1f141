// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { applyTaskUpdates, filterTasks, findTask, removeTasks, taskListItemKey, taskListItems, taskServerIds, type TaskFilter } from '../../../renderer/lib/task-list';
import { groupHeads, groupTasks, waitingTasks } from '../../../shared/inbox-groups';
import { sortForList, taskGroup, type TaskGroup } from '../../../shared/inbox-order';
import { makeCall, makeSnapshot, makeTask, type ServerTaskSummary } from '../factories';

const ids = (tasks: readonly TaskSummary[]) => tasks.map((task) => task.localId);
const t = (id: string, updatedAt: number, overrides: Partial<ServerTaskSummary> = {}) => makeTask({ localId: id, updatedAt, ...overrides });

/** A task started at `createdAt` and last changed at `updatedAt`. */
const st = (id: string, createdAt: number, updatedAt: number, overrides: Partial<ServerTaskSummary> = {}) => makeTask({ localId: id, createdAt, updatedAt, ...overrides });
const done = makeSnapshot({ status: 'completed' });
const asking = makeSnapshot({ status: 'input_required' });

describe('applyTaskUpdates', () => {
  // Running a (started 30), b (20), c (10); finished f (ended 15).
  const list = sortForList([st('a', 30, 31), st('b', 20, 21), st('c', 10, 11), st('f', 5, 15, { snapshot: done })]);
  const cases: [string, TaskSummary[], string[]][] = [
    ['a status message leaves the task where it is', [st('c', 10, 40, { snapshot: makeSnapshot({ statusMessage: 'Step 2' }) })], ['a', 'b', 'c', 'f']],
    ['a new task is placed by its start', [st('n', 25, 25)], ['a', 'n', 'b', 'c', 'f']],
    ['a task that ends moves to the finished, newest end first', [st('b', 20, 40, { snapshot: done })], ['a', 'c', 'b', 'f']],
    ['a task that asks for input moves to the top group', [st('c', 10, 40, { snapshot: asking })], ['c', 'a', 'b', 'f']],
    ['an older update is ignored', [st('a', 30, 5, { snapshot: done })], ['a', 'b', 'c', 'f']],
    ['several updates merge in order', [st('b', 20, 50, { snapshot: done }), st('n', 15, 15), st('c', 10, 45)], ['a', 'n', 'c', 'b', 'f']],
    ['the newest of duplicates in one batch wins', [st('c', 10, 60, { toolName: 'new', snapshot: done }), st('c', 10, 55, { toolName: 'old' })], ['a', 'b', 'c', 'f']],
  ];
  it.each(cases)('%s', (_name, updates, expected) => {
    const next = applyTaskUpdates(list, updates);
    expect(ids(next)).toEqual(expected);
    expect(next).toHaveLength(new Set(expected).size);
  });

  it('puts the newer object in the place of the old one when the order does not change', () => {
    const update = st('b', 20, 50, { snapshot: makeSnapshot({ statusMessage: 'Step 2/5' }) });
    const next = applyTaskUpdates(list, [update]);
    expect(next[1]).toBe(update);
    expect(next[0]).toBe(list[0]);
  });

  it('keeps the newest of duplicates in one batch whatever their order', () => {
    const next = applyTaskUpdates(list, [st('c', 10, 55, { toolName: 'old' }), st('c', 10, 60, { toolName: 'new' })]);
    expect(next.find((task) => task.localId === 'c')!.toolName).toBe('new');
  });

  it('returns the same array when nothing changes', () => {
    expect(applyTaskUpdates(list, [])).toBe(list);
    expect(applyTaskUpdates(list, [st('a', 30, 1)])).toBe(list);
  });

  it('applies an update with the same timestamp (a cancel mark, say)', () => {
    const next = applyTaskUpdates(list, [st('b', 20, 21, { cancelRequestedAt: 5 })]);
    expect(next.find((task) => task.localId === 'b')!.cancelRequestedAt).toBe(5);
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
    t('f', 3, { toolName: 'flaky', serverId: 's2', snapshot: makeSnapshot({ status: 'failed', serverTaskId: 'TASK-XYZ' }), serverTaskId: 'TASK-XYZ' }),
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
  const base = () => sortForList([st('a', 30, 30, { serverId: 's1' }), st('b', 20, 20, { serverId: 's2', snapshot: waiting }), st('c', 10, 10, { serverId: 's1' })]);
  // [name, batches applied one after the other, expected order, server ids]
  const cases: [string, TaskSummary[][], string[], string[]][] = [
    ['a new task on a new server', [[st('n', 40, 40, { serverId: 's3' })]], ['b', 'n', 'a', 'c'], ['s1', 's2', 's3']],
    ['the waiting task starts working again', [[st('b', 20, 40, { serverId: 's2', snapshot: working })]], ['a', 'b', 'c'], ['s1', 's2']],
    ['a task starts waiting for input', [[st('c', 10, 40, { serverId: 's1', snapshot: waiting })]], ['b', 'c', 'a'], ['s1', 's2']],
    ['the last task of a server moves to another one', [[st('b', 20, 40, { serverId: 's1', snapshot: waiting })]], ['b', 'a', 'c'], ['s1']],
    ['an older update changes no count', [[st('b', 20, 5, { serverId: 's9', snapshot: working })]], ['b', 'a', 'c'], ['s1', 's2']],
    [
      'several batches in a row',
      [
        [st('c', 10, 40, { serverId: 's1' }), st('n', 35, 35, { serverId: 's3', snapshot: waiting })],
        [st('a', 30, 50, { serverId: 's1' }), st('n', 35, 60, { serverId: 's3', snapshot: working })],
        [st('b', 20, 45, { serverId: 's2' })],
      ],
      ['n', 'a', 'b', 'c'],
      ['s1', 's2', 's3'],
    ],
    ['tasks started at the same time keep id order', [[st('n', 30, 31, { serverId: 's1' })]], ['b', 'a', 'n', 'c'], ['s1', 's2']],
  ];
  it.each(cases)('%s', (_name, batches, expectedOrder, expectedServers) => {
    let list: readonly TaskSummary[] = base();
    for (const batch of batches) list = applyTaskUpdates(list, batch);
    expect(ids(list)).toEqual(expectedOrder);
    // The kept server ids agree with counting the list from scratch (a copy has no index).
    expect(taskServerIds(list)).toEqual(expectedServers);
    expect(taskServerIds([...list])).toEqual(expectedServers);
    // Found by id through the kept index as by a scan of the list, and in a copy (no index) too.
    for (const task of list) {
      expect(findTask(list, task.localId)).toBe(task);
      expect(findTask([...list], task.localId)).toBe(task);
    }
    expect(findTask(list, 'no-such-task')).toBeUndefined();
  });

  it('matches a full sort after many random batches', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const snapshots = [waiting, working, working, makeSnapshot({ status: 'completed' })];
    // A task keeps its start across updates, as on the wire; ties in start and end are common.
    const startOf = new Map<string, number>();
    const task = (id: string, updatedAt: number) => {
      if (!startOf.has(id)) startOf.set(id, random(100));
      return st(id, startOf.get(id)!, updatedAt, { serverId: `s${random(6)}`, snapshot: snapshots[random(snapshots.length)]! });
    };
    let list: readonly TaskSummary[] = sortForList(Array.from({ length: 200 }, (_, i) => task(`t${i}`, random(1000))));
    const latest = new Map(list.map((item) => [item.localId, item]));
    for (let round = 0; round < 50; round += 1) {
      const batch = Array.from({ length: 1 + random(20) }, () => task(`t${random(250)}`, random(1200)));
      for (const item of batch) {
        const seen = latest.get(item.localId);
        if (seen === undefined || item.updatedAt >= seen.updatedAt) latest.set(item.localId, item);
      }
      list = applyTaskUpdates(list, batch);
      const expected = sortForList([...latest.values()]);
      expect(list).toEqual(expected);
      expect(taskServerIds(list)).toEqual(taskServerIds(expected));
    }
  });

  it('leaves the list it was given alone, and can merge into it again', () => {
    const list = base();
    const first = applyTaskUpdates(list, [st('c', 10, 40, { serverId: 's4' })]);
    expect(ids(list)).toEqual(['b', 'a', 'c']);
    const again = applyTaskUpdates(list, [st('a', 30, 45, { serverId: 's1', snapshot: waiting })]);
    expect(ids(again)).toEqual(['a', 'b', 'c']);
    expect(taskServerIds(again)).toEqual(['s1', 's2']);
    expect(taskServerIds(first)).toEqual(['s1', 's2', 's4']);
  });

  it('keeps the server ids array while the set of servers stays the same', () => {
    const first = applyTaskUpdates(base(), [st('a', 30, 40, { serverId: 's1' })]);
    const firstIds = taskServerIds(first);
    const second = applyTaskUpdates(first, [st('c', 10, 50, { serverId: 's1' })]);
    expect(taskServerIds(second)).toBe(firstIds);
    expect(taskServerIds(applyTaskUpdates(second, [st('n', 60, 60, { serverId: 's3' })]))).not.toBe(taskServerIds(second));
  });
});

const sorted = sortForList([
  st('done-new', 1, 9, { snapshot: done }),
  st('run-new', 8, 8),
  st('ask', 7, 7, { snapshot: asking }),
  makeCall({ localId: 'mrtr', createdAt: 6, updatedAt: 6 }),
  st('done-old', 2, 5, { endReason: 'expired' }),
  st('run-old', 4, 40),
]);

describe('taskListItems', () => {
  it('makes a header with its count before each group, and hides the tasks of a collapsed group', () => {
    const items = taskListItems(groupTasks(sorted), new Set<TaskGroup>(['finished']));
    const shown = Array.from({ length: items.count }, (_, index) => items.at(index)!);
    expect(shown.map((item) => (item.kind === 'header' ? `# ${item.group} ${item.count}${item.isCollapsed ? ' collapsed' : ''}` : item.kind === 'task' ? item.task.localId : 'placeholder'))).toEqual([
      '# needs-you 1',
      'ask',
      '# running 3',
      'run-new',
      'mrtr',
      'run-old',
      '# finished 2 collapsed',
    ]);
    expect(items.headerPlaces).toEqual([0, 2, 6]);
    expect(items.firstTaskIndex).toBe(1);
    expect([items.at(-1), items.at(7), items.at(1.5)]).toEqual([undefined, undefined, undefined]);
    // Every item is found by its key; a task of a collapsed group is not in the list.
    shown.forEach((item, index) => expect(items.indexOfKey(taskListItemKey(item))).toBe(index));
    expect([items.indexOfKey('done-new'), items.indexOfKey('nope')]).toEqual([-1, -1]);
  });

  it('has no task row when every group is collapsed', () => {
    const items = taskListItems(groupTasks(sorted), new Set<TaskGroup>(['needs-you', 'running', 'finished']));
    expect([items.count, items.firstTaskIndex, items.headerPlaces]).toEqual([3, -1, [0, 1, 2]]);
  });

  it('fills a group of a head (a count beyond its tasks) with placeholders, and keeps its count in the header', () => {
    const groups = [{ group: 'running' as const, tasks: [st('r1', 9, 9), st('r2', 8, 8)], count: 4 }, { group: 'finished' as const, tasks: [st('f1', 1, 5, { snapshot: done })], count: 1 }];
    const items = taskListItems(groups, new Set<TaskGroup>());
    const shown = Array.from({ length: items.count }, (_, index) => items.at(index)!);
    expect(shown.map((item) => (item.kind === 'header' ? `# ${item.group} ${item.count}` : item.kind === 'task' ? item.task.localId : `… ${item.group} ${item.position}`))).toEqual([
      '# running 4',
      'r1',
      'r2',
      '… running 2',
      '… running 3',
      '# finished 1',
      'f1',
    ]);
    expect(items.headerPlaces).toEqual([0, 5]);
    // Placeholders have keys of their own (React keeps them apart), and are never looked for.
    expect(new Set(shown.map(taskListItemKey)).size).toBe(shown.length);
    expect(items.indexOfKey('f1')).toBe(6);
    // Collapsed, a head's group is its header alone, with the whole group's count.
    const folded = taskListItems(groups, new Set<TaskGroup>(['running']));
    expect([folded.count, folded.at(0)]).toEqual([3, { kind: 'header', group: 'running', count: 4, isCollapsed: true }]);
  });
});

describe('groupTasks', () => {
  it('groups in the order Needs you, Running, Finished, newest start first (newest end for finished)', () => {
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

  it('agrees with grouping task by task, for random lists and filtered ones', () => {
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const shapes: ((id: string, createdAt: number, updatedAt: number) => TaskSummary)[] = [
      ...[{}, { snapshot: asking }, { snapshot: done }, { endReason: 'lost' as const }, { cancelRequestedAt: 1 }].map((fields) => (id: string, createdAt: number, updatedAt: number) => st(id, createdAt, updatedAt, fields)),
      (id, createdAt, updatedAt) => makeCall({ localId: id, createdAt, updatedAt }),
    ];
    for (let round = 0; round < 30; round += 1) {
      const list = sortForList(Array.from({ length: random(60) }, (_, i) => {
        const [createdAt, updatedAt] = [random(20), random(40)];
        return shapes[random(shapes.length)]!(`t${i}`, createdAt, updatedAt);
      }));
      const filtered = list.filter(() => random(3) > 0);
      const waiting = new Set(list.filter(() => random(4) === 0).map((task) => task.localId));
      for (const tasks of [list, filtered]) {
        const expected = (['needs-you', 'running', 'finished'] as const)
          .map((group) => ({ group, tasks: tasks.filter((task) => taskGroup(task, waiting.has(task.localId)) === group) }))
          .filter((entry) => entry.tasks.length > 0);
        expect(groupTasks(tasks, waiting)).toEqual(expected);
      }
    }
  });

});

describe('waitingTasks', () => {
  it("names the tasks with a question still to answer: not a held one, nor one tied to no task", () => {
    const inputs = [{ localId: 'a', held: false }, { localId: 'b', held: true }, { held: false }, { localId: 'c' }, { localId: 'a', held: true }];
    expect([...waitingTasks(inputs)].sort()).toEqual(['a', 'c']);
    expect(waitingTasks([]).size).toBe(0);
  });
});

describe('groupHeads', () => {
  const list = sortForList([
    ...Array.from({ length: 5 }, (_, i) => st(`run${i}`, 100 - i, 100 - i)),
    ...Array.from({ length: 3 }, (_, i) => st(`done${i}`, 1, 50 - i, { snapshot: done })),
    makeCall({ localId: 'mrtr', createdAt: 60, updatedAt: 60 }),
  ]);

  it("keeps each group's first tasks in order, with how many the group has", () => {
    const heads = groupHeads(groupTasks(list, new Set(['mrtr'])), 2, (task) => task);
    expect(heads.map(({ group, count, tasks }) => [group, count, ids(tasks)])).toEqual([
      ['needs-you', 1, ['mrtr']],
      ['running', 5, ['run0', 'run1']],
      ['finished', 3, ['done0', 'done1']],
    ]);
  });

  it('holds whole groups when they are no longer than asked, and nothing for an empty list', () => {
    const heads = groupHeads(groupTasks(list), 50, (task) => task);
    expect(heads.map(({ count, tasks }) => [count, tasks.length])).toEqual([[6, 6], [3, 3]]);
    expect(heads.flatMap(({ tasks }) => tasks)).toEqual(list);
    expect(groupHeads<TaskSummary>([], 5, (task) => task)).toEqual([]);
  });
});
