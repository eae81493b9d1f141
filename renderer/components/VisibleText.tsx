/**
 * Untrusted text (names, ids, messages) as inert React text: hidden characters shown as markers,
 * and the whole run isolated (`<bdi>`) so its direction cannot spill into the text around it.
 */
import { memo } from 'react';
import { revealHiddenCharacters } from '../lib/visible-text';

export interface VisibleTextProps {
  text: string;
  /** Keep newlines and tabs (multi-line messages). */
  multiline?: boolean;
  className?: string;
}

/** Renders `text` with its hidden characters made visible. */
export const VisibleText = memo(function VisibleText({ text, multiline = false, className }: VisibleTextProps) {
  return (
    <bdi className={className}>
      {revealHiddenCharacters(text, multiline).map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <span key={index} className="hidden-char" title={`Hidden character: ${segment.name}`}>
            {segment.marker}
          </span>
        ),
      )}
    </bdi>
  );
});
