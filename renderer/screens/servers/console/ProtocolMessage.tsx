/**
 * One JSON-RPC message of a protocol log as a line (direction, kind, method, id, HTTP status,
 * duration, size, time) that expands to the message itself, with "Copy as JSON". The message was
 * redacted by the engine before it was kept; it is still server text, drawn as text only.
 */
import { useState } from 'react';
import type { ProtocolEntry } from '../../../../shared/server-log';
import { CopyButton } from '../../../components/CopyButton';
import { JsonTree } from '../../../components/JsonTree';
import { VisibleText } from '../../../components/VisibleText';
import { formatLatency, formatLogTime, formatSize } from './log-format';

/** A message of the protocol log. */
export function ProtocolMessage({ entry }: { entry: ProtocolEntry }) {
  const [isOpen, setIsOpen] = useState(false);
  const what = `message ${entry.seq}`;
  return (
    <li className="log-line protocol-line" data-testid="protocol-line" data-direction={entry.direction} data-kind={entry.kind}>
      <details onToggle={(event) => setIsOpen(event.currentTarget.open)}>
        <summary>
          <time className="log-line__time" dateTime={new Date(entry.at).toISOString()}>
            {formatLogTime(entry.at)}
          </time>{' '}
          <span className="protocol-line__direction">{entry.direction === 'sent' ? '→ sent' : '← received'}</span>{' '}
          <span className={`log-tag log-tag--${entry.kind}`}>{entry.kind}</span>{' '}
          {entry.method !== undefined && <VisibleText className="protocol-line__method" text={entry.method} />}
          {entry.id !== undefined && (
            <span className="muted">
              {' '}
              #<VisibleText text={String(entry.id)} />
            </span>
          )}
          {entry.http?.status !== undefined && <span className="protocol-line__fact"> HTTP {entry.http.status}</span>}
          {entry.durationMs !== undefined && <span className="protocol-line__fact"> {formatLatency(entry.durationMs)}</span>}
          <span className="protocol-line__fact muted"> {formatSize(entry.bytes)}</span>
        </summary>
        {isOpen && (
          <div className="protocol-line__body">
            {entry.http?.sessionId !== undefined && (
              <p>
                Mcp-Session-Id: <VisibleText text={entry.http.sessionId} />
              </p>
            )}
            {entry.http?.mcpName !== undefined && (
              <p>
                Mcp-Name: <VisibleText text={entry.http.mcpName} />
              </p>
            )}
            {entry.message === undefined ? (
              <p className="muted">
                The body of this message ({formatSize(entry.bytes)}) is no longer kept: the log keeps the bodies of the newest messages only, and none
                too large. Its facts are above.
              </p>
            ) : (
              <>
                <CopyButton value={JSON.stringify(entry.message, null, 2)} what={`${what} as JSON`} testId="protocol-copy" />
                <JsonTree value={entry.message} label="message" />
              </>
            )}
          </div>
        )}
      </details>
    </li>
  );
}
