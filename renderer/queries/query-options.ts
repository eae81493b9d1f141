/**
 * `queryOptions` for the engine reads made on demand (what the host pushes is in the live store).
 * A task's detail and result never go stale by time: `BridgeEventsSync` writes each change into the
 * cache. The bridge is local, so queries run whatever the browser thinks of the network
 * (`networkMode: 'always'`, set on the client).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Bridge } from '../../shared/ipc/contract';
import { serverKeys, taskKeys } from './keys';
import { unwrap } from './unwrap';

/** Tool lists are not pushed; refetch them when a minute old. */
const TOOLS_STALE_MS = 60_000;

/** One task with its timeline and arguments; `null` when the host no longer tracks it. */
export const taskDetailOptions = (bridge: Bridge, localId: string) =>
  queryOptions({
    queryKey: taskKeys.detail(localId),
    queryFn: async () => unwrap(await bridge.invoke['tasks:get']({ localId })),
    staleTime: Infinity,
  });

/** A task's final result (never changes once stored). */
export const taskResultOptions = (bridge: Bridge, localId: string) =>
  queryOptions({
    queryKey: taskKeys.result(localId),
    queryFn: async () => unwrap(await bridge.invoke['tasks:result']({ localId })),
    staleTime: Infinity,
  });

/** The tools one server offers. */
export const toolListOptions = (bridge: Bridge, serverId: string) =>
  queryOptions({
    queryKey: serverKeys.tools(serverId),
    queryFn: async () => unwrap(await bridge.invoke['tools:list']({ serverId })),
    staleTime: TOOLS_STALE_MS,
  });
