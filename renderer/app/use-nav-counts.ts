/** The numbers the navigation shows. */
import { useMemo } from 'react';
import { countWaitingForInput } from '../lib/task-list';
import { useServerList, useTaskList } from '../queries/use-engine-data';

export interface NavCounts {
  tasks: number | undefined;
  waitingForInput: number;
  servers: number | undefined;
}

/** Task, waiting-for-input and server counts (undefined until loaded). */
export function useNavCounts(): NavCounts {
  const { data: tasks } = useTaskList();
  const { data: servers } = useServerList();
  const waitingForInput = useMemo(() => (tasks === undefined ? 0 : countWaitingForInput(tasks)), [tasks]);
  return { tasks: tasks?.length, waitingForInput, servers: servers?.length };
}
