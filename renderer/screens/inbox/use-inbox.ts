/** Everything the inbox shows, derived from the task list, the server names and the filters. */
import { useDeferredValue, useMemo } from 'react';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { filterTasks } from '../../lib/task-list';
import { useServerList, useServerNames, useTaskList } from '../../queries/use-engine-data';
import { useAppStore } from '../../store/store-context';
import { selectFilter } from '../../store/selectors';

/** A server the filter can pick: configured ones, plus ids that only old tasks still name. */
export interface ServerOption {
  id: string;
  name: string;
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
  const serverOptions = useMemo(() => listServerOptions(tasks ?? [], servers.data ?? []), [tasks, servers.data]);
  return { list, tasks, visible, serverNames, serverOptions, filter };
}

function listServerOptions(tasks: readonly TaskSummary[], servers: readonly ServerOption[]): ServerOption[] {
  const options = servers.map(({ id, name }) => ({ id, name }));
  const known = new Set(options.map((option) => option.id));
  for (const task of tasks) {
    if (known.has(task.serverId)) continue;
    known.add(task.serverId);
    options.push({ id: task.serverId, name: `${task.serverId} (no longer configured)` });
  }
  return options;
}
