/**
 * The Console tab of a server's detail: the server's console, its log level where the server
 * offers logging, "Export log", and its protocol log. Mounted only while its tab is shown, so
 * nothing is read for a server whose console nobody looks at.
 */
import { useId } from 'react';
import type { ServerView } from '../../../../shared/ipc/contract';
import { ExportLogButton } from './ExportLogButton';
import { LogLevelSelect } from './LogLevelSelect';
import { ProtocolLog } from './ProtocolLog';
import { ServerConsole } from './ServerConsole';
import './console.css';

/** The activity panel of `server`. */
export function ServerActivity({ server }: { server: ServerView }) {
  const consoleTitleId = useId();
  const protocolTitleId = useId();
  return (
    <div className="server-activity__panel" data-testid="server-activity">
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
  );
}
