/**
 * One text of a tool result: as markdown when `isMarkdownText` says so, with a "Show as text"
 * switch back to the exact characters, else as preformatted text. The markdown renderer loads
 * on first use, so it is not part of the initial bundle.
 */
import { lazy, Suspense, useState } from 'react';
import { isMarkdownText } from '../lib/markdown-content';
import { VisibleText } from './VisibleText';
import './markdown-text.css';

const MarkdownText = lazy(() => import('./MarkdownText').then((module) => ({ default: module.MarkdownText })));

export interface ResultTextProps {
  text: string;
  /** The type the server gave the text, if any (`text/markdown` makes it markdown). */
  mimeType?: string | undefined;
  testId?: string;
}

/** The text, as markdown or as text. */
export function ResultText({ text, mimeType, testId }: ResultTextProps) {
  const isMarkdown = isMarkdownText(text, mimeType);
  const [showsText, setShowsText] = useState(false);
  const plainText = (shownTestId: string | undefined) => (
    <pre className="tool-result__text" data-testid={shownTestId}>
      <VisibleText text={text} multiline />
    </pre>
  );
  const plain = plainText(testId);
  if (!isMarkdown) return plain;
  return (
    <div className="tool-result__markdown">
      <button type="button" className="button button--small tool-result__format" aria-pressed={showsText} onClick={() => setShowsText(!showsText)} data-testid="result-show-as-text">
        Show as text
      </button>
      {showsText ? (
        plain
      ) : (
        <div data-testid={testId}>
          {/* While the renderer loads: the text itself, inside the one element the test id names. */}
          <Suspense fallback={plainText(undefined)}>
            <MarkdownText text={text} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
