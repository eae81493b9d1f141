/**
 * Pure rules for task state: how observations merge, when to poll next, how a task ends when
 * its server forgets it. No I/O and no clock reads: callers pass `now`. Table-tested.
 */
import {
  isTerminalStatus,
  TIMELINE_CAP,
  type EndReason,
  type TaskSnapshot,
  type TimelineEntry,
  type TrackedTask,
} from '../../../shared/task-model.js';
import { clampPollInterval } from '../../../shared/poll-interval.js';
import { timestampMs } from '../../../shared/timestamp.js';

// Re-exported so the engine takes every scheduling rule from this module; the clamp itself lives
// in shared/ because the UI must show the interval the engine really uses.
export { clampPollInterval };

/** While a healthy subscription pushes a task, it is still polled this often as a safety net. */
export const SUBSCRIBED_SAFETY_POLL_MS = 30_000;
/** The longest back-off between polls of a task whose polls keep failing. */
export const MAX_ERROR_BACKOFF_MS = 60_000;

/**
 * Delay before the next poll of a task.
 * @param consecutiveErrors failed polls in a row; each doubles the delay up to 60 s.
 * @param isSubscribed a healthy subscription pushes this task, so polling is only a safety net.
 */
export function nextPollDelay(suggestedMs: number | undefined, consecutiveErrors: number, isSubscribed: boolean): number {
  const base = clampPollInterval(suggestedMs);
  if (consecutiveErrors > 0) {
    return Math.min(MAX_ERROR_BACKOFF_MS, base * 2 ** Math.min(consecutiveErrors, 16));
  }
  return isSubscribed ? Math.max(base, SUBSCRIBED_SAFETY_POLL_MS) : base;
}

/** Why an observation was not applied, or `applied`. */
export type MergeOutcome = 'applied' | 'duplicate' | 'stale' | 'after-terminal';

export interface MergeResult {
  outcome: MergeOutcome;
  /** The task after the merge (the same object when nothing changed). */
  task: TrackedTask;
}

/** Appends to a timeline, keeping only the newest `TIMELINE_CAP` entries. */
export function appendTimeline(timeline: readonly TimelineEntry[], entry: TimelineEntry): TimelineEntry[] {
  const next = [...timeline, entry];
  return next.length > TIMELINE_CAP ? next.slice(next.length - TIMELINE_CAP) : next;
}

/** Field-by-field equality; only the rare structured members are compared as JSON (hot path: every poll). */
function sameSnapshot(a: TaskSnapshot, b: TaskSnapshot): boolean {
  return a.taskId === b.taskId
    && a.status === b.status
    && a.statusMessage === b.statusMessage
    && a.createdAt === b.createdAt
    && a.lastUpdatedAt === b.lastUpdatedAt
    && a.ttlMs === b.ttlMs
    && a.pollIntervalMs === b.pollIntervalMs
    && sameJson(a.inputRequests, b.inputRequests)
    && sameJson(a.error, b.error);
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * Merges a snapshot observed on the wire (poll, push or cancel answer) into a task.
 * Terminal states never regress; an older `lastUpdatedAt` loses; duplicates are idempotent.
 * A terminal `cancelled` gets an end reason saying who cancelled (PROTOCOL.md §3.6.4: a cancel
 * request may still end `completed`, which is then shown as such).
 */
export function mergeSnapshot(task: TrackedTask, incoming: TaskSnapshot, now: number): MergeResult {
  const current = task.snapshot;
  if (task.endReason !== undefined || (current !== undefined && isTerminalStatus(current.status))) {
    return { outcome: current !== undefined && sameSnapshot(current, incoming) ? 'duplicate' : 'after-terminal', task };
  }
  if (current !== undefined) {
    if (sameSnapshot(current, incoming)) return { outcome: 'duplicate', task };
    const currentAt = timestampMs(current.lastUpdatedAt);
    const incomingAt = timestampMs(incoming.lastUpdatedAt);
    if (currentAt !== undefined && incomingAt !== undefined && incomingAt < currentAt) {
      return { outcome: 'stale', task };
    }
  }
  const statusChanged = current?.status !== incoming.status;
  const messageChanged = current?.statusMessage !== incoming.statusMessage;
  let timeline = task.timeline;
  if (statusChanged || messageChanged) {
    timeline = appendTimeline(timeline, {
      at: now,
      status: incoming.status,
      ...(incoming.statusMessage !== undefined ? { statusMessage: incoming.statusMessage } : {}),
    });
  }
  let endReason: EndReason | undefined;
  if (incoming.status === 'cancelled') {
    endReason = task.cancelRequestedAt !== undefined ? 'user-cancelled' : 'server-cancelled';
  }
  const next: TrackedTask = {
    ...task,
    snapshot: incoming,
    timeline,
    updatedAt: now,
    ...(endReason !== undefined ? { endReason } : {}),
  };
  delete next.lastError;
  return { outcome: 'applied', task: next };
}

/**
 * Ends a task the server no longer knows (`-32602` on `tasks/get`): `expired` when its TTL ran
 * out by the local clock since it was first observed (SECURITY.md §7: never compare the server's
 * `createdAt` with the local wall clock), otherwise `lost` (e.g. a restarted server forgot it).
 */
export function endAsUnknownToServer(task: TrackedTask, now: number, detail: string): TrackedTask {
  const ttl = task.snapshot?.ttlMs;
  const anchor = task.observedAt ?? task.createdAt;
  const reason: EndReason = typeof ttl === 'number' && now >= anchor + ttl ? 'expired' : 'lost';
  const note = reason === 'expired' ? `Expired on the server: ${detail}` : `The server no longer knows this task: ${detail}`;
  return {
    ...task,
    endReason: reason,
    updatedAt: now,
    timeline: appendTimeline(task.timeline, { at: now, note }),
  };
}
