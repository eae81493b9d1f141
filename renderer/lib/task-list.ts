/**
 * The inbox list as data: merge pushed updates by id, keep the list in the inbox's order (shared/inbox-order.ts), filter it, and group it (Needs you
 * / Running / Finished) into the rows the list shows. The live store holds the ordered array
 * (never mutated); `applyTaskUpdates` keeps an index beside the array it returns so a flush of
 * pushed updates costs O(batch · log n) plus one array copy, and the counts derived from the
 * list cost O(1).
 */
import type { TaskSummary } from '../../shared/ipc/contract';
import { compareForList, compareInGroup, GROUP_RANK, listRank, listTime, TASK_GROUPS, type TaskGroup } from '../../shared/inbox-order';
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

/**
 * The tasks that pass the filter, in their order. Search is a case-insensitive substring of the
 * tool, the argument summary, the server's name, the status, the status message or the server's task id.
 */
export function filterTasks(tasks: readonly TaskSummary[], filter: TaskFilter, serverNames: ReadonlyMap<string, string>): readonly TaskSummary[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  if (filter.status === 'all' && filter.serverId === '' && needle === '') return tasks;
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

/** One group's tasks, in the order of the list they came from. */
export interface GroupedTasks {
  group: TaskGroup;
  tasks: readonly TaskSummary[];
}

/**
 * The tasks by group, in `TASK_GROUPS` order, each group keeping the order of `tasks`; empty
 * groups are left out. `tasks` must be in the inbox's order (shared/inbox-order.ts, or any subsequence
 * of such a list, such as a filtered one): each group is then one run of it, found by binary
 * search, so this costs O(log n) plus copying the runs. `waitingTaskIds`: tasks with a question
 * that waits for an answer; a running one among them moves to "Needs you" (that scan is only
 * made while some question waits).
 */
export function groupTasks(tasks: readonly TaskSummary[], waitingTaskIds: ReadonlySet<string> = NO_IDS): GroupedTasks[] {
  const runningFrom = firstOfRank(tasks, GROUP_RANK.running);
  const finishedFrom = firstOfRank(tasks, GROUP_RANK.finished);
  let needsYou = tasks.slice(0, runningFrom);
  let running = tasks.slice(runningFrom, finishedFrom);
  if (waitingTaskIds.size > 0) {
    const waiting = running.filter((task) => waitingTaskIds.has(task.localId));
    if (waiting.length > 0) {
      running = running.filter((task) => !waitingTaskIds.has(task.localId));
      needsYou = mergeInListOrder(needsYou, waiting);
    }
  }
  const byGroup: Record<TaskGroup, readonly TaskSummary[]> = { 'needs-you': needsYou, running, finished: tasks.slice(finishedFrom) };
  return TASK_GROUPS.filter((group) => byGroup[group].length > 0).map((group) => ({ group, tasks: byGroup[group] }));
}

/** The first position in `tasks` (in the inbox's order) whose group ranks `rank` or later. */
function firstOfRank(tasks: readonly TaskSummary[], rank: number): number {
  let low = 0;
  let high = tasks.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (listRank(tasks[middle]!) < rank) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Two lists of one group's tasks in the inbox's order, merged into one (the group's order, whatever rank each task's status alone gives it). */
function mergeInListOrder(a: readonly TaskSummary[], b: readonly TaskSummary[]): TaskSummary[] {
  const merged: TaskSummary[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(compareInGroup(listTime(a[i]!), a[i]!.localId, listTime(b[j]!), b[j]!.localId) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}

const NO_IDS: ReadonlySet<string> = new Set();

/** One row of the list: a group's header (with its count) or a task. */
export type TaskListItem =
  | { kind: 'header'; group: TaskGroup; count: number; isCollapsed: boolean }
  | { kind: 'task'; group: TaskGroup; task: TaskSummary };

/** What identifies an item across updates (its index moves as tasks change group). */
export function taskListItemKey(item: TaskListItem): string {
  return item.kind === 'header' ? `group:${item.group}` : item.task.localId;
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
  /** The index of the item with this key (`taskListItemKey`), or -1. */
  indexOfKey: (key: string) => number;
  /** The index of the first task row, or -1 when every group is collapsed. */
  readonly firstTaskIndex: number;
}

/** The rows of `groups` with the `collapsed` ones folded to their header. */
export function taskListItems(groups: readonly GroupedTasks[], collapsed: ReadonlySet<TaskGroup>): TaskListItems {
  const sections: { group: TaskGroup; tasks: readonly TaskSummary[]; isCollapsed: boolean; headerAt: number }[] = [];
  let count = 0;
  for (const { group, tasks } of groups) {
    const isCollapsed = collapsed.has(group);
    sections.push({ group, tasks, isCollapsed, headerAt: count });
    count += 1 + (isCollapsed ? 0 : tasks.length);
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
      if (index === section.headerAt) return { kind: 'header', group: section.group, count: section.tasks.length, isCollapsed: section.isCollapsed };
      return { kind: 'task', group: section.group, task: section.tasks[index - section.headerAt - 1]! };
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
