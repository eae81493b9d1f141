/**
 * What the UIs (the renderer, the terminal client) call a task's state. The engine keeps several
 * facts apart (the call phase, the server's status, why it ended, whether the user asked to
 * cancel); a list needs one word that never claims something that did not happen.
 */
import type { TrackedTask } from './task-model.js';
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

/** The word shown on a status badge. */
export const STATUS_LABELS: Record<TaskStatusKind, string> = {
  starting: 'Calling',
  working: 'Working',
  'input-required': 'Input required',
  'cancel-requested': 'Cancel requested',
  completed: 'Completed',
  'completed-with-error': 'Completed with tool error',
  failed: 'Failed',
  cancelled: 'Cancelled',
  'outcome-unknown': 'Outcome unknown',
  interrupted: 'Interrupted',
  lost: 'Lost',
  expired: 'Expired',
};

/** The fields the classification reads (a tracked task, a summary and a detail all have them). */
export type ClassifiableTask = Pick<TrackedTask, 'phase' | 'snapshot' | 'endReason' | 'cancelRequestedAt' | 'resultIsError'>;

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

/** What a call waiting for the user's answer is, in words (the server asked before running it). */
export const CALL_WAITS_FOR_INPUT = 'The server asked for your input before it runs this call; it waits for your answer.';

/** True while the app still follows the task (it may change). */
export function isTaskActive(task: ClassifiableTask): boolean {
  return !isTaskFinished(task);
}

/** A sentence explaining a state the badge alone cannot, or undefined when the badge says it all. */
export function explainStatus(task: ClassifiableTask, context: StatusContext = {}): string | undefined {
  switch (task.endReason) {
    case 'user-cancelled':
      // A call cancelled on the wire never was a task: no server confirms that cancel.
      if (task.phase === 'calling') return 'You cancelled this call before the server answered; its request was withdrawn, and an answer arriving later is ignored.';
      return 'Cancelled at your request; the server confirmed it.';
    case 'server-cancelled':
      return 'Cancelled by the server (you did not ask for it).';
    case 'expired':
      return 'The server forgot this task after its time to live ran out.';
    case 'lost':
      return 'The server no longer knows this task, for example because it restarted. Its outcome is unknown.';
    case 'input-declined':
      return 'You declined a request the server needed before it could run this call, so the call was abandoned and not sent again.';
    case 'answered':
      return 'The server answered this call directly, without creating a task.';
    case 'answered-with-error':
      return 'The server answered this call directly, without creating a task, with a tool error (see the result).';
    case 'refused':
      return 'The server refused this call (see the error); no task was created.';
    case 'interrupted':
      return 'Interrupted — the server\'s answer could not be received: the app stopped while this call ran (no task can come of it). It was not sent again.';
    default:
      break;
  }
  if (task.phase === 'outcome-unknown') {
    return 'The app stopped while this call was being sent, so whether the server started it is unknown. It was not sent again.';
  }
  if (task.phase === 'calling') {
    return context.waitsForInput === true ? CALL_WAITS_FOR_INPUT : 'The call was sent; the server has not answered yet.';
  }
  if (task.cancelRequestedAt !== undefined && isTaskActive(task)) {
    return 'Cancellation is cooperative: the server may still finish the task, and its final state will show here.';
  }
  return undefined;
}
