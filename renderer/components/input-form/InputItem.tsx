/**
 * One question of a task's card (the needs-input queue, the task detail): the form in place; or,
 * when it cannot be answered now, what it asks and why not — queued behind its server's open
 * questions, or answered already (the answer held until the task's other questions are answered).
 */
import { MAX_OPEN_INPUTS_PER_SERVER, type PendingInputView } from '../../../shared/ipc/contract';
import type { AnswerAction } from '../../../shared/elicitation/elicit-result';
import { questionText } from '../../lib/pending-inputs';
import { errorMessage } from '../../queries/unwrap';
import { useCancelTask } from '../../queries/mutations';
import { ErrorNotice } from '../ErrorNotice';
import { FoldedText } from '../FoldedText';
import { InputForm } from './InputForm';

/** A question of a card. */
export function InputItem({ input }: { input: PendingInputView }) {
  const isWaiting = input.held || input.queuePlace !== undefined;
  return (
    <li className="input-item" data-testid="input-item" data-task-id={input.localId} data-key={input.key} data-state={input.held ? 'held' : input.queuePlace !== undefined ? 'queued' : 'open'}>
      {input.round !== undefined && !input.held && <AskedAgainNotice round={input.round} localId={input.localId} />}
      {isWaiting && (
        <p className="input-item__question" data-testid="input-question">
          <FoldedText text={questionText(input)} multiline />
        </p>
      )}
      {input.held ? <HeldNotice action={input.heldAction ?? 'accept'} /> : input.queuePlace !== undefined ? <QueuedNotice place={input.queuePlace} /> : <InputForm input={input} />}
    </li>
  );
}

/**
 * The server asked this again after the user's answer reached it (round 2, 3, …): it may be
 * looping. The user can answer again, or stop the task (or the call) here.
 */
function AskedAgainNotice({ round, localId }: { round: number; localId: string | undefined }) {
  const stop = useCancelTask();
  return (
    <div className="notice notice--attention" data-testid="input-asked-again">
      <p>
        Asked again (round {round}): the server asked this once more after your answer reached it. If it keeps asking, stop it.
      </p>
      {localId !== undefined && (
        <button type="button" className="button button--small" disabled={stop.isPending || stop.isSuccess} onClick={() => stop.mutate(localId)} data-testid="input-stop">
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

/** What a held answer was, in words that never call a decline or a cancel an answer. */
const HELD_WORDS: Record<AnswerAction, string> = {
  accept: 'Answered. It is sent with your answers to this task’s other questions.',
  decline: 'Declined. The decline is sent with your answers to this task’s other questions.',
  cancel: 'Cancelled (closed without choosing). This is sent with your answers to this task’s other questions.',
};

/** A question whose answer (or decline, or cancel) waits to go to the server with the task's other answers. */
function HeldNotice({ action }: { action: AnswerAction }) {
  return (
    <p className="notice notice--info" role="status" data-testid="input-held" data-action={action}>
      {HELD_WORDS[action]}
    </p>
  );
}
