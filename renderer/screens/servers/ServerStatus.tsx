/** A server's live state: connection, protocol era, tasks, its self-reported name, last error. */
import type { ServerView } from '../../../shared/ipc/contract';
import { VisibleText } from '../../components/VisibleText';
import { useNow } from '../../hooks/use-now';
import { describeConnection, describeEra, describeTaskSupport } from '../../lib/server-status';

/** The state facts of one server. */
export function ServerStatus({ server }: { server: ServerView }) {
  const now = useNow();
  const { state } = server;
  return (
    <dl className="facts facts--compact">
      <dt>Connection</dt>
      <dd data-testid="server-state" data-status={state?.status ?? 'none'}>
        {describeConnection(state, now)}
      </dd>
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
          <dt>Last error</dt>
          <dd className="server-card__error" data-testid="server-last-error">
            <VisibleText text={state.lastError} multiline />
          </dd>
        </>
      )}
    </dl>
  );
}
