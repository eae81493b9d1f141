/**
 * Keeps the query cache's task entries (an opened task's detail and result) in step with what the
 * host pushes. Only methods of an existing client are called, so the first paint, which has no
 * client yet, carries none of TanStack Query; the task list itself is in the live store.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TaskDetail, TaskDetailChange, TaskSummary } from '../../shared/ipc/contract';
import { updateDetail } from '../lib/detail-update';
import { taskKeys } from './keys';

/**
 * Brings any cached detail of these tasks up to date from their summaries and detail changes
 * (`updateDetail`); a detail whose timeline cannot catch up (entries missing between the two) is
 * read again in the background.
 */
export function mergeDetailsIntoCache(client: QueryClient, tasks: readonly TaskSummary[], changes: readonly TaskDetailChange[] = []): void {
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

/** Forgets removed tasks' detail and result. */
export function forgetTasksInCache(client: QueryClient, ids: readonly string[]): void {
  for (const id of ids) {
    client.removeQueries({ queryKey: taskKeys.detail(id), exact: true });
    client.removeQueries({ queryKey: taskKeys.result(id), exact: true });
  }
}

/** A cancel the host accepted, shown on the task's cached detail (see the live store's `markCancelRequested`). */
export function markDetailCancelRequested(client: QueryClient, id: string, at: number): void {
  client.setQueryData<TaskDetail | null>(taskKeys.detail(id), (detail) => (detail && detail.cancelRequestedAt === undefined ? { ...detail, cancelRequestedAt: at } : detail));
}
