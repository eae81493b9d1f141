/**
 * The inbox's order: one rule for the host, which answers `tasks:list` in it (so the renderer's
 * first paint checks the order in one pass instead of sorting 10,000 tasks), and for the
 * renderer, which keeps its list in it as updates arrive (renderer/lib/task-list.ts).
 *
 * By group first (Needs you / Running / Finished), so every group is one run of the list and
 * grouping costs two binary searches. Within a group, a task still followed sorts by when it
 * started, newest first, so a status message or a progress report never moves its row (a busy
 * server would otherwise reshuffle the rows under the pointer, and the focus with them); a
 * finished task sorts by its last change, newest first, so the most recently ended come first.
 * Ties go by id, so the order is stable between renders.
 */
import type { TaskSummary } from './ipc/task-schemas.js';
import { classifyTask, isTaskActive } from './task-status.js';

/** The inbox's groups, in the order they are shown. */
export const TASK_GROUPS = ['needs-you', 'running', 'finished'] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];

/** Where each group sorts. */
export const GROUP_RANK: Readonly<Record<TaskGroup, number>> = { 'needs-you': 0, running: 1, finished: 2 };

/** The fields the order reads (a summary has them, and so has the engine's tracked task). */
export type OrderedTask = Pick<TaskSummary, 'localId' | 'phase' | 'snapshot' | 'endReason' | 'cancelRequestedAt' | 'resultIsError' | 'createdAt' | 'updatedAt'>;

/**
 * The group of a task: finished once the app no longer follows it; otherwise "needs you" while
 * the server waits for the user (the task's status says input required, or one of its questions,
 * e.g. a call's MRTR round, waits for an answer: `isWaiting`), else running. A cancel asked for
 * but not yet confirmed is running: the server decides what happens next.
 */
export function taskGroup(task: OrderedTask, isWaiting = false): TaskGroup {
  if (!isTaskActive(task)) return 'finished';
  return isWaiting || classifyTask(task) === 'input-required' ? 'needs-you' : 'running';
}

/** Where a task's group sorts in the list: by its status alone (a question waiting elsewhere is for the renderer's grouping to add). */
export function listRank(task: OrderedTask): number {
  return GROUP_RANK[taskGroup(task)];
}

/** The time a task sorts by within its group: its start while followed, its last change once finished. */
export function listTime(task: OrderedTask): number {
  return isTaskActive(task) ? task.createdAt : task.updatedAt;
}

/** The order within a group, from each task's `listTime`: newest first, then by id. */
export function compareInGroup(timeA: number, idA: string, timeB: number, idB: string): number {
  return timeB - timeA || (idA < idB ? -1 : idA > idB ? 1 : 0);
}

/** The inbox's order (see the module comment): group, then newest start (followed) or newest change (finished), then id. */
export function compareForList(a: OrderedTask, b: OrderedTask): number {
  return listRank(a) - listRank(b) || compareInGroup(listTime(a), a.localId, listTime(b), b.localId);
}

/** A copy of `tasks` in the inbox's order; each task is classified once, not once per comparison. */
export function sortForList<T extends OrderedTask>(tasks: readonly T[]): T[] {
  const keyed = tasks.map((task) => ({ task, rank: listRank(task), time: listTime(task) }));
  keyed.sort((a, b) => a.rank - b.rank || compareInGroup(a.time, a.task.localId, b.time, b.task.localId));
  return keyed.map(({ task }) => task);
}

/** True when `tasks` is in the inbox's order (distinct ids, each after the one before): one pass, no copy. */
export function isInListOrder(tasks: readonly OrderedTask[]): boolean {
  let rank = -1;
  let time = 0;
  let id = '';
  for (const task of tasks) {
    const taskRank = listRank(task);
    const taskTime = listTime(task);
    if (taskRank < rank || (taskRank === rank && compareInGroup(time, id, taskTime, task.localId) >= 0)) return false;
    rank = taskRank;
    time = taskTime;
    id = task.localId;
  }
  return true;
}

/**
 * `tasks` in the inbox's order: `tasks` itself when it already is (the host's `tasks:list`
 * answer: one pass, no copy), else a sorted copy.
 */
export function inListOrder<T extends OrderedTask>(tasks: readonly T[]): readonly T[] {
  return isInListOrder(tasks) ? tasks : sortForList(tasks);
}
