/**
 * Configured servers: Add and Import at the top, then a compact list beside the chosen server's
 * detail (the first when none is chosen). Below the narrow breakpoint the two are pages: the list,
 * or the detail of a server the user chose, with Back.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScreenHeading } from '../../components/ScreenHeading';
import { emptyServerDraft } from '../../lib/server-draft';
import { errorMessage } from '../../queries/unwrap';
import { useAppInfo, useServerList } from '../../live/live-context';
import { useAppStore } from '../../store/store-context';
import { selectOpenServer, selectOpenServerEditor, selectSelectedServerId, selectServerDraft } from '../../store/selectors';
import { ImportPanel } from './ImportPanel';
import { ServerDetail } from './ServerDetail';
import { ServerEditor } from './ServerEditor';
import { ServerList } from './ServerList';
import { STDIO_LOCKED_NOTE } from './servers-copy';
import './servers.css';

/** The servers screen. */
export function ServersScreen() {
  const info = useAppInfo();
  const servers = useServerList();
  const draft = useAppStore(selectServerDraft);
  const openServerEditor = useAppStore(selectOpenServerEditor);
  const selectedId = useAppStore(selectSelectedServerId);
  const openServer = useAppStore(selectOpenServer);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const importId = useId();
  // Until the host says otherwise, assume the stricter browser rules.
  const canEditStdio = info.data?.canEditStdio ?? false;
  // Until the host says otherwise, assume header values cannot be protected.
  const isSessionOnly = info.data?.secretProtection !== 'os-keychain' && info.data?.secretProtection !== 'basic_text';
  const list = servers.data ?? [];
  const chosen = list.find((server) => server.id === selectedId);
  const shown = chosen ?? list[0];
  // An edit form shows in place of its server's settings; an add form (or an edit of a server not shown) here.
  const isDraftInDetail = draft?.id !== undefined && draft.id === shown?.id;
  const panesRef = useKeptFocus(chosen?.id);

  return (
    <section className="screen servers" data-testid="servers-screen" aria-labelledby="servers-title">
      <div className="servers__top">
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
          <button type="button" className="button" aria-expanded={isImportOpen} aria-controls={importId} onClick={() => setIsImportOpen(!isImportOpen)} data-testid="servers-import-toggle">
            Import servers
          </button>
        </div>
      </div>
      {!canEditStdio && (
        <p className="notice notice--info servers__note" id="stdio-locked-note" data-testid="servers-stdio-locked">
          {STDIO_LOCKED_NOTE}
        </p>
      )}
      {isImportOpen && <ImportPanel id={importId} />}
      {draft !== null && !isDraftInDetail && <ServerEditor draft={draft} canEditStdio={canEditStdio} isSessionOnly={isSessionOnly} />}
      {servers.isPending && <p role="status">Loading servers…</p>}
      {servers.isError && <ErrorNotice title="Could not list the servers" message={errorMessage(servers.error)} onRetry={() => void servers.refetch()} />}
      {servers.data?.length === 0 && <p data-testid="servers-empty">No server is configured. Add one, or import a config.</p>}
      {shown !== undefined && (
        <div ref={panesRef} className={chosen !== undefined ? 'servers__panes servers__panes--detail-open' : 'servers__panes'}>
          <ServerList servers={list} shownId={shown.id} onSelect={openServer} />
          <ServerDetail server={shown} canEditStdio={canEditStdio} isSessionOnly={isSessionOnly} draft={draft} onBack={() => openServer(null)} />
        </div>
      )}
    </section>
  );
}

/**
 * The narrow layout shows the list or the detail, so choosing a server (or Back) hides what had
 * focus: focus moves to the detail's heading, or back to the chosen server's row in the list.
 * Side by side nothing is hidden and focus stays where it is. Returns the ref for the panes.
 */
function useKeptFocus(chosenId: string | undefined) {
  const panesRef = useRef<HTMLDivElement>(null);
  const lastChosenId = useRef(chosenId);
  useEffect(() => {
    const left = lastChosenId.current;
    lastChosenId.current = chosenId;
    const panes = panesRef.current;
    const active = document.activeElement;
    if (panes === null || !(active instanceof HTMLElement) || !panes.contains(active) || active.getClientRects().length > 0) return;
    const target = chosenId !== undefined ? panes.querySelector<HTMLElement>('.server-detail__name') : panes.querySelector<HTMLElement>(`.server-list__row[data-server-id="${CSS.escape(left ?? '')}"]`);
    target?.focus();
  }, [chosenId]);
  return panesRef;
}
