/**
 * The 2025-11-25 server requests a task keeps on disk (`TrackedTask.legacy.pendingRequests`): an
 * SDK 1.x server sends each elicitation, sampling or roots request once, on a `tasks/result`
 * stream that ends with the app, yet its HTTP session — where the server still waits for the
 * answer — outlives it. Kept only for tasks with a session to rejoin, and bounded: the params are
 * untrusted server data written to disk.
 */
import type { LegacyPendingRequest, LegacySession, TrackedTask } from '../../../../shared/task-model.js';
import { withoutKeptRequests } from '../../tasks/task-rules.js';

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
  const legacy = task.legacy;
  if (legacy === undefined) return { notKept: 'no-session' };
  const kept = (legacy.pendingRequests ?? []).filter((other) => other.key !== entry.key);
  if (kept.length >= MAX_KEPT_REQUESTS) return { notKept: 'too-many' };
  if (JSON.stringify(entry.request.params ?? {}).length > MAX_KEPT_PARAMS_CHARS) return { notKept: 'too-large' };
  return { task: { ...task, legacy: { ...legacy, pendingRequests: [...kept, entry] } } };
}

/** What to do with the kept requests of a server's tasks once it connected (see `planResume`). */
export interface ResumePlan {
  /** Tasks to store without their kept requests (their session is gone, or they ended). */
  drop: TrackedTask[];
  /** Kept requests to hold again and show, each with its task. */
  adopt: Array<{ task: TrackedTask; kept: LegacyPendingRequest }>;
}

/**
 * The kept requests of `tasks` (one server's) after a connection to `session`: those of unfinished
 * tasks of that very session are asked again (the server still waits for them, under their
 * original JSON-RPC ids); every other task's are dropped — its session, and the server's wait,
 * are gone.
 */
export function planResume(tasks: readonly TrackedTask[], session: LegacySession | undefined, isFinished: (task: TrackedTask) => boolean): ResumePlan {
  const plan: ResumePlan = { drop: [], adopt: [] };
  for (const task of tasks) {
    const pending = task.legacy?.pendingRequests;
    if (pending === undefined || task.serverTaskId === undefined) continue;
    if (isFinished(task) || session === undefined || task.legacy?.session.id !== session.id) {
      plan.drop.push(withoutKeptRequests(task));
      continue;
    }
    for (const kept of pending) plan.adopt.push({ task, kept });
  }
  return plan;
}
