/**
 * The inbox list as data: merge pushed updates by id, keep the list in the inbox's order
 * (shared/inbox-order.ts), filter it, and lay its groups (shared/inbox-groups.ts) out as the rows
 * the list shows. The live store holds the ordered array
 * (never mutated); `applyTaskUpdates` keeps an index beside the array it returns so a flush of
 * pushed updates costs O(batch · log n) plus one array copy, and the counts derived from the
 * list cost O(1).
 */
import type { TaskSummary } from '../../shared/ipc/contract';
import type { GroupedTasks } from '../../shared/inbox-groups';
import { compareForList, type TaskGroup } from '../../shared/inbox-order';
import { STATUS_LABELS } from '../../shared/messages/status-messages';
import { classifyTask, isTaskActive, type TaskStatusKind } from '../../shared/task-status';

/** A group's heading. */
export const TASK_GROUP_LABELS: Record<TaskGroup, string> = {
  'needs-you': 'Needs you',
  running: 'Running',
  finished: 'Finished',
};

/**
 * What a sorted list knows about itself beyond its order, kept next to one list array (see
 * `indexes`) so a flush of pushed updates costs O(batch · log n) and allocates one array copy,
 * not several 10,000-element arrays and maps: the summary of every id (to find a task's old
 * position by binary search) and the ids of the servers tasks name (with how many tasks name
 * each).
 */
interface ListIndex {
  byId: Map<string, TaskSummary>;
  tasksPerServer: Map<string, number>;
  /** The keys of `tasksPerServer`, sorted; a new array only when that set changes. */
  serverIds: readonly string[];
}

/**
 * The index of each list array `applyTaskUpdates` produced. An index belongs to one array: a
 * merge moves it to the new array and updates it there, so an older array has none (and gets a
 * fresh one if it is ever merged into again). Lists made elsewhere (the host's, a removal) get
 * one on their first merge, after the list's first paint.
 */
const indexes = new WeakMap<readonly TaskSummary[], ListIndex>();

function buildIndex(tasks: readonly TaskSummary[]): ListIndex {
  const byId = new Map<string, TaskSummary>();
  const tasksPerServer = new Map<string, number>();
  for (const task of tasks) {
    byId.set(task.localId, task);
    tasksPerServer.set(task.serverId, (tasksPerServer.get(task.serverId) ?? 0) + 1);
  }
  return { byId, tasksPerServer, serverIds: [...tasksPerServer.keys()].sort() };
}

