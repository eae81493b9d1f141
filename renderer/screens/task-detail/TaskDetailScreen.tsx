/** One task or call in full: actions, progress, pending questions, facts, error, result, timeline, raw JSON. */
import type { ReactNode } from 'react';
import type { TaskDetail } from '../../../shared/ipc/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { JsonTree } from '../../components/JsonTree';
import { RawJson } from '../../components/RawJson';
import { ScreenHeading } from '../../components/ScreenHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { VisibleText } from '../../components/VisibleText';
import { classifyTask, type StatusContext } from '../../../shared/task-status';
import { waitsForInput } from '../../lib/pending-inputs';
import { errorMessage } from '../../queries/unwrap';
import { usePendingInputs, useServerNames } from '../../live/live-context';
import { useAppStore } from '../../store/store-context';
import { selectShowScreen } from '../../store/selectors';
import { PendingInputs } from './PendingInputs';
import { TaskActivity } from './activity/TaskActivity';
import { TaskActions } from './TaskActions';
import { TaskErrorView } from './TaskErrorView';
import { TaskFacts } from './TaskFacts';
import { TaskProgressSection } from './TaskProgressSection';
import { TaskResultSection } from './TaskResultSection';
import { TaskTimeline } from './TaskTimeline';
import { useLiveTaskDetail } from './use-live-task-detail';
import './task-detail.css';

export interface TaskDetailScreenProps {
  /** The task's local id. */
  localId: string;
  /**
   * Shown as the inbox's right-hand pane (an `<h2>` below the list's `<h1>`, and a Close
   * button) rather than as a page of its own (an `<h1>` and a Back button).
   */
  isEmbedded?: boolean;
}

/** The detail screen for the task with local id `localId`. */
export function TaskDetailScreen({ localId, isEmbedded = false }: TaskDetailScreenProps) {
  const { detail, task } = useLiveTaskDetail(localId);
  const showScreen = useAppStore(selectShowScreen);
  const back = isEmbedded ? (
    <button type="button" className="button task-detail__close" onClick={() => showScreen('inbox')} aria-label="Close the task" data-testid="task-close">
      ×
    </button>
  ) : (
    <button type="button" className="button" onClick={() => showScreen('inbox')} data-testid="task-back">
      ← Back to the inbox
    </button>
  );
  const level = isEmbedded ? 2 : 1;
  if (task !== undefined && task !== null) return <TaskDetailView task={task} back={back} level={level} />;
  return (
    <section className="screen" data-testid="task-detail-unavailable" aria-labelledby="task-title">
      {back}
      {detail.isPending && <p role="status">Loading the task…</p>}
      {detail.isError && <ErrorNotice title="Could not load this task" message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />}
      {task === null && (
        <div data-testid="task-detail-gone">
          <ScreenHeading id="task-title" level={level}>
            Task not found
          </ScreenHeading>
          <p>
            No task with the id <VisibleText text={localId} /> is in the inbox: it was removed, or the address is wrong.
          </p>
        </div>
      )}
    </section>
  );
}

function TaskDetailView({ task, back, level }: { task: TaskDetail; back: ReactNode; level: 1 | 2 }) {
  const serverNames = useServerNames();
  const inputs = usePendingInputs();
  const context: StatusContext = { waitsForInput: waitsForInput(inputs.data ?? [], task.localId) };
  const kind = classifyTask(task, context);
  return (
    <section className="screen task-detail" data-testid="task-detail" data-task-id={task.localId} aria-labelledby="task-title">
      {back}
      <ScreenHeading id="task-title" level={level}>
        <VisibleText text={task.toolName} /> <StatusBadge kind={kind} />
      </ScreenHeading>
      <TaskActions task={task} />
      <TaskProgressSection task={task} context={context} />
      <PendingInputs localId={task.localId} />
      <TaskFacts task={task} context={context} serverName={serverNames.get(task.serverId) ?? task.serverId} />
      {task.snapshot?.error !== undefined && <TaskErrorView error={task.snapshot.error} />}
      {task.callError !== undefined && <TaskErrorView error={task.callError} title="The server refused the call" />}
      {task.hasResult && <TaskResultSection localId={task.localId} />}
      <section className="task-detail__section" aria-labelledby="task-arguments-title">
        <h2 id="task-arguments-title">Arguments</h2>
        <JsonTree value={task.arguments} label="arguments" />
      </section>
      <TaskTimeline entries={task.timeline} />
      <TaskActivity task={task} serverName={serverNames.get(task.serverId) ?? task.serverId} />
      <RawJson value={task} label="Raw task JSON" testId="task-raw-json" />
    </section>
  );
}
