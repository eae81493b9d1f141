/** Submit handling shared by both argument forms: errors show only after a first attempt. */
import { useEffect, useRef, useState, type FormEvent } from 'react';

/**
 * `onSubmit` for a form whose check is `check`: runs `onValid` when it passes; otherwise shows
 * the errors and moves focus to the first invalid control so a keyboard user lands on it.
 */
export function useSubmitAttempt<T>(check: { ok: true; arguments: T } | { ok: false }, onValid: (value: T) => void) {
  const [attempts, setAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);
  return {
    formRef,
    showErrors: attempts > 0,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      if (check.ok) onValid(check.arguments);
      else setAttempts((count) => count + 1);
    },
  };
}