/** The first position in `tasks` (sorted) whose task does not sort before `task`. */
function lowerBound(tasks: readonly TaskSummary[], task: TaskSummary): number {
  let low = 0;
  let high = tasks.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareForList(tasks[middle]!, task) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where `task` (an element of `tasks`) is; a linear scan only if the list is not sorted. */
function positionOf(tasks: readonly TaskSummary[], task: TaskSummary): number {
  const at = lowerBound(tasks, task);
  return tasks[at] === task ? at : tasks.indexOf(task);
}

/** Whether `task` may take position `at` of `tasks` with the order kept (its neighbours sort before and after it). */
function isBetween(tasks: readonly TaskSummary[], at: number, task: TaskSummary): boolean {
  const before = tasks[at - 1];
  const after = tasks[at + 1];
  return (before === undefined || compareForList(before, task) < 0) && (after === undefined || compareForList(task, after) < 0);
}

/** Adds (+1) or removes (-1) one task's share of the counts. */
function tally(index: ListIndex, task: TaskSummary, sign: 1 | -1): boolean {
  const before = index.tasksPerServer.get(task.serverId) ?? 0;
  const after = before + sign;
  if (after === 0) index.tasksPerServer.delete(task.serverId);
  else index.tasksPerServer.set(task.serverId, after);
  return before === 0 || after === 0;
}

/**
 * Applies a batch of pushed task summaries to a list in the inbox's order. A summary replaces
 * the task with its id unless it is older (`updatedAt`), so a late or replayed batch never
 * rolls a task back; new ids are added. Returns `current` itself when nothing changed. Each
 * applied summary is placed by binary search (in the place of the task it replaces when its
 * group and start are unchanged), so a batch of k costs O(k · log n) plus one copy of the
 * array (and O(n) once for a list that has no index yet).
 */
export function applyTaskUpdates(current: readonly TaskSummary[], updates: readonly TaskSummary[]): readonly TaskSummary[] {
  if (updates.length === 0) return current;
  const index = indexes.get(current) ?? buildIndex(current);
  let next: TaskSummary[] | undefined;
  let serversChanged = false;
  for (const update of updates) {
    const old = index.byId.get(update.localId);
    if (old !== undefined && update.updatedAt < old.updatedAt) continue;
    next ??= current.slice();
    if (old !== undefined) {
      const at = positionOf(next, old);
      serversChanged = tally(index, old, -1) || serversChanged;
      // Most updates (a status message, progress) leave the task where it is: replace in place.
      if (isBetween(next, at, update)) next[at] = update;
      else {
        next.splice(at, 1);
        next.splice(lowerBound(next, update), 0, update);
      }
    } else {
      next.splice(lowerBound(next, update), 0, update);
    }
    index.byId.set(update.localId, update);
    serversChanged = tally(index, update, 1) || serversChanged;
  }
  if (next === undefined) {
    indexes.set(current, index);
    return current;
  }
  if (serversChanged) index.serverIds = [...index.tasksPerServer.keys()].sort();
  indexes.delete(current);
  indexes.set(next, index);
  return next;
}

/** The list without the given ids (`current` itself when none was there). */
export function removeTasks(current: readonly TaskSummary[], ids: readonly string[]): readonly TaskSummary[] {
  const gone = new Set(ids);
  const next = current.filter((task) => !gone.has(task.localId));
  return next.length === current.length ? current : next;
}

/** Status filter: everything, the tasks still followed, the ended ones, or one state. */
export type StatusFilter = 'all' | 'active' | 'ended' | TaskStatusKind;

/** What the inbox filters by. `serverId` `''` means every server. */
export interface TaskFilter {
  status: StatusFilter;
  serverId: string;
  search: string;
}

function matchesStatus(task: TaskSummary, status: StatusFilter): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'active':
      return isTaskActive(task);
    case 'ended':
      return !isTaskActive(task);
    default:
      return classifyTask(task) === status;
  }
}

/** True when the filter lets every task through. */
export function isFilterEmpty(filter: TaskFilter): boolean {
  return filter.status === 'all' && filter.serverId === '' && filter.search.trim() === '';
}

/**
 * The tasks that pass the filter, in their order. Search is a case-insensitive substring of the
 * tool, the argument summary, the server's name, the status, the status message or the server's task id.
 */
export function filterTasks(tasks: readonly TaskSummary[], filter: TaskFilter, serverNames: ReadonlyMap<string, string>): readonly TaskSummary[] {
  if (isFilterEmpty(filter)) return tasks;
  const needle = filter.search.trim().toLocaleLowerCase();
  return tasks.filter((task) => {
    if (filter.serverId !== '' && task.serverId !== filter.serverId) return false;
    if (!matchesStatus(task, filter.status)) return false;
    if (needle === '') return true;
    const haystack = [
      task.toolName,
      task.argumentSummary,
      serverNames.get(task.serverId) ?? task.serverId,
      STATUS_LABELS[classifyTask(task)],
      task.snapshot?.statusMessage ?? '',
      task.serverTaskId ?? '',
    ];
    return haystack.some((text) => text.toLocaleLowerCase().includes(needle));
  });
}

/**
 * The task with this local id in `tasks`, if any. For a list `applyTaskUpdates` made this is one
 * map lookup; for any other (the first read, before its first merge) a scan.
 */
export function findTask(tasks: readonly TaskSummary[], localId: string): TaskSummary | undefined {
  const index = indexes.get(tasks);
  if (index !== undefined) return index.byId.get(localId);
  return tasks.find((task) => task.localId === localId);
}

