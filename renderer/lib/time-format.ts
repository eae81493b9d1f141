/**
 * Durations, elapsed times and time-to-live countdowns for tasks. Pure: callers pass `now`
 * (local wall-clock ms), so the same input always reads the same way.
 */
import type { TaskSummary } from '../../shared/ipc/contract';
import { isTaskFinished } from '../../shared/task-model';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** A compact duration: `42s`, `3m 05s`, `2h 07m`, `3d 4h` (negative counts as zero). */
export function formatDuration(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < MINUTE) return `${Math.floor(safe / SECOND)}s`;
  if (safe < HOUR) return `${Math.floor(safe / MINUTE)}m ${twoDigits(Math.floor((safe % MINUTE) / SECOND))}s`;
  if (safe < DAY) return `${Math.floor(safe / HOUR)}h ${twoDigits(Math.floor((safe % HOUR) / MINUTE))}m`;
  return `${Math.floor(safe / DAY)}d ${Math.floor((safe % DAY) / HOUR)}h`;
}

/** How long a task has run (`running`) or ran (`ended`, from start to its last observed change). */
export type TaskTiming = { kind: 'running' | 'ended'; ms: number };

/** Elapsed time of a running task, or the duration of an ended one. */
export function taskTiming(task: Pick<TaskSummary, 'phase' | 'snapshot' | 'endReason' | 'createdAt' | 'updatedAt'>, now: number): TaskTiming {
  return isTaskFinished(task)
    ? { kind: 'ended', ms: task.updatedAt - task.createdAt }
    : { kind: 'running', ms: now - task.createdAt };
}

/** `running 3m 05s` / `took 42s`. */
export function formatTiming(timing: TaskTiming): string {
  return `${timing.kind === 'running' ? 'running' : 'took'} ${formatDuration(timing.ms)}`;
}

/** What is left of a task's time to live on the server. */
export type TtlState =
  | { kind: 'unknown' }
  | { kind: 'unlimited' }
  | { kind: 'remaining'; ms: number }
  | { kind: 'passed' };

/**
 * Time to live left, counted from when the app first saw the task on the local clock
 * (SECURITY.md §7: never the server's `createdAt` against the local clock; skew).
 */
export function ttlRemaining(task: Pick<TaskSummary, 'snapshot' | 'observedAt' | 'createdAt'>, now: number): TtlState {
  const ttl = task.snapshot?.ttlMs;
  if (ttl === null) return { kind: 'unlimited' };
  if (ttl === undefined || !Number.isFinite(ttl)) return { kind: 'unknown' };
  const remaining = (task.observedAt ?? task.createdAt) + ttl - now;
  return remaining > 0 ? { kind: 'remaining', ms: remaining } : { kind: 'passed' };
}

/** `TTL 4m 10s left` / `no TTL limit` / `TTL passed`; empty when the server gave none. */
export function formatTtl(state: TtlState): string {
  switch (state.kind) {
    case 'unknown':
      return '';
    case 'unlimited':
      return 'no TTL limit';
    case 'remaining':
      return `TTL ${formatDuration(state.ms)} left`;
    case 'passed':
      return 'TTL passed';
  }
}

/** How often the server asked to be polled, in words. */
export function formatPollInterval(pollIntervalMs: number | undefined): string {
  if (pollIntervalMs === undefined || !Number.isFinite(pollIntervalMs)) return 'not suggested by the server (the app uses its default)';
  const seconds = pollIntervalMs / SECOND;
  return `every ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s (the server's suggestion)`;
}

/** A local date and time for a wall-clock ms value. */
export function formatClockTime(ms: number): string {
  return new Date(ms).toLocaleString();
}
