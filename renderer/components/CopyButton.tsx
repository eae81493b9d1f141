/** A button that copies a value, announcing the outcome to screen readers. */
import { useCopy } from '../hooks/use-copy';

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name ("Copy task id"). */
  what: string;
  testId?: string;
}

/** Copies `value` to the clipboard. */
export function CopyButton({ value, what, testId }: CopyButtonProps) {
  const { outcome, copy } = useCopy();
  return (
    <span className="copy">
      <button type="button" className="button button--small" onClick={() => copy(value)} aria-label={`Copy ${what}`} data-testid={testId}>
        Copy
      </button>
      <span role="status" className="copy__status">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Copy failed: select the text and copy it yourself' : ''}
      </span>
    </span>
  );
}
