/**
 * The catalogue's part for task states: the word on each status badge and the sentence that
 * explains a state the badge alone cannot (the classification itself is shared/task-status.ts).
 * Part of the app's one message catalogue, this folder (see fact-messages.ts).
 */
import { isTaskActive, type ClassifiableTask, type StatusContext, type TaskStatusKind } from '../task-status.js';

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

/** What a call waiting for the user's answer is, in words (the server asked before running it). */
export const CALL_WAITS_FOR_INPUT = 'The server asked for your input before it runs this call; it waits for your answer.';

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
