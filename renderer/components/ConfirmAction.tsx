/**
 * A destructive action with a confirm step: the first press asks, the second acts. Keep or Esc
 * takes the question back, and focus returns to the first button.
 */
import { useEffect, useRef, useState } from 'react';

export interface ConfirmActionProps {
  /** The button's word ("Remove"). */
  label: string;
  /** Accessible name of the first button when `label` alone is ambiguous ("Remove task build"). */
  accessibleLabel?: string;
  /** The question asked before acting. */
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
  /** Test ids: `<testId>`, `<testId>-confirm`, `<testId>-keep`. */
  testId: string;
}

/** Asks before doing something that cannot be undone. */
export function ConfirmAction({ label, accessibleLabel, question, confirmLabel, onConfirm, isPending = false, testId }: ConfirmActionProps) {
  const [isAsking, setIsAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const hasAsked = useRef(false);
  // Move focus to the confirm button so a keyboard user lands on the question, and back to the
  // first button when the question is taken back (its buttons vanish with focus in them).
  useEffect(() => {
    if (isAsking) confirmRef.current?.focus();
    else if (hasAsked.current) askRef.current?.focus();
    hasAsked.current ||= isAsking;
  }, [isAsking]);

  if (!isAsking) {
    return (
      <button ref={askRef} type="button" className="button button--danger" onClick={() => setIsAsking(true)} aria-label={accessibleLabel} data-testid={testId}>
        {label}
      </button>
    );
  }
  return (
    <span
      className="confirm"
      role="group"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || isPending) return;
        // Handled here: the page's Esc (close the task) must not act as well.
        event.preventDefault();
        setIsAsking(false);
      }}
    >
      <span className="confirm__question">{question}</span>
      <button ref={confirmRef} type="button" className="button button--danger" onClick={onConfirm} disabled={isPending} data-testid={`${testId}-confirm`}>
        {confirmLabel}
      </button>
      <button type="button" className="button" onClick={() => setIsAsking(false)} disabled={isPending} data-testid={`${testId}-keep`}>
        Keep
      </button>
    </span>
  );
}
