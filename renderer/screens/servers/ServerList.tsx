/**
 * The compact list of configured servers on the left of the Servers screen: one entry per server
 * with its name, state, protocol, transport and active task counts; choosing one shows its detail.
 */
import { useMemo } from 'react';
import type { ServerView } from '../../../shared/ipc/contract';
import { VisibleText } from '../../components/VisibleText';
import { countTasksByServer, describeServerLine } from '../../lib/server-line';
import { useTaskList } from '../../live/live-context';

export interface ServerListProps {
  servers: readonly ServerView[];
  /** The server whose detail is shown (marked as current). */
  shownId: string | undefined;
  onSelect: (id: string) => void;
}

/** The server list; a task list still loading only leaves the counts out. */
export function ServerList({ servers, shownId, onSelect }: ServerListProps) {
  const { data: tasks } = useTaskList();
  const counts = useMemo(() => countTasksByServer(tasks ?? []), [tasks]);
  return (
    <ul className="server-list" aria-label="Configured servers" data-testid="server-list">
      {servers.map((server) => {
        const words = describeServerLine(server, counts.get(server.id));
        const status = server.disabled ? 'disabled' : (server.state?.status ?? 'none');
        return (
          <li key={server.id}>
            <button
              type="button"
              className="server-list__row"
              aria-current={server.id === shownId ? 'true' : undefined}
              onClick={() => onSelect(server.id)}
              data-testid="server-row"
              data-server-id={server.id}
            >
              <span className="server-list__top">
                <VisibleText className="server-list__name" text={words.name} />
                <span className="server-list__state" data-testid="server-row-state" data-status={status} data-health={server.disabled ? undefined : server.state?.health?.condition}>
                  {words.state}
                </span>
              </span>
              <span className="server-list__facts muted">
                <span data-testid="server-row-protocol">{words.protocol}</span>
                {' · '}
                <span data-testid="server-row-transport">{words.transport}</span>
                {' · '}
                <span data-testid="server-row-tasks">{words.tasks}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
