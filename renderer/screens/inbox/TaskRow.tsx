/**
 * One row of the inbox: status, tool, argument summary, server, input marker, live message,
 * progress, elapsed or "took", time to live (running tasks only), and for a finished task a
 * checkbox that selects it for removal.
 */
import { memo } from 'react';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { ProgressBar } from '../../components/ProgressBar';
import { StatusBadge } from '../../components/StatusBadge';
import { VisibleText } from '../../components/VisibleText';
import { useThrottledValue } from '../../hooks/use-throttled-value';
import { classifyTask, type TaskStatusKind } from '../../../shared/task-status';
import { taskProgress } from '../../../shared/derived-progress';
import { toVisibleString } from '../../lib/visible-text';
import { describeTimingClock, formatTiming, formatTtl, taskTiming, ttlRemaining } from '../../lib/time-format';
import { ROW_UPDATE_MS, TASK_ROW_HEIGHT } from './row-metrics';

export interface TaskRowProps {
  task: TaskSummary;
  serverName: string;
  now: number;
  /** Position in the filtered list (for `aria-posinset` and keyboard movement). */
  index: number;
  setSize: number;
  /** Top of the row in px within the list. */
  offset: number;
  /** Whether this row is the list's one Tab stop (roving tabindex). */
  isTabStop: boolean;
  /** Whether this task is the one open in the detail. */
  isSelected: boolean;
  onOpen: (id: string) => void;
  /** Finished rows only: whether the row is ticked for removal (absent: no checkbox). */
  isTicked?: boolean | undefined;
  /** Finished rows only: ticks or unticks the row (stable, so rows stay memoized). */
  onToggleTicked?: ((id: string) => void) | undefined;
}

/**
 * A task row; opening it shows the task's detail. Only the position changes for the rows an
 * update pushes down the list: they re-render this wrapper, not their content. The content
 * follows the task at most every `ROW_UPDATE_MS`, however often a server reports progress.
 */
export const TaskRow = memo(function TaskRow({ task: latest, serverName, now, index, setSize, offset, isTabStop, isSelected, onOpen, isTicked, onToggleTicked }: TaskRowProps) {
  const task = useThrottledValue(latest, ROW_UPDATE_MS);
  const kind = classifyTask(task);
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className="task-row"
      style={{ transform: `translateY(${offset}px)`, height: TASK_ROW_HEIGHT }}
      data-index={index}
      data-testid="task-row"
      data-task-id={task.localId}
      data-status={kind}
    >
      {onToggleTicked !== undefined && (
        <label className="task-row__select">
          <input
            type="checkbox"
            checked={isTicked === true}
            onChange={() => onToggleTicked(task.localId)}
            tabIndex={isTabStop ? 0 : -1}
            aria-label={`Select ${toVisibleString(task.toolName)} on ${toVisibleString(serverName)} for removal`}
            data-testid="task-row-select"
          />
        </label>
      )}
      <TaskRowContent task={task} kind={kind} serverName={serverName} now={now} isTabStop={isTabStop} isSelected={isSelected} onOpen={onOpen} />
    </div>
  );
});

interface TaskRowContentProps {
  task: TaskSummary;
  kind: TaskStatusKind;
  serverName: string;
  now: number;
  isTabStop: boolean;
  isSelected: boolean;
  onOpen: (id: string) => void;
}

const TaskRowContent = memo(function TaskRowContent({ task, kind, serverName, now, isTabStop, isSelected, onOpen }: TaskRowContentProps) {
  const timing = taskTiming(task, now);
  const ttl = formatTtl(ttlRemaining(task, now));
  const progress = taskProgress(task);
  return (
    <button type="button" className="task-row__button" tabIndex={isTabStop ? 0 : -1} aria-current={isSelected ? 'true' : undefined} onClick={() => onOpen(task.localId)}>
      <span className="task-row__line">
        <StatusBadge kind={kind} />
        <VisibleText className="task-row__tool" text={task.toolName} />
        {task.argumentSummary !== '' && (
          <span className="task-row__arguments" data-testid="task-row-arguments">
            <VisibleText text={task.argumentSummary} />
          </span>
        )}
        {/* A long server name shortens itself, never the tool's; the whole name stays in the tooltip. */}
        <span className="task-row__server" title={toVisibleString(serverName)} data-testid="task-row-server">
          on <VisibleText text={serverName} />
        </span>
        {kind === 'input-required' && (
          <span className="badge badge--input-required task-row__input-marker" data-testid="task-row-input-marker">
            Needs your input
          </span>
        )}
      </span>
      <span className="task-row__line task-row__line--secondary">
        <span className="task-row__message" data-testid="task-row-message">
          <VisibleText text={task.snapshot?.statusMessage ?? task.progress?.message ?? ''} multiline />
        </span>
        {progress !== undefined && <ProgressBar view={progress} label={`Progress of ${toVisibleString(task.toolName)}`} compact testId="task-row-progress" />}
        <span className="task-row__time" data-testid="task-row-time" title={describeTimingClock(timing)}>
          {formatTiming(timing)}
        </span>
        {ttl !== '' && <span className="task-row__ttl">{ttl}</span>}
      </span>
    </button>
  );
});
