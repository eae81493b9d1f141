/**
 * Durations, elapsed times and time-to-live countdowns for tasks: the facts the
 * app goes by, not what a server suggested or a clock it does not share says. Pure: callers pass
 * `now` (local wall-clock ms), so the same input always reads the same way.
 */
import type { TaskSummary } from '../../shared/ipc/contract';
import type { SnapshotFields } from '../../shared/task-model';
import { isTaskFinished, isTerminalStatus } from '../../shared/task-terminal';
import { timestampMs } from '../../shared/timestamp';

/** One second in ms (`poll-words.ts` reads intervals with it too). */
export const SECOND = 1_000;
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

/**
 * How long a task has run (`running`, by the local clock) or ran (`ended`). An ended task's
 * duration comes from the server's own timestamps when its final snapshot has both (one clock,
 * so no skew against ours); otherwise from the local times of the call and the last change seen.
 */
export type TaskTiming =
  | { kind: 'running'; ms: number }
  | { kind: 'ended'; ms: number; clock: 'server' | 'local' };

/** The fields `taskTiming` reads (a summary and a detail both have them). */
export type TimedTask = Pick<TaskSummary, 'phase' | 'snapshot' | 'endReason' | 'createdAt' | 'updatedAt'>;

/** Elapsed time of a running task, or the duration of an ended one (see `TaskTiming`). */
export function taskTiming(task: TimedTask, now: number): TaskTiming {
  if (!isTaskFinished(task)) return { kind: 'running', ms: now - task.createdAt };
  const serverMs = serverDuration(task.snapshot);
  return serverMs !== undefined
    ? { kind: 'ended', ms: serverMs, clock: 'server' }
    : { kind: 'ended', ms: task.updatedAt - task.createdAt, clock: 'local' };
}

/**
 * `lastUpdatedAt - createdAt` of a final snapshot, or undefined when the snapshot is not the
 * server's final word (a lost or expired task's last one is not), lacks a valid timestamp, or
 * ends before it starts (a server whose times cannot be right).
 */
function serverDuration(snapshot: SnapshotFields | undefined): number | undefined {
  if (snapshot === undefined || !isTerminalStatus(snapshot.status)) return undefined;
  const createdAt = timestampMs(snapshot.createdAt);
  const lastUpdatedAt = timestampMs(snapshot.lastUpdatedAt);
  if (createdAt === undefined || lastUpdatedAt === undefined || lastUpdatedAt < createdAt) return undefined;
  return lastUpdatedAt - createdAt;
}

/** Which clock a timing comes from and what it spans, for a tooltip beside the figure. */
export function describeTimingClock(timing: TaskTiming): string {
  if (timing.kind === 'running') return "By this computer's clock: since the call was sent.";
  return timing.clock === 'server'
    ? "By the server's clock: from its creation to its final update."
    : "By this computer's clock: from when the call was sent to the last change the app saw (the server gave no times of its own).";
}

/** `running 3m 05s` / `took 42s`. */
export function formatTiming(timing: TaskTiming): string {
  return `${timing.kind === 'running' ? 'running' : 'took'} ${formatDuration(timing.ms)}`;
}

/** What is left of a task's time to live on the server; `ended` once the task has finished. */
export type TtlState =
  | { kind: 'unknown' }
  | { kind: 'unlimited' }
  | { kind: 'remaining'; ms: number }
  | { kind: 'passed' }
  | { kind: 'ended' };

/** The fields `ttlRemaining` reads. */
export type TtlTask = Pick<TaskSummary, 'phase' | 'snapshot' | 'endReason' | 'observedAt' | 'createdAt'>;

/**
 * Time to live left, counted from when the app first saw the task on the local clock (never the
 * server's `createdAt` against the local clock: they may be skewed). A finished task of any kind
 * counts down nothing: its TTL no longer matters, and an expired one says so in its status. Every
 * place that shows a TTL goes through here.
 */
export function ttlRemaining(task: TtlTask, now: number): TtlState {
  if (isTaskFinished(task)) return { kind: 'ended' };
  const ttl = task.snapshot?.ttlMs;
  if (ttl === null) return { kind: 'unlimited' };
  if (ttl === undefined || !Number.isFinite(ttl)) return { kind: 'unknown' };
  const remaining = (task.observedAt ?? task.createdAt) + ttl - now;
  return remaining > 0 ? { kind: 'remaining', ms: remaining } : { kind: 'passed' };
}

/** `TTL 4m 10s left` / `no TTL limit` / `TTL passed`; empty when the server gave none or the task ended. */
export function formatTtl(state: TtlState): string {
  switch (state.kind) {
    case 'unknown':
    case 'ended':
      return '';
    case 'unlimited':
      return 'no TTL limit';
    case 'remaining':
      return `TTL ${formatDuration(state.ms)} left`;
    case 'passed':
      return 'TTL passed';
  }
}

/** A local date and time for a wall-clock ms value. */
export function formatClockTime(ms: number): string {
  return new Date(ms).toLocaleString();
}

/** A local time of day, `21:04`, for a moment of today (`now`: wall-clock ms); the local date and time for an earlier day. */
export function formatTimeOfDay(ms: number, now: number): string {
  const date = new Date(ms);
  if (date.toDateString() !== new Date(now).toDateString()) return formatClockTime(ms);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
