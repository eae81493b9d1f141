/**
 * One question in the needs-input queue or on its task's detail: which server asks (the user's
 * name for it, then its own), a reminder about what to share, and the form in place — or, once
 * answered while the task's other questions are still open, a line saying the answer waits for them.
 */
import type { ReactNode } from 'react';
import { MAX_OPEN_INPUTS_PER_SERVER, type PendingInputView } from '../../../shared/ipc/contract';
import { formatClockTime } from '../../lib/time-format';
import { errorMessage } from '../../queries/unwrap';
import { useCancelTask } from '../../queries/mutations';
import { ErrorNotice } from '../ErrorNotice';
import { InputForm, InputServerName } from './InputForm';

export interface InputItemProps {
  input: PendingInputView;
  /** Whether the form shows; a closed entry shows `opener` instead. A queued question shows why it waits. */
  isOpen: boolean;
  /** Extra header content (e.g. a link to the task). */
  extra?: ReactNode;
  opener?: ReactNode;
}

/** An entry of the queue (also embedded in the task detail). */
export function InputItem({ input, isOpen, extra, opener }: InputItemProps) {
  return (
    <li className="input-item" data-testid="input-item" data-task-id={input.taskId} data-key={input.key}>
      <div className="input-item__header">
        <span>
          <InputServerName server={input.server} /> is asking
        </span>
        <span className="field__help">since {formatClockTime(input.receivedAt)}</span>
        {extra}
      </div>
      <p className="input-item__reminder">Share only what you would trust this server with.</p>
      {input.round !== undefined && !input.held && <AskedAgainNotice round={input.round} taskId={input.taskId} />}
      {input.held ? <HeldNotice /> : input.queuePlace !== undefined ? <QueuedNotice place={input.queuePlace} /> : isOpen ? <InputForm input={input} /> : opener}
    </li>
  );
}

/**
 * The server asked this again after the user's answer reached it (round 2, 3, …): it may be
 * looping. The user can answer again, or stop the task (or the call) here.
 */
function AskedAgainNotice({ round, taskId }: { round: number; taskId: string | undefined }) {
  const stop = useCancelTask();
  return (
    <div className="notice notice--attention" data-testid="input-asked-again">
      <p>
        Asked again (round {round}): the server asked this once more after your answer reached it. If it keeps asking, stop it.
      </p>
      {taskId !== undefined && (
        <button type="button" className="button button--small" disabled={stop.isPending || stop.isSuccess} onClick={() => stop.mutate(taskId)} data-testid="input-stop">
          Stop the task
        </button>
      )}
      {stop.error !== null && <ErrorNotice title="The task was not stopped" message={errorMessage(stop.error)} testId="input-stop-error" />}
    </div>
  );
}

/** Why a question has no form yet: its server already has the most questions open at once. */
function QueuedNotice({ place }: { place: number }) {
  return (
    <p className="notice notice--info" data-testid="input-queued">
      Queued{place > 1 ? ` (${place} in line)` : ''}: this server already has {MAX_OPEN_INPUTS_PER_SERVER} questions open. This one opens when you answer one
      of them.
    </p>
  );
}

/** An answered question whose answer waits to go to the server with the task's other answers. */
function HeldNotice() {
  return (
    <p className="notice notice--info" role="status" data-testid="input-held">
      Answered. It is sent with your answers to this task’s other questions.
    </p>
  );
}
