/** Retry now, and Disable / Enable, on a server's Settings tab. Allowed in browser mode too: they only run what was approved. */
import type { ServerView } from '../../../shared/ipc/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { canRetry } from '../../lib/server-status';
import { useRetryServer, useSetServerEnabled } from '../../queries/mutations';
import { errorMessage } from '../../queries/unwrap';

/** The buttons that start, stop or restart a server's attempts, and their errors. */
export function ServerRunControls({ server }: { server: ServerView }) {
  const retry = useRetryServer();
  const setEnabled = useSetServerEnabled();
  return (
    <>
      {canRetry(server) && (
        <button type="button" className="button" onClick={() => retry.mutate(server.id)} disabled={retry.isPending} data-testid="server-retry">
          Retry now
        </button>
      )}
      <button
        type="button"
        className="button"
        onClick={() => setEnabled.mutate({ id: server.id, enabled: server.disabled })}
        disabled={setEnabled.isPending}
        data-testid={server.disabled ? 'server-enable' : 'server-disable'}
      >
        {server.disabled ? 'Enable' : 'Disable'}
      </button>
      {retry.isError && <ErrorNotice title="Could not retry the server" message={errorMessage(retry.error)} testId="server-retry-error" />}
      {setEnabled.isError && (
        <ErrorNotice title={server.disabled ? 'Could not enable the server' : 'Could not disable the server'} message={errorMessage(setEnabled.error)} testId="server-enabled-error" />
      )}
    </>
  );
}
