/**
 * `tasks:remove` as a plain function: the host stops tracking the task, then it leaves the cache
 * (the list and its detail). The inbox's removals ("Remove selected", "Clear finished") call it
 * directly, so the inbox's first paint does not carry TanStack Query's mutation machinery; the task
 * page's Remove runs the same function as a mutation (`useRemoveTask` in mutations.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useBridge } from '../bridge/bridge-context';
import { removeTasksFromCache } from './task-cache';
import { unwrap } from './unwrap';

/** Removes one task by its local id; rejects with a `HostError` when the host refuses, leaving the cache as it was. */
export function useTaskRemoval(): (localId: string) => Promise<void> {
  const bridge = useBridge();
  const client = useQueryClient();
  return useCallback(async (localId: string) => {
    unwrap(await bridge.invoke['tasks:remove']({ id: localId }));
    removeTasksFromCache(client, [localId]);
  }, [bridge, client]);
}
