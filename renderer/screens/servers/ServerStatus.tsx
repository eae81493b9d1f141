/** A server's live state: connection, why it fails, protocol era, tasks, its self-reported name, last error. */
import type { ServerView } from '../../../shared/ipc/contract';
import { VisibleText } from '../../components/VisibleText';
import { useNow } from '../../hooks/use-now';
import { describeEra, describeExit, describeServerConnection, describeTaskSupport } from '../../lib/server-status';

/** The state facts of one server. */
export function ServerStatus({ server }: { server: ServerView }) {
  const now = useNow();
  const { state } = server;
  return (
    <dl className="facts facts--compact">
      <dt>Connection</dt>
      <dd
        data-testid="server-state"
        data-status={server.disabled ? 'disabled' : (state?.status ?? 'none')}
        data-health={server.disabled ? undefined : state?.health?.condition}
        className={!server.disabled && state?.health !== undefined ? 'server-detail__error' : undefined}
      >
        {/* A degraded server's state quotes the transport's words, e.g. the server's HTTP status text. */}
        <VisibleText text={describeServerConnection(server, now)} />
      </dd>
      {state?.exit !== undefined && (
        <>
          <dt>Why</dt>
          <dd className="server-detail__error" data-testid="server-exit">
            <p className="server-detail__exit">
              {describeExit(state.exit)}
              {state.exit.stderr.length > 0 ? '. It wrote:' : '.'}
            </p>
            {state.exit.stderr.length > 0 && (
              <ul className="server-detail__stderr" aria-label="What it wrote to stderr" data-testid="server-stderr">
                {state.exit.stderr.map((line, index) => (
                  <li key={index}>
                    <code>
                      <VisibleText text={line} />
                    </code>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </>
      )}
      <dt>Protocol</dt>
      <dd data-testid="server-era">{describeEra(state)}</dd>
      <dt>Offers tasks</dt>
      <dd data-testid="server-task-support">{describeTaskSupport(state)}</dd>
      {state?.serverInfo !== undefined && (
        <>
          <dt>Calls itself</dt>
          <dd>
            <VisibleText text={state.serverInfo.name} />
            {state.serverInfo.version !== undefined && (
              <>
                {' '}
                <VisibleText text={state.serverInfo.version} />
              </>
            )}
          </dd>
        </>
      )}
      {state?.lastError !== undefined && (
        <>
          {/* With the exit and its stderr above, the client library's words are only the detail. */}
          <dt>{state.exit !== undefined ? 'Details' : 'Last error'}</dt>
          <dd className={state.exit !== undefined ? 'server-detail__detail' : 'server-detail__error'} data-testid="server-last-error">
            <VisibleText text={state.lastError} multiline />
          </dd>
        </>
      )}
    </dl>
  );
}
