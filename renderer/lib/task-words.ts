/**
 * The renderer's sentences about a task's state where a tool call (not a task) is concerned: a
 * call still running, and one answered (or refused) after the user's input. Everything else is
 * `explainStatus`'s.
 */
import type { TaskDetail } from '../../shared/ipc/contract';
import { CALL_WAITS_FOR_INPUT, explainStatus } from '../../shared/messages/status-messages';
import type { StatusContext } from '../../shared/task-status';

/** The fields the sentences read (a detail has them all; `answeredInputKeys` says whether the user answered). */
export type WordedTask = Pick<TaskDetail, 'phase' | 'snapshot' | 'endReason' | 'cancelRequestedAt' | 'plain' | 'answeredInputKeys'>;

/** What a call still waiting for its answer is, in words; one waiting for the user's input says so. */
export function describeCallInFlight(task: Pick<TaskDetail, 'plain'>, context: StatusContext = {}): string {
  if (context.waitsForInput === true) return CALL_WAITS_FOR_INPUT;
  return task.plain === true
    ? 'Call in progress — no task yet; the server works on it as a plain request.'
    : 'Call in progress — no task yet; the server may still answer with a task.';
}

/**
 * A sentence explaining the state, or undefined when the badge says it all: a call still in
 * flight says what it is, and a direct answer or refusal after the user's input says so (only the
 * detail knows what was answered); the rest is `explainStatus`'s.
 */
export function explainTask(task: WordedTask, context: StatusContext = {}): string | undefined {
  if (task.endReason === undefined && task.phase === 'calling' && task.cancelRequestedAt === undefined) return describeCallInFlight(task, context);
  if (task.answeredInputKeys.length === 0) return explainStatus(task, context);
  switch (task.endReason) {
    case 'answered':
      return 'The server answered this call after your input, without creating a task.';
    case 'answered-with-error':
      return 'The server answered this call after your input, without creating a task, with a tool error (see the result).';
    case 'refused':
      return 'The server refused this call after your input (see the error); no task was created.';
    default:
      return explainStatus(task, context);
  }
}
