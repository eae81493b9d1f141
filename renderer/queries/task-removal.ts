/**
 * `tasks:remove` as a plain function: the host stops tracking the task, then it leaves the live
 * store's list and the query cache (its detail and result). The inbox's removals ("Remove
 * selected", "Clear finished") call it directly, so the inbox's first paint does not carry
 * TanStack Query; the task page's Remove runs the same function as a mutation (`useRemoveTask` in
 * mutations.ts).
 */
import { useCallback } from 'react';
import { useBridge } from '../bridge/bridge-context';
import { useLiveStoreApi } from '../live/live-context';
import { useQueryHolder } from './query-holder';
import { recordTaskRemovals } from './task-cache';
import { unwrap } from './unwrap';

/** Removes one task by its local id; rejects with a `HostError` when the host refuses, leaving everything as it was. */
export function useTaskRemoval(): (localId: string) => Promise<void> {
  const bridge = useBridge();
  const live = useLiveStoreApi();
  const holder = useQueryHolder();
  return useCallback(async (localId: string) => {
    unwrap(await bridge.invoke['tasks:remove']({ localId }));
    recordTaskRemovals(live, holder.client, [localId]);
  }, [bridge, live, holder]);
}
