/**
 * One task's detail, kept live. The detail (with timeline and arguments) is fetched once; pushed
 * updates bring it up to date in the cache (`recordTaskUpdates` in queries/task-cache.ts), new timeline entries
 * included. Should the list still hold a newer summary than the detail (its timeline could not
 * catch up, or a slow fetch landed after an update), the view shows the summary's fields at once
 * and refetches the detail, so it never shows an older state than the inbox does. Progress, which
 * the host changes without a new `updatedAt`, is taken from whichever is newer by its own time.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { TaskDetail } from '../../../shared/ipc/contract';
import { withDetailFields } from '../../lib/detail-update';
import { findTask } from '../../lib/task-list';
import { useLiveStore } from '../../live/live-context';
import { useTaskDetail } from '../../queries/use-engine-data';

/** The detail query, and the task to show (`null` when the host no longer tracks it). */
export function useLiveTaskDetail(id: string) {
  const detail = useTaskDetail(id);
  // Read on every change of the live store: one lookup in the list's index, not a scan of 10,000 tasks.
  const summary = useLiveStore((state) => (state.tasks.data === undefined ? undefined : findTask(state.tasks.data, id)));
  const fetched = detail.data;
  const isBehind = fetched !== undefined && fetched !== null && summary !== undefined && summary.updatedAt > fetched.updatedAt;
  const { isFetching, refetch } = detail;
  // Refetch once per newer summary: a host whose answer still lags must not be asked in a loop.
  const refetchedFor = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!isBehind || isFetching || summary === undefined || refetchedFor.current === summary.updatedAt) return;
    refetchedFor.current = summary.updatedAt;
    void refetch();
  }, [isBehind, isFetching, summary, refetch]);

  const task = useMemo<TaskDetail | null | undefined>(() => {
    // The summary is newer: its fields, and what only the fetched detail has.
    if (isBehind) return withDetailFields(summary, { arguments: fetched.arguments, timeline: fetched.timeline, timelineCount: fetched.timelineCount, answeredInputKeys: fetched.answeredInputKeys });
    // Progress moves without changing `updatedAt`: the newer report (by its own time) shows at once.
    const pushed = summary?.progress;
    if (fetched === undefined || fetched === null || pushed === undefined || pushed.at <= (fetched.progress?.at ?? -Infinity)) return fetched;
    return { ...fetched, progress: pushed };
  }, [isBehind, fetched, summary]);
  return { detail, task };
}
