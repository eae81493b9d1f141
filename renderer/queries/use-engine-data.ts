/** Hooks that read engine data through the query cache. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ServerView } from '../../shared/ipc/contract';
import { useBridge } from '../bridge/bridge-context';
import {
  appInfoOptions,
  inputListOptions,
  serverListOptions,
  taskDetailOptions,
  taskListOptions,
  taskResultOptions,
  toolListOptions,
} from './query-options';

/** Every tracked task, in the inbox's order (renderer/lib/task-list.ts says what it is). */
export function useTaskList() {
  return useQuery(taskListOptions(useBridge()));
}

/** One task's detail (`null` when the host no longer tracks it). */
export function useTaskDetail(id: string) {
  return useQuery(taskDetailOptions(useBridge(), id));
}

/** A task's final result (ask only once the task says `hasResult`). */
export function useTaskResult(id: string) {
  return useQuery(taskResultOptions(useBridge(), id));
}

/** Configured servers. */
export function useServerList() {
  return useQuery(serverListOptions(useBridge()));
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

/** The tools of one server; idle until a server is chosen. */
export function useToolList(serverId: string) {
  return useQuery({ ...toolListOptions(useBridge(), serverId), enabled: serverId !== '' });
}

/** What the host says about itself. */
export function useAppInfo() {
  return useQuery(appInfoOptions(useBridge()));
}

/** Questions servers wait on. */
export function usePendingInputs() {
  return useQuery(inputListOptions(useBridge()));
}
