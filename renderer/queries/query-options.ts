/**
 * `queryOptions` for every engine read. Data the host pushes (tasks, servers, inputs) is never
 * stale by time: `BridgeEventsSync` writes each change into the cache. The bridge is local, so
 * queries run whatever the browser thinks of the network (`networkMode: 'always'`, set on the client).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Bridge, TaskSummary } from '../../shared/ipc/contract';
import { sortForList } from '../lib/task-list';
import { appKeys, inputKeys, serverKeys, taskKeys } from './keys';
import { unwrap } from './unwrap';

/** Tool lists are not pushed; refetch them when a minute old. */
const TOOLS_STALE_MS = 60_000;

/** Every tracked task, in the inbox's order (`sortForList`: the order grouping and the update merge rely on). */
export const taskListOptions = (bridge: Bridge) =>
  queryOptions({
    queryKey: taskKeys.list(),
    queryFn: async (): Promise<readonly TaskSummary[]> => sortForList(unwrap(await bridge.invoke['tasks:list']({}))),
    staleTime: Infinity,
    // No structural sharing: by default every write deep-compares the new list with the old one
    // (10,000 summaries, ~15 ms a write: 45 % of the main thread under 1,000 updates/s in the UI
    // bench). The merge in task-cache.ts already keeps every unchanged summary by identity, and
    // returns the old list itself when nothing changed, so the deep compare would find nothing.
    structuralSharing: false,
  });

/** One task with its timeline and arguments; `null` when the host no longer tracks it. */
export const taskDetailOptions = (bridge: Bridge, id: string) =>
  queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: async () => unwrap(await bridge.invoke['tasks:get']({ id })),
    staleTime: Infinity,
  });

/** A task's final result (never changes once stored). */
export const taskResultOptions = (bridge: Bridge, id: string) =>
  queryOptions({
    queryKey: taskKeys.result(id),
    queryFn: async () => unwrap(await bridge.invoke['tasks:result']({ id })),
    staleTime: Infinity,
  });

/** Configured servers with their connection state. */
export const serverListOptions = (bridge: Bridge) =>
  queryOptions({
    queryKey: serverKeys.list(),
    queryFn: async () => unwrap(await bridge.invoke['servers:list']({})),
    staleTime: Infinity,
  });

/** The tools one server offers. */
export const toolListOptions = (bridge: Bridge, serverId: string) =>
  queryOptions({
    queryKey: serverKeys.tools(serverId),
    queryFn: async () => unwrap(await bridge.invoke['tools:list']({ serverId })),
    staleTime: TOOLS_STALE_MS,
  });

/** The host's mode, store problems and secret protection. */
export const appInfoOptions = (bridge: Bridge) =>
  queryOptions({
    queryKey: appKeys.info(),
    queryFn: async () => unwrap(await bridge.invoke['app:info']({})),
    staleTime: Infinity,
  });

/** Questions servers wait on. */
export const inputListOptions = (bridge: Bridge) =>
  queryOptions({
    queryKey: inputKeys.list(),
    queryFn: async () => unwrap(await bridge.invoke['inputs:list']({})),
    staleTime: Infinity,
  });
