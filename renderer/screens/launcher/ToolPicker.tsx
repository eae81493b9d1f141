/** The server and tool choosers of the launcher. */
import { useId } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { serverStatusTag } from '../../lib/server-status-tag';
import { toVisibleString } from '../../lib/visible-text';
import { errorMessage } from '../../queries/unwrap';
import type { useLauncher } from './use-launcher';

/**
 * Server and tool selects, with loading and error states for the tool list. The tool select is
 * there (disabled) before a server is chosen, so choosing one moves nothing.
 */
export function ToolPicker({ launcher }: { launcher: ReturnType<typeof useLauncher> }) {
  const id = useId();
  const { servers, serverId, tools, tool } = launcher;
  return (
    <div className="tool-picker">
      <div className="field">
        <label htmlFor={`${id}-server`}>Server</label>
        <select
          id={`${id}-server`}
          className="input"
          value={serverId}
          onChange={(event) => launcher.chooseServer(event.target.value)}
          data-testid="launcher-server"
        >
          <option value="">Choose a server…</option>
          {(servers.data ?? []).map((server) => {
            const status = serverStatusTag(server);
            return (
              <option key={server.id} value={server.id}>
                {toVisibleString(server.name)}
                {status !== undefined ? ` (${status})` : ''}
              </option>
            );
          })}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tool`}>Tool</label>
        <select
          id={`${id}-tool`}
          className="input"
          value={tool?.name ?? ''}
          onChange={(event) => launcher.chooseTool(event.target.value)}
          disabled={serverId === '' || tools.data === undefined}
          data-testid="launcher-tool"
        >
          <option value="">{serverId === '' ? 'Choose a server first' : tools.isPending ? 'Loading tools…' : 'Choose a tool…'}</option>
          {(tools.data ?? []).map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.title !== undefined && candidate.title !== candidate.name
                ? `${toVisibleString(candidate.title)} (${toVisibleString(candidate.name)})`
                : toVisibleString(candidate.name)}
            </option>
          ))}
        </select>
      </div>
      {tools.isError && <ErrorNotice title="Could not list the tools" message={errorMessage(tools.error)} onRetry={() => void tools.refetch()} />}
      {tools.data?.length === 0 && <p className="muted">This server offers no tools.</p>}
    </div>
  );
}
