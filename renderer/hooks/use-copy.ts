/** Copying text to the clipboard, with an outcome to announce. */
import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyOutcome = 'idle' | 'copied' | 'failed';

/** How long "Copied" stays before the button reads as before. */
const RESET_MS = 2_000;

/** A `copy(text)` function and what happened last time. */
export function useCopy(): { outcome: CopyOutcome; copy: (text: string) => void } {
  const [outcome, setOutcome] = useState<CopyOutcome>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const settle = useCallback((next: CopyOutcome) => {
    setOutcome(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOutcome('idle'), RESET_MS);
  }, []);

  const copy = useCallback(
    (text: string) => {
      // `navigator.clipboard` is missing outside secure contexts, whatever the DOM typings say.
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (clipboard === undefined) {
        settle('failed');
        return;
      }
      clipboard.writeText(text).then(() => settle('copied'), () => settle('failed'));
    },
    [settle],
  );
  return { outcome, copy };
}
