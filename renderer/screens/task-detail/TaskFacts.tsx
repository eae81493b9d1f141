/** The facts about a task: who runs it, its ids, times, protocol form and polling. */
import type { TaskDetail } from '../../../shared/ipc/contract';
import { describeLastProblem } from '../../../shared/messages/fact-messages';
import type { StatusContext } from '../../../shared/task-status';
import { CopyButton } from '../../components/CopyButton';
import { FoldedText } from '../../components/FoldedText';
import { VisibleText } from '../../components/VisibleText';
import { useNow } from '../../hooks/use-now';
import { explainTask } from '../../lib/task-words';
import { describePolling } from '../../lib/poll-words';
import { describeTimingClock, formatClockTime, formatTiming, formatTtl, taskTiming, ttlRemaining } from '../../lib/time-format';

/** How the UI names each task wire form. */
const FORM_LABELS: Record<TaskDetail['form'], string> = {
  extension: 'Tasks extension (2026-07-28)',
  legacy: 'Experimental tasks (2025-11-25)',
};

/** The task's facts as a description list; `context`: what the task alone cannot say (it waits for input). */
export function TaskFacts({ task, serverName, context }: { task: TaskDetail; serverName: string; context?: StatusContext }) {
  const now = useNow();
  const explanation = explainTask(task, context);
  const problem = describeLastProblem(task);
  const timing = taskTiming(task, now);
  const ttl = ttlRemaining(task, now);
  return (
    <dl className="facts" data-testid="task-facts">
      {explanation !== undefined && (
        <>
          <dt>State</dt>
          <dd data-testid="task-explanation">{explanation}</dd>
        </>
      )}
      <dt>Status message</dt>
      <dd data-testid="task-status-message">
        {task.snapshot?.statusMessage !== undefined ? <FoldedText text={task.snapshot.statusMessage} multiline /> : <span className="muted">None</span>}
      </dd>
      <dt>Tool</dt>
      <dd>
        <VisibleText className="code" text={task.toolName} />
      </dd>
      <dt>Server</dt>
      <dd data-testid="task-server">
        <VisibleText text={serverName} />
      </dd>
      <dt>Protocol</dt>
      <dd data-testid="task-form">{FORM_LABELS[task.form]}</dd>
      <dt>Task id</dt>
      <dd>
        {task.serverTaskId !== undefined ? (
          <>
            <span data-testid="task-id">
              <VisibleText className="code task-id" text={task.serverTaskId} />
            </span>{' '}
            <CopyButton value={task.serverTaskId} what="task id" testId="copy-task-id" />
          </>
        ) : task.endReason !== undefined || task.phase === 'outcome-unknown' ? (
          // Only a call that never became a task ends without a task id (answered, refused, declined, cancelled, interrupted).
          <span className="muted">None: the server created no task for this call.</span>
        ) : task.plain === true ? (
          <span className="muted">None: this call runs as a plain request, not as a task.</span>
        ) : (
          <span className="muted">None yet: the server may still answer this call with a task.</span>
        )}
      </dd>
      <dt>Started</dt>
      <dd>{formatClockTime(task.createdAt)}</dd>
      <dt>Last update</dt>
      <dd>{formatClockTime(task.updatedAt)}</dd>
      <dt>Time</dt>
      <dd data-testid="task-timing" title={describeTimingClock(timing)}>
        {formatTiming(timing)}
      </dd>
      {ttl.kind !== 'ended' && (
        <>
          <dt>Time to live</dt>
          <dd data-testid="task-ttl">{formatTtl(ttl) || 'not given by the server'}</dd>
        </>
      )}
      <dt>Poll interval</dt>
      <dd data-testid="task-poll-interval">{describePolling(task)}</dd>
      {problem !== undefined && (
        <>
          <dt>Last problem</dt>
          <dd data-testid="task-last-error">
            <FoldedText text={problem} multiline />
          </dd>
        </>
      )}
    </dl>
  );
}
