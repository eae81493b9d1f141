/**
 * The inbox's groups (Needs you / Running / Finished) of a list in the inbox's order
 * (shared/inbox-order.ts): one rule for the renderer, which groups the list it holds, and for
 * the host, which answers `tasks:head` with the first rows of each group so the inbox's first
 * screen is painted before the whole list has arrived.
 */
import { compareInGroup, GROUP_RANK, listRank, listTime, TASK_GROUPS, type OrderedTask, type TaskGroup } from './inbox-order.js';
import type { TaskGroupHead, TaskSummary } from './ipc/task-schemas.js';

/** One group's tasks, in the order of the list they came from. */
export interface GroupedTasks<T extends OrderedTask = TaskSummary> {
  group: TaskGroup;
  tasks: readonly T[];
  /** How many tasks the group has when `tasks` holds only its first ones (a `tasks:head` answer); absent: `tasks` is all of them. */
  count?: number;
}

/** The questions `waitingTasks` reads: whose task each is, and whether its answer is already held. */
interface WaitingQuestion {
  localId?: string | undefined;
  held?: boolean | undefined;
}

/** Tasks with a question still to answer (one already answered and held for the others does not count). */
export function waitingTasks(inputs: readonly WaitingQuestion[]): ReadonlySet<string> {
  return new Set(inputs.flatMap((input) => (input.localId !== undefined && input.held !== true ? [input.localId] : [])));
}

/**
 * The tasks by group, in `TASK_GROUPS` order, each group keeping the order of `tasks`; empty
 * groups are left out. `tasks` must be in the inbox's order (shared/inbox-order.ts, or any subsequence
 * of such a list, such as a filtered one): each group is then one run of it, found by binary
 * search, so this costs O(log n) plus copying the runs. `waitingTaskIds`: tasks with a question
 * that waits for an answer (`waitingTasks`); a running one among them moves to "Needs you"
 * (that scan is only made while some question waits).
 */
export function groupTasks<T extends OrderedTask>(tasks: readonly T[], waitingTaskIds: ReadonlySet<string> = NO_IDS): GroupedTasks<T>[] {
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
  const byGroup: Record<TaskGroup, readonly T[]> = { 'needs-you': needsYou, running, finished: tasks.slice(finishedFrom) };
  return TASK_GROUPS.filter((group) => byGroup[group].length > 0).map((group) => ({ group, tasks: byGroup[group] }));
}

/**
 * The head of each group: its first `rowsPerGroup` tasks as `summarize` makes them (only those
 * are summarized), with how many the group has in all (`count`).
 */
export function groupHeads<T extends OrderedTask>(groups: readonly GroupedTasks<T>[], rowsPerGroup: number, summarize: (task: T) => TaskSummary): TaskGroupHead[] {
  return groups.map(({ group, tasks, count }) => ({ group, tasks: tasks.slice(0, rowsPerGroup).map(summarize), count: count ?? tasks.length }));
}

/** The first position in `tasks` (in the inbox's order) whose group ranks `rank` or later. */
function firstOfRank(tasks: readonly OrderedTask[], rank: number): number {
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
function mergeInListOrder<T extends OrderedTask>(a: readonly T[], b: readonly T[]): T[] {
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) merged.push(compareInGroup(listTime(a[i]!), a[i]!.localId, listTime(b[j]!), b[j]!.localId) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) merged.push(a[i++]!);
  while (j < b.length) merged.push(b[j++]!);
  return merged;
}

const NO_IDS: ReadonlySet<string> = new Set();
