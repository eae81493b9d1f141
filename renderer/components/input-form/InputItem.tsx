/**
 * One question in the needs-input queue or on its task's detail: which server asks (the user's
 * name for it, then its own), a reminder about what to share, and the form in place.
 */
import type { ReactNode } from 'react';
import type { PendingInputView } from '../../../shared/ipc/contract';
import { formatClockTime } from '../../lib/time-format';
import { InputForm, InputServerName } from './InputForm';

export interface InputItemProps {
  input: PendingInputView;
  /** Whether the form shows; a closed entry shows `opener` instead. */
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
      {isOpen ? <InputForm input={input} /> : opener}
    </li>
  );
}
