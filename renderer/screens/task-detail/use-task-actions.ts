/** Cancel, run again and remove for one task, with what each leads to. */
import type { TaskDetail } from '../../../shared/ipc/contract';
import { useCancelTask, useRemoveTask } from '../../queries/mutations';
import { useAppStore } from '../../store/store-context';
import { selectPrefillLauncher, selectShowScreen } from '../../store/selectors';

/**
 * The detail screen's commands. Run again… sends nothing: it opens the launcher with this task's
 * server, tool and arguments filled in, for the user to check or change and then run.
 */
export function useTaskActions(task: Pick<TaskDetail, 'localId' | 'serverId' | 'toolName' | 'arguments'>) {
  const cancel = useCancelTask();
  const remove = useRemoveTask();
  const showScreen = useAppStore(selectShowScreen);
  const prefillLauncher = useAppStore(selectPrefillLauncher);

  return {
    cancel,
    remove,
    onCancel: () => cancel.mutate(task.localId),
    onRunAgain: () => prefillLauncher(task.serverId, task.toolName, task.arguments),
    // Not mutate's own onSuccess: that runs only while this screen is still mounted, and the
    // removal itself (the task leaving the cache) may unmount it first. A failure shows through
    // `remove.isError`, the screen staying.
    onRemove: () => void remove.mutateAsync(task.localId).then(() => showScreen('inbox'), () => undefined),
  };
}
