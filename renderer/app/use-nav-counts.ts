/** The numbers the navigation shows. */
import { usePendingInputs, useServerList, useTaskList } from '../queries/use-engine-data';

export interface NavCounts {
  tasks: number | undefined;
  /** Questions servers wait on (the needs-input queue). */
  pendingInputs: number;
  servers: number | undefined;
}

/** Task, pending-question and server counts (undefined until loaded). */
export function useNavCounts(): NavCounts {
  const { data: tasks } = useTaskList();
  const { data: servers } = useServerList();
  const { data: inputs } = usePendingInputs();
  return { tasks: tasks?.length, pendingInputs: inputs?.length ?? 0, servers: servers?.length };
}
