/**
 * How the app polls a task, in words: the interval it really uses and the server's suggestion
 * beside it. Apart from `time-format.ts` because only the task page says it, and the inbox's
 * first paint should not carry it. Pure.
 */
import type { TaskSummary } from '../../shared/ipc/contract';
import { clampPollInterval, MAX_POLL_INTERVAL_MS, MIN_POLL_INTERVAL_MS } from '../../shared/poll-interval';
import { isTaskFinished } from '../../shared/task-terminal';
import { SECOND } from './time-format';

/** A poll interval as people read it: `250 ms`, `1.5 s`, `60 s`. */
function formatInterval(ms: number): string {
  if (Math.abs(ms) < SECOND) return `${Math.round(ms)} ms`;
  const seconds = ms / SECOND;
  return `${Math.abs(seconds) < 10 ? Number(seconds.toFixed(1)) : Math.round(seconds)} s`;
}

/**
 * The interval the app really polls a live task at (the engine's clamp of the server's
 * suggestion), and the suggestion beside it when the app does not follow it.
 */
export function formatPollInterval(suggestedMs: number | undefined): string {
  const every = `every ${formatInterval(clampPollInterval(suggestedMs))}`;
  if (suggestedMs === undefined || !Number.isFinite(suggestedMs)) return `${every} (not suggested by the server: the app's default)`;
  const suggested = `the server suggested ${formatInterval(suggestedMs)}`;
  if (suggestedMs > MAX_POLL_INTERVAL_MS) return `${every} (${suggested}; the app waits at most ${formatInterval(MAX_POLL_INTERVAL_MS)} between polls)`;
  if (suggestedMs < MIN_POLL_INTERVAL_MS) return `${every} (${suggested}; the app waits at least ${formatInterval(MIN_POLL_INTERVAL_MS)} between polls)`;
  return `${every} (the server's suggestion)`;
}

/**
 * What the app does about polling a task, in words: the interval of a live task, none once it
 * has finished or for a plain request (no task can come of it), none yet while its call has no task. Says nothing about push subscriptions: a
 * task carries no sign of one.
 */
export function describePolling(task: Pick<TaskSummary, 'phase' | 'snapshot' | 'endReason' | 'plain'>): string {
  if (isTaskFinished(task)) return 'none: the task has ended';
  if (task.phase === 'calling' && task.plain === true) return 'none: a plain request is answered on its own, never polled';
  if (task.phase === 'calling') return 'none yet: the server has not created a task';
  return formatPollInterval(task.snapshot?.pollIntervalMs);
}
