/** Provides the pushed-data store (live-store.ts) and reads it. */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ServerView } from '../../shared/ipc/contract';
import { useBridge } from '../bridge/bridge-context';
import { readPushed } from './live-reads';
import { createLiveStore, type LiveState, type LiveStore, type PushedKey } from './live-store';

const LiveContext = createContext<LiveStore | null>(null);

/** Gives its children one store (`store` for tests that want to look inside, else a new one). */
export function LiveProvider({ store, children }: { store?: LiveStore | undefined; children: ReactNode }) {
  const [value] = useState(() => store ?? createLiveStore());
  return <LiveContext value={value}>{children}</LiveContext>;
}

/** The store itself, for writers (the event sync, commands that learn about a task first). */
export function useLiveStoreApi(): LiveStore {
  const store = useContext(LiveContext);
  if (store === null) throw new Error('useLiveStoreApi needs a LiveProvider above it.');
  return store;
}

/** Reads a slice of pushed data; re-renders only when the selected value changes. */
export function useLiveStore<T>(selector: (state: LiveState) => T): T {
  return useStore(useLiveStoreApi(), selector);
}

/** One pushed collection as a component shows it: its data, whether it is read yet, and a retry. */
export interface PushedRead<T> {
  data: T | undefined;
  error: Error | undefined;
  /** Nothing read yet, and no read failed. */
  isPending: boolean;
  /** The last read failed (data read before, if any, is still there). */
  isError: boolean;
  /** Read, and the last read did not fail. */
  isSuccess: boolean;
  /** Reads the collection again. */
  refetch: () => Promise<void>;
}

function usePushed<K extends PushedKey>(key: K): PushedRead<NonNullable<LiveState[K]['data']>> {
  const store = useLiveStoreApi();
  const bridge = useBridge();
  const pushed = useStore(store, (state) => state[key]);
  const refetch = useCallback(() => readPushed(store, bridge, key), [store, bridge, key]);
  return useMemo(() => {
    const { data, error } = pushed as { data: NonNullable<LiveState[K]['data']> | undefined; error: Error | undefined };
    return { data, error, isPending: data === undefined && error === undefined, isError: error !== undefined, isSuccess: data !== undefined && error === undefined, refetch };
  }, [pushed, refetch]);
}

/** Every tracked task, in the inbox's order (renderer/lib/task-list.ts says what it is). */
export function useTaskList() {
  return usePushed('tasks');
}

/** Configured servers with their connection state. */
export function useServerList() {
  return usePushed('servers');
}

/** Questions servers wait on. */
export function usePendingInputs() {
  return usePushed('inputs');
}

/** What the host says about itself: its mode, store problems and secret protection. */
export function useAppInfo() {
  return usePushed('appInfo');
}

/** Server names by id, for labelling tasks (the user's own name for each server). */
export function useServerNames(): ReadonlyMap<string, string> {
  const { data } = useServerList();
  return useMemo(() => namesById(data ?? []), [data]);
}

/** Names by id; the tasks of a server whose endpoint change made a new one say so wherever they name it. */
function namesById(servers: readonly ServerView[]): ReadonlyMap<string, string> {
  return new Map(servers.map((server) => [server.id, server.replacedBy !== undefined && server.disabled ? `${server.name} (server changed)` : server.name]));
}
