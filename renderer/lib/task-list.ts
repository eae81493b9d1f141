/**
 * The inbox list as data: merge pushed updates by id, keep the list sorted by last update, and
 * filter it. Pure functions; the list cache holds the sorted array so a flush of pushed updates
 * costs O(n) and never a full sort of 10,000 rows.
 */
import type { TaskSummary } from '../../shared/ipc/contract';
import { classifyTask, isTaskActive, STATUS_LABELS, type TaskStatusKind } from './task-status';

/** Newest change first; ties by id so the order is stable between renders. */
function compareByLastUpdate(a: TaskSummary, b: TaskSummary): number {
  return b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A sorted copy, newest change first. */
export function sortByLastUpdate(tasks: readonly TaskSummary[]): TaskSummary[] {
  return [...tasks].sort(compareByLastUpdate);
}

/**
 * Applies a batch of pushed task summaries to a list sorted by last update. A summary replaces
 * the task with its id unless it is older (`updatedAt`), so a late or replayed batch never
 * rolls a task back; new ids are added. Returns `current` itself when nothing changed.
 */
export function applyTaskUpdates(current: readonly TaskSummary[], updates: readonly TaskSummary[]): readonly TaskSummary[] {
  const incoming = new Map<string, TaskSummary>();
  for (const update of updates) {
    const seen = incoming.get(update.id);
    if (seen === undefined || update.updatedAt >= seen.updatedAt) incoming.set(update.id, update);
  }
  if (incoming.size === 0) return current;
  const kept: TaskSummary[] = [];
  for (const task of current) {
    const update = incoming.get(task.id);
    if (update === undefined) kept.push(task);
    else if (update.updatedAt < task.updatedAt) {
      kept.push(task);
      incoming.delete(task.id);
    }
  }
  if (incoming.size === 0) return current;
  return mergeSorted(kept, [...incoming.values()].sort(compareByLastUpdate));
}

/** Merges two lists that are each sorted by `compareByLastUpdate`. */
function mergeSorted(a: readonly TaskSummary[], b: readonly TaskSummary[]): TaskSummary[] {
  const merged: TaskSummary[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i]!;
    const right = b[j]!;
    if (compareByLastUpdate(left, right) <= 0) {
      merged.push(left);
      i += 1;
    } else {
      merged.push(right);
      j += 1;
    }
  }
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
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
 * tool, the server's name, the status, the status message or the server's task id.
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
      serverNames.get(task.serverId) ?? task.serverId,
      STATUS_LABELS[classifyTask(task)],
      task.snapshot?.statusMessage ?? '',
      task.taskId ?? '',
    ];
    return haystack.some((text) => text.toLocaleLowerCase().includes(needle));
  });
}

/** How many tasks wait for the user's input right now. */
export function countWaitingForInput(tasks: readonly TaskSummary[]): number {
  let count = 0;
  for (const task of tasks) if (classifyTask(task) === 'input-required') count += 1;
  return count;
}
