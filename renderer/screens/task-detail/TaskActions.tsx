/**
 * Cancel, Run again and Remove. Cancel is cooperative (PROTOCOL.md §3.6.4): after the host
 * accepts it the task reads "cancel requested" until the server's real final state arrives,
 * which may still be `completed`.
 */
import type { TaskDetail } from '../../../shared/ipc/contract';
import { ConfirmAction } from '../../components/ConfirmAction';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ToolResultView } from '../../components/ToolResultView';
import { isTaskActive } from '../../../shared/task-status';
import { formatClockTime } from '../../lib/time-format';
import { errorMessage } from '../../queries/unwrap';
import { useTaskActions } from './use-task-actions';

/** The task's commands and their outcomes. */
export function TaskActions({ task }: { task: TaskDetail }) {
  const actions = useTaskActions(task.id);
  const isActive = isTaskActive(task);
  const isCancelRequested = task.cancelRequestedAt !== undefined;
  const canCancel = isActive && !isCancelRequested && task.phase === 'task';

  return (
    <div className="task-actions">
      <div className="task-actions__buttons">
        {canCancel && (
          <button type="button" className="button" onClick={actions.onCancel} disabled={actions.cancel.isPending} data-testid="task-cancel">
            {actions.cancel.isPending ? 'Cancelling…' : 'Cancel task'}
          </button>
        )}
        <button type="button" className="button" onClick={actions.onRunAgain} disabled={actions.runAgain.isPending} data-testid="task-run-again">
          {actions.runAgain.isPending ? 'Starting…' : 'Run again'}
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
          <strong>Cancel requested</strong> at {formatClockTime(task.cancelRequestedAt!)}. Cancellation is cooperative: the server may still
          finish the task, and its final state will show here.
        </p>
      )}
      {actions.cancel.isError && <ErrorNotice title="Could not cancel" message={errorMessage(actions.cancel.error)} testId="task-cancel-error" />}
      {actions.runAgain.isError && <ErrorNotice title="Could not run again" message={errorMessage(actions.runAgain.error)} testId="task-run-again-error" />}
      {actions.remove.isError && <ErrorNotice title="Could not remove" message={errorMessage(actions.remove.error)} testId="task-remove-error" />}
      {actions.immediateResult !== null && (
        <section className="task-detail__section" data-testid="run-again-result" aria-label="Result of running again">
          <h2>Ran again: the server answered at once</h2>
          <ToolResultView result={actions.immediateResult} />
        </section>
      )}
    </div>
  );
}
