/**
 * How the terminal client ends, for scripts: the exit code says how the call or task ended. The
 * one-word state comes from `classifyTask` (the rule the app's own lists use, which never calls a
 * tool error a success): a call or task completed with an `isError` result counts as failed (the
 * tool reported a failure), and a refused call has its own code.
 */
import { isToolErrorResult, type ToolResult, type TrackedTask } from '../../../shared/task-model.js';
import { classifyTask } from '../../../shared/task-status.js';

/** Every way a command can end, with its exit code. */
export const EXIT_CODES = {
  completed: 0,
  failed: 1,
  usage: 2,
  cancelled: 3,
  refused: 4,
  lost: 5,
  'could-not-run': 6,
  'not-finished': 8,
} as const;

/** How a command ended (the `outcome` of its last JSON line). */
export type Outcome = keyof typeof EXIT_CODES;

/** What `--help` says about the exit codes. */
export const EXIT_CODE_HELP = `Exit codes:
  0  completed
  1  failed: the task failed, the tool answered with an error result (isError), or the call
     was abandoned because a question it needed was declined
  2  the command line cannot be used
  3  cancelled (by you or by the server)
  4  refused: the server refused the call (for example an unknown tool or bad arguments)
  5  lost: the task expired, the server no longer knows it, whether the call started is unknown,
     or the call was interrupted (the app stopped before its answer could be received)
  6  could not run: the server could not be reached, the data folder is in use, or it failed
  8  not finished: the task is still running or waits for input (follow it with
     "tasks show <id> --watch")`;

/**
 * The outcome of a tracked task or call as it stands; `result` is its stored result, if any (an
 * entry saved before the engine noted `resultIsError` says it only there).
 */
export function outcomeOfTask(task: TrackedTask, result: ToolResult | undefined): Outcome {
  if (task.endReason === 'refused') return 'refused';
  const state = classifyTask(result !== undefined && isToolErrorResult(result) ? { ...task, resultIsError: true } : task);
  switch (state) {
    case 'completed':
      return 'completed';
    case 'completed-with-error':
      return 'failed';
    case 'failed':
    case 'cancelled':
      return state;
    case 'lost':
    case 'expired':
    case 'outcome-unknown':
    case 'interrupted':
      return 'lost';
    case 'starting':
    case 'working':
    case 'input-required':
    case 'cancel-requested':
      return 'not-finished';
  }
}
