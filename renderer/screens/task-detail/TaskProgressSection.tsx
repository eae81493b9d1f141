/**
 * A live entry's progress: what it is (a call with no task yet, or a task), the elapsed time
 * ticking, and its progress bar (the server's figure, or one read from its status message).
 * Nothing once the entry has ended: its facts say how long it took.
 */
import type { TaskDetail } from '../../../shared/ipc/contract';
import { ProgressBar } from '../../components/ProgressBar';
import { useNow } from '../../hooks/use-now';
import { useThrottledValue } from '../../hooks/use-throttled-value';
import { isTaskActive, type StatusContext } from '../../../shared/task-status';
import { taskProgress } from '../../../shared/derived-progress';
import { describeTimingClock, formatTiming, taskTiming } from '../../lib/time-format';
import { describeCallInFlight } from '../../lib/task-words';
import { toVisibleString } from '../../lib/visible-text';

/** Least time between two renders of the bar (at most ~10 a second, however chatty the server). */
const PROGRESS_UPDATE_MS = 100;

/** The progress section of the detail screen; nothing for an ended entry. `context`: what the task alone cannot say (it waits for input). */
export function TaskProgressSection({ task: latest, context }: { task: TaskDetail; context?: StatusContext }) {
  const task = useThrottledValue(latest, PROGRESS_UPDATE_MS);
  const now = useNow();
  if (!isTaskActive(latest)) return null;
  const progress = taskProgress(task);
  const timing = taskTiming(task, now);
  return (
    <section className="task-detail__section task-progress" data-testid="task-progress-section" aria-labelledby="task-progress-title">
      <h2 id="task-progress-title">Progress</h2>
      {task.phase === 'calling' && (
        <p data-testid="task-call-state">{describeCallInFlight(task, context)}</p>
      )}
      <p className="task-progress__line">
        <span data-testid="task-elapsed" title={describeTimingClock(timing)}>
          {formatTiming(timing)}
        </span>
        {progress !== undefined ? (
          <ProgressBar view={progress} label={`Progress of ${toVisibleString(task.toolName)}`} testId="task-progress" />
        ) : (
          <span className="muted" data-testid="task-progress-none">
            No progress reported by the server.
          </span>
        )}
      </p>
    </section>
  );
}
