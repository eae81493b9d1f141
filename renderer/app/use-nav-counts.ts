/** The numbers the navigation shows. */
import { countAnswerableNow } from '../lib/pending-inputs';
import { usePendingInputs, useServerList, useTaskList } from '../live/live-context';

export interface NavCounts {
  tasks: number | undefined;
  /** Questions the user can answer now (queued and already answered ones are not waiting on the user). */
  pendingInputs: number;
  servers: number | undefined;
}

/** Task, pending-question and server counts (undefined until loaded). */
export function useNavCounts(): NavCounts {
  const { data: tasks } = useTaskList();
  const { data: servers } = useServerList();
  const { data: inputs } = usePendingInputs();
  return { tasks: tasks?.length, pendingInputs: countAnswerableNow(inputs ?? []), servers: servers?.length };
}
