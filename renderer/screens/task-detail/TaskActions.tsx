/**
 * Cancel, Run again… (the launcher, filled in with this call) and Remove. Cancel asks first and says what it does, which differs: a call
 * still on the wire is cancelled as a request (the server is told to stop and its answer is no
 * longer awaited); a task is asked to cancel (`tasks/cancel`), which is cooperative: after the
 * host accepts it the task reads "cancel requested" until the server's real final state
 * arrives, which may still be `completed`.
 */
import type { TaskDetail } from '../../../shared/ipc/contract';
import { ConfirmAction } from '../../components/ConfirmAction';
import { ErrorNotice } from '../../components/ErrorNotice';
import { isTaskActive } from '../../../shared/task-status';
import { formatClockTime } from '../../lib/time-format';
import { errorMessage } from '../../queries/unwrap';
import { useTaskActions } from './use-task-actions';

/** What Cancel does, asked before it is done. */
const CANCEL_QUESTIONS = {
  call: 'Cancel this call? The server is told to stop working on the request and its answer is no longer awaited; what it already did is not undone.',
  task: 'Ask the server to cancel this task? Cancellation is cooperative: the server may still finish it, and its final state will show here.',
} as const;

/** The task's commands and their outcomes. */
export function TaskActions({ task }: { task: TaskDetail }) {
  const actions = useTaskActions(task);
  const isActive = isTaskActive(task);
  const isCancelRequested = task.cancelRequestedAt !== undefined;
  const cancels = task.phase === 'calling' ? 'call' : 'task';
  const canCancel = isActive && !isCancelRequested;

  return (
    <div className="task-actions">
      <div className="task-actions__buttons">
        {canCancel && (
          <ConfirmAction
            label={cancels === 'call' ? 'Cancel call' : 'Cancel task'}
            question={CANCEL_QUESTIONS[cancels]}
            confirmLabel={cancels === 'call' ? 'Cancel the call' : 'Cancel the task'}
            onConfirm={actions.onCancel}
            isPending={actions.cancel.isPending}
            testId="task-cancel"
          />
        )}
        <button type="button" className="button" onClick={actions.onRunAgain} data-testid="task-run-again">
          Run again…
        </button>
        <ConfirmAction
          label="Remove"
          accessibleLabel="Remove from the inbox"
          question={isActive ? 'Stop following this task and remove it? This does not cancel it on the server.' : 'Remove this task from the inbox?'}
          confirmLabel="Remove"
          onConfirm={actions.onRemove}
          isPending={actions.remove.isPending}
          testId="task-remove"
        />
      </div>
      {isActive && isCancelRequested && (
        <p className="notice notice--info" role="status" data-testid="task-cancel-requested">
          <strong>Cancel requested</strong> at {formatClockTime(task.cancelRequestedAt!)}.{' '}
          {task.phase === 'calling'
            ? 'The server was told to stop; the call ends here as soon as the app has let go of it.'
            : 'Cancellation is cooperative: the server may still finish the task, and its final state will show here.'}
        </p>
      )}
      {actions.cancel.isError && <ErrorNotice title="Could not cancel" message={errorMessage(actions.cancel.error)} testId="task-cancel-error" />}
      {actions.remove.isError && <ErrorNotice title="Could not remove" message={errorMessage(actions.remove.error)} testId="task-remove-error" />}
    </div>
  );
}
