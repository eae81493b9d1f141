/**
 * Writes task changes into the query cache: the sorted inbox list and any cached detail. Used by
 * the pushed events and by mutations that learn about a task first (a new call, a cancel).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TaskDetail, TaskDetailChange, TaskSummary } from '../../shared/ipc/contract';
import { updateDetail } from '../lib/detail-update';
import { applyTaskUpdates, removeTasks } from '../lib/task-list';
import { taskKeys } from './keys';

/**
 * Merges summaries into the list (never rolling a task back) and brings any cached detail of the
 * same tasks up to date from them and their detail changes (`updateDetail`); a detail whose
 * timeline cannot catch up (entries missing between the two) is read again in the background.
 * Before the first list fetch has answered there is nothing to merge into: that answer already
 * includes these changes.
 */
export function mergeTasksIntoCache(client: QueryClient, tasks: readonly TaskSummary[], changes: readonly TaskDetailChange[] = []): void {
  client.setQueryData<readonly TaskSummary[]>(taskKeys.list(), (list) => (list === undefined ? list : applyTaskUpdates(list, tasks)));
  // Few details are cached (the ones opened): scan those once, not one cache lookup per summary.
  const details = client.getQueryCache().findAll({ queryKey: taskKeys.details() });
  if (details.length === 0) return;
  const summaries = new Map(tasks.map((task) => [task.localId, task]));
  const changesById = new Map(changes.map((change) => [change.localId, change]));
  for (const { queryKey, state } of details) {
    const id = queryKey[2];
    const summary = typeof id === 'string' ? summaries.get(id) : undefined;
    const cached = state.data as TaskDetail | null | undefined;
    if (summary === undefined || cached === undefined) continue;
    const updated = cached === null ? undefined : updateDetail(cached, summary, changesById.get(summary.localId));
    if (updated === undefined) {
      // Do not cancel a refetch in flight: under a burst of updates it would never finish.
      void client.invalidateQueries({ queryKey: taskKeys.detail(summary.localId), exact: true }, { cancelRefetch: false });
    } else if (updated !== cached) {
      client.setQueryData<TaskDetail | null>(taskKeys.detail(summary.localId), updated);
    }
  }
}

/** Drops removed tasks from the list and forgets their detail and result. */
export function removeTasksFromCache(client: QueryClient, ids: readonly string[]): void {
  client.setQueryData<readonly TaskSummary[]>(taskKeys.list(), (list) => (list === undefined ? list : removeTasks(list, ids)));
  for (const id of ids) {
    client.removeQueries({ queryKey: taskKeys.detail(id), exact: true });
    client.removeQueries({ queryKey: taskKeys.result(id), exact: true });
  }
}

/**
 * Shows a cancel the host accepted at once, before the host's own update arrives. `updatedAt` is
 * left alone so the host's next summary (which carries its own `cancelRequestedAt`) still wins.
 */
export function markCancelRequested(client: QueryClient, id: string, at: number): void {
  const mark = <T extends Pick<TaskSummary, 'localId' | 'cancelRequestedAt'>>(task: T): T => (task.localId === id && task.cancelRequestedAt === undefined ? { ...task, cancelRequestedAt: at } : task);
  client.setQueryData<readonly TaskSummary[]>(taskKeys.list(), (list) => list?.map(mark));
  client.setQueryData<TaskDetail | null>(taskKeys.detail(id), (detail) => (detail ? mark(detail) : detail));
}
