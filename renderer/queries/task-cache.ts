/**
 * Where a task change goes: the live store's task list and, when a screen has made the query
 * client, the cache's entries of the same tasks (an opened task's detail and result). The event
 * sync and the commands that learn of a change first all write through the `record…` functions,
 * so the list and an open detail never disagree. Only methods of an existing client are called,
 * so the first paint, which has no client yet, carries none of TanStack Query.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TaskDetail, TaskDetailChange, TaskSummary } from '../../shared/ipc/contract';
import { updateDetail } from '../lib/detail-update';
import { dropTasks, markCancelRequested, mergeTasks, type LiveStore } from '../live/live-store';
import { taskKeys } from './keys';

/** Newer summaries (and their detail changes) into the list and any cached detail. */
export function recordTaskUpdates(live: LiveStore, client: QueryClient | undefined, tasks: readonly TaskSummary[], changes: readonly TaskDetailChange[] = []): void {
  mergeTasks(live, tasks);
  if (client !== undefined) mergeDetailsIntoCache(client, tasks, changes);
}

/** Tasks the host no longer tracks, out of the list and the cache. */
export function recordTaskRemovals(live: LiveStore, client: QueryClient | undefined, ids: readonly string[]): void {
  dropTasks(live, ids);
  if (client !== undefined) forgetTasksInCache(client, ids);
}

/** A cancel the host accepted, on the list's row and the cached detail (see the live store's `markCancelRequested`). */
export function recordCancelRequested(live: LiveStore, client: QueryClient | undefined, id: string, at: number): void {
  markCancelRequested(live, id, at);
  if (client !== undefined) markDetailCancelRequested(client, id, at);
}

/**
 * Brings any cached detail of these tasks up to date from their summaries and detail changes
 * (`updateDetail`); a detail whose timeline cannot catch up (entries missing between the two) is
 * read again in the background.
 */
function mergeDetailsIntoCache(client: QueryClient, tasks: readonly TaskSummary[], changes: readonly TaskDetailChange[] = []): void {
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
function forgetTasksInCache(client: QueryClient, ids: readonly string[]): void {
  for (const id of ids) {
    client.removeQueries({ queryKey: taskKeys.detail(id), exact: true });
    client.removeQueries({ queryKey: taskKeys.result(id), exact: true });
  }
}

/** A cancel the host accepted, shown on the task's cached detail. */
function markDetailCancelRequested(client: QueryClient, id: string, at: number): void {
  client.setQueryData<TaskDetail | null>(taskKeys.detail(id), (detail) => (detail && detail.cancelRequestedAt === undefined ? { ...detail, cancelRequestedAt: at } : detail));
}
