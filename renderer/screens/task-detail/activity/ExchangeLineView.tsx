/**
 * One line of a task's protocol exchange: who sent what (method), how it ended (result, error,
 * still pending, the answer's gist), how long it took, the HTTP status, "×300" for 300 identical
 * ones in a row with the first and last time; it expands to the request and its answer as JSON,
 * each with "Copy as JSON". Everything shown is the server's text or the app's, as text only.
 */
import { useState } from 'react';
import type { ExchangeLine } from '../../../../shared/server-log';
import { CopyButton } from '../../../components/CopyButton';
import { JsonTree } from '../../../components/JsonTree';
import { VisibleText } from '../../../components/VisibleText';
import { formatLatency, formatLogTime } from '../../servers/console/log-format';

const OUTCOME_LABELS: Record<NonNullable<ExchangeLine['outcome']>, string> = {
  pending: 'no answer yet',
  result: 'answered',
  error: 'error',
};

/** One exchange line; `index` names it for its copy buttons. */
export function ExchangeLineView({ line, index }: { line: ExchangeLine; index: number }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <li className="log-line protocol-line" data-testid="exchange-line" data-method={line.method} data-count={line.count} data-outcome={line.outcome}>
      <details onToggle={(event) => setIsOpen(event.currentTarget.open)}>
        <summary>
          <time className="log-line__time" dateTime={new Date(line.at).toISOString()}>
            {formatLogTime(line.at)}
          </time>
          {line.count > 1 && (
            <>
              {'–'}
              <time className="log-line__time" dateTime={new Date(line.lastAt).toISOString()}>
                {formatLogTime(line.lastAt)}
              </time>
            </>
          )}{' '}
          <span className="protocol-line__direction">{line.direction === 'sent' ? '→' : '←'}</span>{' '}
          <VisibleText className="protocol-line__method" text={line.method} />
          {line.count > 1 && (
            <span className="exchange-line__count" data-testid="exchange-count">
              {' '}×{line.count}
            </span>
          )}
          {line.outcome !== undefined && <span className={`log-tag log-tag--${line.outcome === 'error' ? 'error' : 'neutral'}`}> {OUTCOME_LABELS[line.outcome]}</span>}
          {line.summary !== undefined && (
            <>
              {' '}
              <VisibleText className="exchange-line__summary" text={line.summary} />
            </>
          )}
          {line.http?.status !== undefined && <span className="protocol-line__fact"> HTTP {line.http.status}</span>}
          {line.durationMs !== undefined && <span className="protocol-line__fact"> {formatLatency(line.durationMs)}</span>}
        </summary>
        {isOpen && (
          <div className="protocol-line__body">
            {line.count > 1 && <p className="muted">{line.count} identical exchanges in a row; the newest is shown.</p>}
            <JsonPart title={line.direction === 'sent' ? 'What the app sent' : 'What the server sent'} value={line.message} copyAs={`exchange line ${index + 1} ${line.kind} as JSON`} />
            {line.kind === 'request' && (
              <JsonPart title={line.direction === 'sent' ? 'The server\'s answer' : 'The app\'s answer'} value={line.answer} copyAs={`exchange line ${index + 1} answer as JSON`} />
            )}
          </div>
        )}
      </details>
    </li>
  );
}

function JsonPart({ title, value, copyAs }: { title: string; value: unknown; copyAs: string }) {
  return (
    <div className="exchange-line__part">
      <p>
        <strong>{title}</strong>{' '}
        {value !== undefined && <CopyButton value={JSON.stringify(value, null, 2)} what={copyAs} testId="exchange-copy" />}
      </p>
      {value === undefined ? <p className="muted">Not kept (none came, or it was too large to keep).</p> : <JsonTree value={value} label={title} openDepth={0} />}
    </div>
  );
}

/** Where lines of the exchange were not kept, and how many: a task keeps its first line and its newest ones. */
export function DroppedLines({ count }: { count: number }) {
  return (
    <li className="log-line muted" data-testid="exchange-dropped">
      {count === 1 ? '1 earlier line' : `${count.toLocaleString('en-US')} earlier lines`} not kept (a task keeps its first line and its newest ones)
    </li>
  );
}
