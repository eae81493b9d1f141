/** Where an HTTP server is: its address (plain text, never a link) and the names of its headers. */
import type { ServerView } from '../../../shared/ipc/contract';
import { VisibleText } from '../../components/VisibleText';

/** The endpoint of an HTTP server. */
export function HttpEndpoint({ server }: { server: ServerView }) {
  const headers = server.headerNames ?? [];
  return (
    <dl className="facts">
      <dt>Address</dt>
      <dd>
        <code className="command__part" data-testid="server-url">
          <VisibleText text={server.url ?? ''} />
        </code>
      </dd>
      <dt>Headers</dt>
      <dd data-testid="server-headers">
        {headers.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <>
            {headers.map((name, index) => (
              <span key={name}>
                {index > 0 && ', '}
                <VisibleText className="code" text={name} />
              </span>
            ))}{' '}
            <span className="muted">(values are secret and not shown)</span>
          </>
        )}
      </dd>
    </dl>
  );
}
