/** Everything the inbox shows, derived from the task list, the server names and the filters. */
import { useDeferredValue, useMemo } from 'react';
import type { PendingInputView, ServerView } from '../../../shared/ipc/contract';
import { serverStatusTag } from '../../lib/server-status-tag';
import { filterTasks, taskServerIds } from '../../lib/task-list';
import { usePendingInputs, useServerList, useServerNames, useTaskList } from '../../live/live-context';
import { useAppStore } from '../../store/store-context';
import { selectFilter } from '../../store/selectors';

/** A server the filter can pick: configured ones, plus ids that only old tasks still name. */
export interface ServerOption {
  id: string;
  name: string;
  /** Why its tasks may not move (`unreachable`, `stopped`, `disabled`, …); absent while it is connected and answering. */
  status?: string;
}

/** The inbox's data. */
export function useInbox() {
  const list = useTaskList();
  const servers = useServerList();
  const serverNames = useServerNames();
  const filter = useAppStore(selectFilter);
  // Typing stays responsive while 10,000 rows are filtered behind it.
  const deferredFilter = useDeferredValue(filter);
  const tasks = list.data;
  const visible = useMemo(() => (tasks === undefined ? [] : filterTasks(tasks, deferredFilter, serverNames)), [tasks, deferredFilter, serverNames]);
  // The same array while the set of servers the tasks name stays the same (every pushed update
  // makes a new task list), so the options, and the toolbar's select, change only when it does.
  const taskServers = useMemo(() => (tasks === undefined ? NO_SERVERS : taskServerIds(tasks)), [tasks]);
  const serverOptions = useMemo(() => listServerOptions(taskServers, servers.data ?? NO_SERVER_OPTIONS), [taskServers, servers.data]);
  const inputs = usePendingInputs().data;
  const waitingTaskIds = useMemo(() => waitingTasks(inputs ?? NO_INPUTS), [inputs]);
  return { list, tasks, visible, waitingTaskIds, serverNames, serverOptions, filter };
}

/** Tasks with a question still to answer (one already answered and held for the others does not count). */
export function waitingTasks(inputs: readonly Pick<PendingInputView, 'localId' | 'held'>[]): ReadonlySet<string> {
  return new Set(inputs.flatMap((input) => (input.localId !== undefined && !input.held ? [input.localId] : [])));
}

const NO_INPUTS: readonly PendingInputView[] = [];
const NO_SERVERS: readonly string[] = [];
const NO_SERVER_OPTIONS: readonly ServerView[] = [];

/** The configured servers with their status, then (by id) those only tasks still name. */
export function listServerOptions(taskServers: readonly string[], servers: readonly Pick<ServerView, 'id' | 'name' | 'disabled' | 'approved' | 'state' | 'replacedBy'>[]): ServerOption[] {
  const options: ServerOption[] = servers.map((server) => {
    const status = serverStatusTag(server);
    return { id: server.id, name: server.name, ...(status !== undefined ? { status } : {}) };
  });
  const known = new Set(options.map((option) => option.id));
  for (const serverId of taskServers) {
    if (!known.has(serverId)) options.push({ id: serverId, name: `${serverId} (no longer configured)` });
  }
  return options;
}
