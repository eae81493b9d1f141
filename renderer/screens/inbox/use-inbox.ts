/** Everything the inbox shows, derived from the task list, the server names and the filters. */
import { useDeferredValue, useMemo } from 'react';
import { groupTasks, waitingTasks, type GroupedTasks } from '../../../shared/inbox-groups';
import type { PendingInputView, ServerView } from '../../../shared/ipc/contract';
import { serverStatusTag } from '../../lib/server-status-tag';
import { filterTasks, isFilterEmpty, taskServerIds } from '../../lib/task-list';
import { useLiveStore, usePendingInputs, useServerList, useServerNames, useTaskList } from '../../live/live-context';
import { useAppStore } from '../../store/store-context';
import { selectFilter } from '../../store/selectors';

/** A server the filter can pick: configured ones, plus ids that only old tasks still name. */
export interface ServerOption {
  id: string;
  name: string;
  /** Why its tasks may not move (`unreachable`, `stopped`, `disabled`, …); absent while it is connected and answering. */
  status?: string;
}

/**
 * The inbox's data. `groups` are what the list shows: the filtered tasks grouped, or, until the
 * whole list is read, the head of each group (`tasks:head`) when nothing is filtered; `total`
 * counts every task (undefined while neither is there), `shown` those that pass the filters.
 */
export function useInbox() {
  const list = useTaskList();
  const head = useLiveStore((state) => state.taskHead);
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
  // The head holds each group's first tasks only: it cannot show a filtered list.
  const shownHead = tasks === undefined && isFilterEmpty(deferredFilter) ? head : undefined;
  const groups: readonly GroupedTasks[] | undefined = useMemo(() => (tasks !== undefined ? groupTasks(visible, waitingTaskIds) : shownHead), [tasks, visible, waitingTaskIds, shownHead]);
  const total = tasks !== undefined ? tasks.length : shownHead?.reduce((sum, group) => sum + group.count, 0);
  const shown = tasks !== undefined ? visible.length : (total ?? 0);
  return { list, groups, total, shown, serverNames, serverOptions, filter };
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
