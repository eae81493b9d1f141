/** Cancel, run again and remove for one task, with what each leads to. */
import type { TaskDetail } from '../../../shared/ipc/contract';
import { useOpenCallEntry } from '../../hooks/use-open-call-entry';
import { useCancelTask, useRemoveTask, useRunAgain } from '../../queries/mutations';
import { useAppStore } from '../../store/store-context';
import { selectShowScreen } from '../../store/selectors';

/** The detail screen's commands; Run again opens the new call's entry as soon as it exists. */
export function useTaskActions(task: Pick<TaskDetail, 'id' | 'serverId' | 'toolName'>) {
  const cancel = useCancelTask();
  const runAgain = useRunAgain();
  const remove = useRemoveTask();
  const entry = useOpenCallEntry();
  const showScreen = useAppStore(selectShowScreen);

  return {
    cancel,
    runAgain,
    remove,
    /** True from the click on Run again until the new call's entry is open. */
    isStartingAgain: entry.isAwaiting,
    onCancel: () => cancel.mutate(task.id),
    onRunAgain: () => {
      entry.expect(task.serverId, task.toolName);
      runAgain.mutate(task.id, { onSuccess: entry.opened, onError: entry.forget });
    },
    onRemove: () => remove.mutate(task.id, { onSuccess: () => showScreen('inbox') }),
  };
}
