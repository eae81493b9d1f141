/**
 * Where an HTTP server is: its address (plain text, never a link), the transport, the names of its
 * headers (which of them last for this session only), and the sign-in client settings.
 */
import type { ServerView } from '../../../shared/ipc/contract';
import { VisibleText } from '../../components/VisibleText';
import { HTTP_TRANSPORT_LABELS, SESSION_ONLY_HEADERS_NOTE } from './servers-copy';

/** The endpoint of an HTTP server. */
export function HttpEndpoint({ server }: { server: ServerView }) {
  const headers = server.headerNames ?? [];
  const sessionOnly = new Set(server.sessionOnlyHeaderNames ?? []);
  // What runs now (after the spec's fallback) wins over what was configured.
  const transport = server.state?.httpTransport ?? server.httpTransport ?? 'streamable';
  const isFallback = server.state?.httpTransport === 'sse' && server.httpTransport !== 'sse';
  return (
    <dl className="facts">
      <dt>Address</dt>
      <dd>
        <code className="command__part" data-testid="server-url">
          <VisibleText text={server.url ?? ''} />
        </code>
      </dd>
      <dt>Transport</dt>
      <dd data-testid="server-http-transport">
        {HTTP_TRANSPORT_LABELS[transport]}
        {isFallback && <span className="muted"> (the server did not take Streamable HTTP)</span>}
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
            {sessionOnly.size > 0 && (
              <p className="muted" data-testid="server-headers-session-only">
                {[...sessionOnly].map((name, index) => (
                  <span key={name}>
                    {index > 0 && ', '}
                    <VisibleText className="code" text={name} />
                  </span>
                ))}
                : {SESSION_ONLY_HEADERS_NOTE}.
              </p>
            )}
          </>
        )}
      </dd>
      {server.oauth !== undefined && (
        <>
          <dt>Sign-in client</dt>
          <dd data-testid="server-oauth">
            {server.oauth.clientId !== undefined ? (
              <>
                Registered client <VisibleText className="code" text={server.oauth.clientId} />
              </>
            ) : (
              'Chosen by the app'
            )}
            {server.oauth.scope !== undefined && (
              <>
                {'; asks for '}
                <VisibleText className="code" text={server.oauth.scope} />
              </>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}
