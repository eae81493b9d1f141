/**
 * The 2025-11-25 server requests a task keeps on disk (`TrackedTask.legacyPendingRequests`): an
 * SDK 1.x server sends each elicitation, sampling or roots request once, on a `tasks/result`
 * stream that ends with the app, yet its HTTP session — where the server still waits for the
 * answer — outlives it. Kept only for tasks with a session to rejoin, and bounded: the params are
 * untrusted server data written to disk.
 */
import type { LegacyPendingRequest, TrackedTask } from '../../../shared/task-model.js';

/** Most requests kept per task (as many as the extension form's `inputRequests` accepts at once). */
export const MAX_KEPT_REQUESTS = 32;
/** Largest request params kept, as JSON characters. */
export const MAX_KEPT_PARAMS_CHARS = 64_000;

/** Why a request was not kept (it is still asked live; only a restart cannot bring it back). */
export type NotKept = 'no-session' | 'too-many' | 'too-large';

/**
 * `task` with `entry` added to its kept requests, or why it was not kept: the task lives in no
 * rejoinable session (stdio: its server ends with the app), it already keeps
 * `MAX_KEPT_REQUESTS`, or the params exceed `MAX_KEPT_PARAMS_CHARS`.
 */
export function keepRequest(task: TrackedTask, entry: LegacyPendingRequest): { task: TrackedTask } | { notKept: NotKept } {
  if (task.legacySession === undefined) return { notKept: 'no-session' };
  const kept = (task.legacyPendingRequests ?? []).filter((other) => other.key !== entry.key);
  if (kept.length >= MAX_KEPT_REQUESTS) return { notKept: 'too-many' };
  if (JSON.stringify(entry.request.params ?? {}).length > MAX_KEPT_PARAMS_CHARS) return { notKept: 'too-large' };
  return { task: { ...task, legacyPendingRequests: [...kept, entry] } };
}

/** `task` without the kept requests of `keys` (all of them when `keys` is undefined); unchanged when it keeps none of them. */
export function dropRequests<T extends Pick<TrackedTask, 'legacyPendingRequests'>>(task: T, keys?: readonly string[]): T {
  const kept = task.legacyPendingRequests;
  if (kept === undefined) return task;
  const rest = keys === undefined ? [] : kept.filter((entry) => !keys.includes(entry.key));
  if (rest.length === kept.length) return task;
  if (rest.length > 0) return { ...task, legacyPendingRequests: rest };
  const { legacyPendingRequests: _dropped, ...without } = task;
  return without as T;
}
