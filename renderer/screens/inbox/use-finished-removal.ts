/**
 * Removing finished tasks from the inbox: the ones the user ticked ("Remove selected (n)") or
 * all of them ("Clear finished"). The host removes one task per request, so each id is its own
 * `tasks:remove`; a failure leaves that task in the list and the rest go.
 */
import { useCallback, useMemo, useState } from 'react';
import type { TaskSummary } from '../../../shared/ipc/contract';
import { useTaskRemoval } from '../../queries/task-removal';

/** The selection among `finished` and the two removals. */
export function useFinishedRemoval(finished: readonly TaskSummary[]) {
  const removeTask = useTaskRemoval();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [isRemoving, setIsRemoving] = useState(false);
  // Only ids still finished and listed count: a removed or filtered-out task is no longer selected.
  const selected = useMemo(() => {
    const present = new Set<string>();
    for (const task of finished) if (ticked.has(task.localId)) present.add(task.localId);
    return present;
  }, [finished, ticked]);

  const toggle = useCallback((id: string) => {
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const removeAll = useCallback(async (ids: readonly string[]) => {
    setIsRemoving(true);
    try {
      await Promise.allSettled(ids.map((id) => removeTask(id)));
    } finally {
      setIsRemoving(false);
      setTicked(new Set());
    }
  }, [removeTask]);

  return {
    selected,
    toggle,
    isRemoving,
    removeSelected: () => removeAll([...selected]),
    clearFinished: () => removeAll(finished.map((task) => task.localId)),
  };
}
