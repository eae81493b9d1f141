/**
 * What the UIs (the renderer, the terminal client) call a task's state. The engine keeps several
 * facts apart (the call phase, the server's status, why it ended, whether the user asked to
 * cancel); a list needs one word that never claims something that did not happen. The words
 * themselves are in the message catalogue (shared/messages/status-messages.ts).
 */
import type { SnapshotFields, TrackedTask } from './task-model.js';
import { isTaskFinished } from './task-terminal.js';

/** Every state the UI distinguishes. */
export const TASK_STATUS_KINDS = [
  'starting',
  'working',
  'input-required',
  'cancel-requested',
  'completed',
  'completed-with-error',
  'failed',
  'cancelled',
  'outcome-unknown',
  'interrupted',
  'lost',
  'expired',
] as const;
export type TaskStatusKind = (typeof TASK_STATUS_KINDS)[number];

/** The fields the classification reads (a tracked task, a summary and a detail all have them). */
export type ClassifiableTask = Pick<TrackedTask, 'phase' | 'endReason' | 'cancelRequestedAt' | 'resultIsError'> & { snapshot?: SnapshotFields | undefined };

/** What the task's own fields cannot say, passed by a caller who knows it. */
export interface StatusContext {
  /**
   * The server waits for the user's answer to a question of this call (e.g. an MRTR round: the
   * server answered the call with an input request before any task existed). Only a call still
   * in `calling` reads it; a task says `input_required` itself.
   */
  waitsForInput?: boolean;
}

/**
 * One state for a task: the rule every outcome shown (badge, notification, tray, terminal client)
 * is derived from. Order matters: how the app lost track of a task outranks the last status seen,
 * a pending cancel outranks `working` because the server has not confirmed it, and a result that
 * says `isError` is never a success (a task may complete with one: the tool ran, and reported a failure).
 */
export function classifyTask(task: ClassifiableTask, context: StatusContext = {}): TaskStatusKind {
  if (task.phase === 'outcome-unknown') return 'outcome-unknown';
  if (task.endReason === 'interrupted') return 'interrupted';
  if (task.endReason === 'lost') return 'lost';
  if (task.endReason === 'expired') return 'expired';
  if (task.endReason === 'user-cancelled' || task.endReason === 'server-cancelled') return 'cancelled';
  if (task.endReason === 'answered-with-error') return 'completed-with-error';
  if (task.endReason === 'answered') return task.resultIsError === true ? 'completed-with-error' : 'completed';
  if (task.endReason === 'input-declined' || task.endReason === 'refused') return 'failed';
  const status = task.snapshot?.status;
  if (status === 'completed') return task.resultIsError === true ? 'completed-with-error' : 'completed';
  if (status === 'failed' || status === 'cancelled') return status;
  if (task.cancelRequestedAt !== undefined) return 'cancel-requested';
  if (task.phase === 'calling') return context.waitsForInput === true ? 'input-required' : 'starting';
  return status === 'input_required' ? 'input-required' : 'working';
}

/** True while the app still follows the task (it may change). */
export function isTaskActive(task: ClassifiableTask): boolean {
  return !isTaskFinished(task);
}
