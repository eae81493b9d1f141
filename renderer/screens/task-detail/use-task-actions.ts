/** Cancel, run again and remove for one task, with what each leads to. */
import { useCancelTask, useRemoveTask, useRunAgain } from '../../queries/mutations';
import { useAppStore } from '../../store/store-context';
import { selectOpenTask, selectShowScreen } from '../../store/selectors';

/** The detail screen's commands. */
export function useTaskActions(taskId: string) {
  const cancel = useCancelTask();
  const runAgain = useRunAgain();
  const remove = useRemoveTask();
  const openTask = useAppStore(selectOpenTask);
  const showScreen = useAppStore(selectShowScreen);

  return {
    cancel,
    runAgain,
    remove,
    /** A run-again that answered at once, without a task (a task opens its own detail instead). */
    immediateResult: runAgain.data?.kind === 'result' ? runAgain.data.result : null,
    onCancel: () => cancel.mutate(taskId),
    onRunAgain: () =>
      runAgain.mutate(taskId, {
        onSuccess: (outcome) => {
          if (outcome.kind !== 'result') openTask(outcome.task.id);
        },
      }),
    onRemove: () => remove.mutate(taskId, { onSuccess: () => showScreen('inbox') }),
  };
}