/**
 * The distinct server ids the tasks name, sorted. For a list `applyTaskUpdates` made this is
 * O(1) and the same array as long as the set of ids stays the same, so what is derived from it
 * can be memoized on it.
 */
export function taskServerIds(tasks: readonly TaskSummary[]): readonly string[] {
  const index = indexes.get(tasks);
  if (index !== undefined) return index.serverIds;
  return [...new Set(tasks.map((task) => task.serverId))].sort();
}

/**
 * One row of the list: a group's header (with its count), a task, or the place of a task not
 * received yet (a group of a `tasks:head` answer holds only its first tasks: `position` counts
 * from the group's first task).
 */
export type TaskListItem =
  | { kind: 'header'; group: TaskGroup; count: number; isCollapsed: boolean }
  | { kind: 'task'; group: TaskGroup; task: TaskSummary }
  | { kind: 'placeholder'; group: TaskGroup; position: number };

/** What identifies an item across updates (its index moves as tasks change group). */
export function taskListItemKey(item: TaskListItem): string {
  switch (item.kind) {
    case 'header':
      return `group:${item.group}`;
    case 'task':
      return item.task.localId;
    case 'placeholder':
      return `placeholder:${item.group}:${item.position}`;
  }
}

/**
 * The rows of the grouped list (each group's header, then its tasks unless it is collapsed),
 * read by index: an item object is made only for the rows asked for, so a list of 10,000 tasks
 * costs a few numbers per render, not 10,000 objects.
 */
export interface TaskListItems {
  readonly count: number;
  /** The indexes of the group headers, in order. */
  readonly headerPlaces: readonly number[];
  /** The item at `index`, or undefined outside [0, count). */
  at: (index: number) => TaskListItem | undefined;
  /** The index of the header or task with this key (`taskListItemKey`), or -1 (a placeholder is never looked for: it cannot take focus). */
  indexOfKey: (key: string) => number;
  /** The index of the first task row, or -1 when every group is collapsed. */
  readonly firstTaskIndex: number;
}

/**
 * The rows of `groups` with the `collapsed` ones folded to their header. A group with a `count`
 * beyond its tasks (a head) has that many rows, the ones after its tasks placeholders.
 */
export function taskListItems(groups: readonly GroupedTasks[], collapsed: ReadonlySet<TaskGroup>): TaskListItems {
  const sections: { group: TaskGroup; tasks: readonly TaskSummary[]; size: number; isCollapsed: boolean; headerAt: number }[] = [];
  let count = 0;
  for (const { group, tasks, count: size = tasks.length } of groups) {
    const isCollapsed = collapsed.has(group);
    sections.push({ group, tasks, size, isCollapsed, headerAt: count });
    count += 1 + (isCollapsed ? 0 : size);
  }
  const sectionOf = (index: number) => {
    for (let place = sections.length - 1; place >= 0; place -= 1) if (sections[place]!.headerAt <= index) return sections[place];
    return undefined;
  };
  const open = sections.find((section) => !section.isCollapsed);
  return {
    count,
    headerPlaces: sections.map((section) => section.headerAt),
    firstTaskIndex: open === undefined ? -1 : open.headerAt + 1,
    at: (index) => {
      if (!Number.isInteger(index) || index < 0 || index >= count) return undefined;
      const section = sectionOf(index)!;
      if (index === section.headerAt) return { kind: 'header', group: section.group, count: section.size, isCollapsed: section.isCollapsed };
      const position = index - section.headerAt - 1;
      const task = section.tasks[position];
      return task !== undefined ? { kind: 'task', group: section.group, task } : { kind: 'placeholder', group: section.group, position };
    },
    indexOfKey: (key) => {
      for (const section of sections) {
        if (key === `group:${section.group}`) return section.headerAt;
        if (section.isCollapsed) continue;
        const at = section.tasks.findIndex((task) => task.localId === key);
        if (at !== -1) return section.headerAt + 1 + at;
      }
      return -1;
    },
  };
}
