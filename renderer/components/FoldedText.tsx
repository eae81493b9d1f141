/**
 * Untrusted text that may be long (a status message, a timeline entry, an error, a question):
 * folded to its first lines (lib/fold-text.ts) with "Show all (N lines)", and "Show less" once open.
 */
import { useState } from 'react';
import { foldText } from '../lib/fold-text';
import { VisibleText } from './VisibleText';
import './folded-text.css';

export interface FoldedTextProps {
  text: string;
  /** Keep newlines and tabs (multi-line messages). */
  multiline?: boolean;
  className?: string;
  /** `data-testid` of the wrapper. */
  testId?: string;
}

/** `text` as `VisibleText`, folded while it is long. */
export function FoldedText({ text, multiline = false, className, testId }: FoldedTextProps) {
  const [isOpen, setOpen] = useState(false);
  const view = foldText(text);
  if (!view.isFolded) {
    return (
      <span className={className} data-testid={testId}>
        <VisibleText text={text} multiline={multiline} />
      </span>
    );
  }
  return (
    <span className={`folded-text${className !== undefined ? ` ${className}` : ''}`} data-testid={testId} data-folded={!isOpen}>
      <VisibleText text={isOpen ? text : `${view.head}…`} multiline={multiline} />{' '}
      <button type="button" className="button button--small folded-text__toggle" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)} data-testid="folded-text-toggle">
        {isOpen ? 'Show less' : view.showAllLabel}
      </button>
    </span>
  );
}
