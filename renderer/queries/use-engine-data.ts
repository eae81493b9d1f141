/** Hooks for the engine reads made on demand, through the query cache (pushed data: live/live-context.tsx). */
import { useQuery } from '@tanstack/react-query';
import { useBridge } from '../bridge/bridge-context';
import { taskDetailOptions, taskResultOptions, toolListOptions } from './query-options';

/** One task's detail (`null` when the host no longer tracks it). */
export function useTaskDetail(id: string) {
  return useQuery(taskDetailOptions(useBridge(), id));
}

/** A task's final result (ask only once the task says `hasResult`). */
export function useTaskResult(id: string) {
  return useQuery(taskResultOptions(useBridge(), id));
}

/** The tools of one server; idle until a server is chosen. */
export function useToolList(serverId: string) {
  return useQuery({ ...toolListOptions(useBridge(), serverId), enabled: serverId !== '' });
}
