/**
 * Writes task changes into the query cache: the sorted inbox list and any cached detail. Used by
 * the pushed events and by mutations that learn about a task first (a new call, a cancel).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TaskDetail, TaskSummary } from '../../shared/ipc/contract';
import { applyTaskUpdates, removeTasks } from '../lib/task-list';
import { taskKeys } from './keys';

/**
 * Merges summaries into the list (never rolling a task back) and refetches any cached detail in
 * the background for its timeline, which summaries do not carry. The detail is not patched here:
 * a refetch already in flight would land after the patch and roll it back; the detail view
 * overlays the newer summary instead (`useLiveTaskDetail`). Before the first list fetch has
 * answered there is nothing to merge into: that answer already includes these changes.
 */
export function mergeTasksIntoCache(client: QueryClient, tasks: readonly TaskSummary[]): void {
  client.setQueryData<readonly TaskSummary[]>(taskKeys.list(), (list) => (list === undefined ? list : applyTaskUpdates(list, tasks)));
  // Few details are cached (the ones opened): scan those once, not one cache lookup per summary.
  const details = client.getQueryCache().findAll({ queryKey: taskKeys.details() });
  if (details.length === 0) return;
  const updated = new Set(tasks.map((task) => task.localId));
  for (const { queryKey, state } of details) {
    const id = queryKey[2];
    if (typeof id !== 'string' || !updated.has(id) || state.data === undefined) continue;
    // Do not cancel a refetch in flight: under a burst of updates it would never finish.
    void client.invalidateQueries({ queryKey: taskKeys.detail(id), exact: true }, { cancelRefetch: false });
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
