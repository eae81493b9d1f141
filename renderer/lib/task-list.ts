/**
 * The inbox list as data: merge pushed updates by id, keep the list sorted by last update,
 * filter it, and group it (Needs you / Running / Finished) into the rows the list shows. The list cache holds the sorted array (never mutated); `applyTaskUpdates` keeps an
 * index beside the array it returns so a flush of pushed updates costs O(batch · log n) plus
 * one array copy, and the counts derived from the list cost O(1).
 */
import type { TaskSummary } from '../../shared/ipc/contract';
import { classifyTask, isTaskActive, STATUS_LABELS, type TaskStatusKind } from '../../shared/task-status';

/** Newest change first; ties by id so the order is stable between renders. */
function compareByLastUpdate(a: TaskSummary, b: TaskSummary): number {
  return b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A sorted copy, newest change first. */
export function sortByLastUpdate(tasks: readonly TaskSummary[]): TaskSummary[] {
  return [...tasks].sort(compareByLastUpdate);
}

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
 * fresh one if it is ever merged into again). Lists made elsewhere (the fetch, a removal) get
 * one on their first merge.
 */
const indexes = new WeakMap<readonly TaskSummary[], ListIndex>();

function buildIndex(tasks: readonly TaskSummary[]): ListIndex {
  const byId = new Map<string, TaskSummary>();
  const tasksPerServer = new Map<string, number>();
  for (const task of tasks) {
    byId.set(task.id, task);
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
    if (compareByLastUpdate(tasks[middle]!, task) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where `task` (an element of `tasks`) is; a linear scan only if the list is not sorted. */
function positionOf(tasks: readonly TaskSummary[], task: TaskSummary): number {
  const at = lowerBound(tasks, task);
  return tasks[at] === task ? at : tasks.indexOf(task);
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
 * Applies a batch of pushed task summaries to a list sorted by last update. A summary replaces
 * the task with its id unless it is older (`updatedAt`), so a late or replayed batch never
 * rolls a task back; new ids are added. Returns `current` itself when nothing changed. Each
 * applied summary moves by binary search and splice, so a batch of k costs O(k · log n) plus
 * one copy of the array (and O(n) once for a list that has no index yet).
 */
export function applyTaskUpdates(current: readonly TaskSummary[], updates: readonly TaskSummary[]): readonly TaskSummary[] {
  if (updates.length === 0) return current;
  const index = indexes.get(current) ?? buildIndex(current);
  let next: TaskSummary[] | undefined;
  let serversChanged = false;
  for (const update of updates) {
    const old = index.byId.get(update.id);
    if (old !== undefined && update.updatedAt < old.updatedAt) continue;
    next ??= current.slice();
    if (old !== undefined) {
      next.splice(positionOf(next, old), 1);
      serversChanged = tally(index, old, -1) || serversChanged;
    }
    next.splice(lowerBound(next, update), 0, update);
    index.byId.set(update.id, update);
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
  const next = current.filter((task) => !gone.has(task.id));
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
      task.taskId ?? '',
    ];
    return haystack.some((text) => text.toLocaleLowerCase().includes(needle));
  });
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

/** The inbox's groups, in the order they are shown. */
export const TASK_GROUPS = ['needs-you', 'running', 'finished'] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];

/** A group's heading. */
export const TASK_GROUP_LABELS: Record<TaskGroup, string> = {
  'needs-you': 'Needs you',
  running: 'Running',
  finished: 'Finished',
};

/**
 * The group of a task: finished once the app no longer follows it; otherwise "needs you" while
 * the server waits for the user (the task's status says input required, or one of its questions,
 * e.g. a call's MRTR round, waits for an answer: `isWaiting`), else running. A cancel asked for
 * but not yet confirmed is running: the server decides what happens next.
 */
export function taskGroup(task: TaskSummary, isWaiting = false): TaskGroup {
  if (!isTaskActive(task)) return 'finished';
  return isWaiting || classifyTask(task) === 'input-required' ? 'needs-you' : 'running';
}

/** One group's tasks, in the order of the list they came from. */
export interface GroupedTasks {
  group: TaskGroup;
  tasks: readonly TaskSummary[];
}

/**
 * The tasks by group, in `TASK_GROUPS` order, each group keeping the order of `tasks` (newest
 * change first for a sorted list); empty groups are left out. `waitingTaskIds`: tasks with a
 * question that waits for an answer.
 */
export function groupTasks(tasks: readonly TaskSummary[], waitingTaskIds: ReadonlySet<string> = NO_IDS): GroupedTasks[] {
  const byGroup: Record<TaskGroup, TaskSummary[]> = { 'needs-you': [], running: [], finished: [] };
  for (const task of tasks) byGroup[taskGroup(task, waitingTaskIds.has(task.id))].push(task);
  return TASK_GROUPS.filter((group) => byGroup[group].length > 0).map((group) => ({ group, tasks: byGroup[group] }));
}

const NO_IDS: ReadonlySet<string> = new Set();

/** One row of the list: a group's header (with its count) or a task. */
export type TaskListItem =
  | { kind: 'header'; group: TaskGroup; count: number; isCollapsed: boolean }
  | { kind: 'task'; group: TaskGroup; task: TaskSummary };

/** The rows of the grouped list: each group's header, then its tasks unless it is collapsed. */
export function taskListItems(groups: readonly GroupedTasks[], collapsed: ReadonlySet<TaskGroup>): TaskListItem[] {
  const items: TaskListItem[] = [];
  for (const { group, tasks } of groups) {
    const isCollapsed = collapsed.has(group);
    items.push({ kind: 'header', group, count: tasks.length, isCollapsed });
    if (!isCollapsed) for (const task of tasks) items.push({ kind: 'task', group, task });
  }
  return items;
}
