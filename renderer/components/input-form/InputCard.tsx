/**
 * One card per task (or per server, for questions tied to no call) holding all its questions: who
 * asks (the user's name for the server, then its own), since when, a reminder about what to
 * share, and every question with its form in place or the reason it cannot be answered now.
 */
import type { ReactNode } from 'react';
import type { PendingInputView } from '../../../shared/ipc/contract';
import { questionIdentity } from '../../../shared/question-identity';
import { formatClockTime } from '../../lib/time-format';
import { InputServerName } from './InputForm';
import { InputItem } from './InputItem';

export interface InputCardProps {
  /** The questions of one task (or one server), oldest first; at least one. */
  inputs: readonly PendingInputView[];
  /** Extra header content (e.g. a link to the task). */
  extra?: ReactNode;
}

/** The card of one task's questions. */
export function InputCard({ inputs, extra }: InputCardProps) {
  const [first] = inputs;
  if (first === undefined) return null;
  return (
    <li className="input-card" data-testid="input-card" data-task-id={first.localId} data-server-id={first.serverId}>
      <div className="input-card__header">
        <span>
          <InputServerName server={first.server} /> is asking{inputs.length > 1 && <> {inputs.length} questions</>}
        </span>
        <span className="field__help">since {formatClockTime(first.receivedAt)}</span>
        {extra}
      </div>
      <p className="input-card__reminder">Share only what you would trust this server with.</p>
      <ol className="input-card__questions">
        {inputs.map((input) => (
          <InputItem key={questionIdentity(input)} input={input} />
        ))}
      </ol>
    </li>
  );
}
