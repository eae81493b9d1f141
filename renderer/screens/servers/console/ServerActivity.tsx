/**
 * "Console and protocol log" on a server's card: closed until asked for (nothing is read while
 * closed), then the server's console, its log level where the server offers logging, "Export
 * log", and its protocol log. Self-contained, so a later detail view can mount it as a tab.
 */
import { useId, useState } from 'react';
import type { ServerView } from '../../../../shared/ipc/contract';
import { ExportLogButton } from './ExportLogButton';
import { LogLevelSelect } from './LogLevelSelect';
import { ProtocolLog } from './ProtocolLog';
import { ServerConsole } from './ServerConsole';
import './console.css';

/** The activity panel of `server`. */
export function ServerActivity({ server }: { server: ServerView }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const consoleTitleId = useId();
  const protocolTitleId = useId();
  return (
    <div className="server-activity">
      <button type="button" className="button" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen(!isOpen)} data-testid="server-activity-toggle">
        {isOpen ? 'Hide console and protocol log' : 'Console and protocol log'}
      </button>
      {isOpen && (
        <div id={panelId} className="server-activity__panel" data-testid="server-activity">
          <section aria-labelledby={consoleTitleId}>
            <div className="server-activity__heading">
              <h3 id={consoleTitleId}>Console</h3>
              <LogLevelSelect server={server} />
              <ExportLogButton serverId={server.id} />
            </div>
            <ServerConsole serverId={server.id} serverName={server.name} />
          </section>
          <section aria-labelledby={protocolTitleId}>
            <h3 id={protocolTitleId}>Protocol log</h3>
            <ProtocolLog serverId={server.id} serverName={server.name} />
          </section>
        </div>
      )}
    </div>
  );
}
