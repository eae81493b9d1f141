/** Configured servers: their state, approval of commands, add/edit/remove, and import. */
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScreenHeading } from '../../components/ScreenHeading';
import { emptyServerDraft } from '../../lib/server-draft';
import { errorMessage } from '../../queries/unwrap';
import { useAppInfo, useServerList } from '../../queries/use-engine-data';
import { useAppStore } from '../../store/store-context';
import { selectOpenServerEditor, selectServerDraft } from '../../store/selectors';
import { ImportPanel } from './ImportPanel';
import { ServerCard } from './ServerCard';
import { ServerEditor } from './ServerEditor';
import { STDIO_LOCKED_NOTE } from './servers-copy';
import './servers.css';

/** The servers screen. */
export function ServersScreen() {
  const info = useAppInfo();
  const servers = useServerList();
  const draft = useAppStore(selectServerDraft);
  const openServerEditor = useAppStore(selectOpenServerEditor);
  // Until the host says otherwise, assume the stricter browser rules.
  const canEditStdio = info.data?.canEditStdio ?? false;
  // Until the host says otherwise, assume header values cannot be protected.
  const isSessionOnly = info.data?.secretProtection !== 'os-keychain' && info.data?.secretProtection !== 'basic_text';

  return (
    <section className="screen servers" data-testid="servers-screen" aria-labelledby="servers-title">
      <ScreenHeading id="servers-title">Servers</ScreenHeading>
      <div className="servers__toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => openServerEditor(emptyServerDraft(canEditStdio ? 'stdio' : 'http'))}
          disabled={draft !== null}
          data-testid="server-add"
        >
          Add a server
        </button>
      </div>
      {!canEditStdio && (
        <p className="notice notice--info" id="stdio-locked-note" data-testid="servers-stdio-locked">
          {STDIO_LOCKED_NOTE}
        </p>
      )}
      {draft !== null && <ServerEditor draft={draft} canEditStdio={canEditStdio} isSessionOnly={isSessionOnly} />}
      {servers.isPending && <p role="status">Loading servers…</p>}
      {servers.isError && <ErrorNotice title="Could not list the servers" message={errorMessage(servers.error)} onRetry={() => void servers.refetch()} />}
      {servers.data?.length === 0 && <p data-testid="servers-empty">No server is configured. Add one, or import a config below.</p>}
      {servers.data !== undefined && servers.data.length > 0 && (
        <ul className="servers__list" aria-label="Configured servers">
          {servers.data.map((server) => (
            <ServerCard key={server.id} server={server} canEditStdio={canEditStdio} isEditing={draft !== null} />
          ))}
        </ul>
      )}
      <ImportPanel />
    </section>
  );
}
