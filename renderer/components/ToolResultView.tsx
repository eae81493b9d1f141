/**
 * A tool result as the user reads it: text (as markdown where it is markdown), images (data: URIs only), resource links as plain
 * text (never clickable), structured content as a JSON tree, and a banner when the tool itself
 * reported an error.
 */
import { useMemo } from 'react';
import { readToolResult, type ResultBlock } from '../lib/result-content';
import { JsonTree } from './JsonTree';
import { RawJson } from './RawJson';
import { ResultText } from './ResultText';
import { VisibleText } from './VisibleText';

/** Shows one `CallToolResult`. */
export function ToolResultView({ result }: { result: Record<string, unknown> }) {
  const view = useMemo(() => readToolResult(result), [result]);
  return (
    <div className="tool-result">
      {view.isError && (
        <div className="notice notice--error" role="alert" data-testid="result-error-banner">
          <strong>The tool reported an error.</strong> The call itself finished; what follows is the tool's own account of what went wrong.
        </div>
      )}
      {view.blocks.map((block, index) => (
        <ResultBlockView key={index} block={block} />
      ))}
      {view.blocks.length === 0 && !view.hasStructuredContent && <p className="muted">The result has no content.</p>}
      {view.hasStructuredContent && (
        <div className="tool-result__structured" data-testid="result-structured">
          <h3>Structured content</h3>
          <JsonTree value={view.structuredContent} label="structuredContent" />
        </div>
      )}
      <RawJson value={result} label="Raw result JSON" testId="result-raw-json" />
    </div>
  );
}

function ResultBlockView({ block }: { block: ResultBlock }) {
  switch (block.kind) {
    case 'text':
      return <ResultText text={block.text} testId="result-text" />;
    case 'image':
      return <img className="tool-result__image" src={block.src} alt={`Image from the tool result (${block.mimeType})`} data-testid="result-image" />;
    case 'resource-link':
      return (
        <p className="tool-result__link" data-testid="result-resource-link">
          Resource link (not opened by the app): <VisibleText className="code" text={block.uri} />
          {block.name !== undefined && (
            <>
              {' — '}
              <VisibleText text={block.name} />
            </>
          )}
          {block.description !== undefined && (
            <>
              {' — '}
              <VisibleText text={block.description} />
            </>
          )}
        </p>
      );
    case 'resource':
      return (
        <div className="tool-result__resource" data-testid="result-resource">
          <p>
            Embedded resource <VisibleText className="code" text={block.uri} />
            {block.mimeType !== undefined && (
              <>
                {' ('}
                <VisibleText text={block.mimeType} />)
              </>
            )}
          </p>
          {block.text !== undefined ? (
            <ResultText text={block.text} mimeType={block.mimeType} />
          ) : (
            <p className="muted">Binary content is not shown; see the raw result.</p>
          )}
        </div>
      );
    case 'unsupported':
      return (
        <p className="muted" data-testid="result-unsupported">
          Content of type <VisibleText text={block.type} /> not shown: <VisibleText text={block.reason} />
        </p>
      );
  }
}
