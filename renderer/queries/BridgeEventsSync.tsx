/**
 * The one subscriber to the host's events: writes every pushed change into the query cache as it
 * arrives (the host already sends them at most every EVENT_INTERVAL_MS, each task in its newest
 * state), and refetches everything after the link to the
 * host comes back, because events sent while it was down are gone.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBridge } from '../bridge/bridge-context';
import type { ServerView } from '../../shared/ipc/contract';
import { appKeys, inputKeys, logKeys, serverKeys } from './keys';
import { newlyConnected } from './server-changes';
import { mergeTasksIntoCache, removeTasksFromCache } from './task-cache';

/** Keeps the query cache in step with the host's events. */
function useBridgeEventsSync(): void {
  const bridge = useBridge();
  const client = useQueryClient();

  useEffect(() => {
    const unsubscribers = [
      bridge.events['tasks:updated'](({ tasks, details }) => mergeTasksIntoCache(client, tasks, details)),
      bridge.events['tasks:removed'](({ ids }) => removeTasksFromCache(client, ids)),
      bridge.events['servers:changed'](({ servers }) => {
        const before = client.getQueryData<ServerView[]>(serverKeys.list());
        client.setQueryData(serverKeys.list(), servers);
        // A server that just connected may offer tools a failed or stale listing did not show.
        for (const serverId of newlyConnected(before, servers)) {
          void client.invalidateQueries({ queryKey: serverKeys.tools(serverId) });
        }
      }),
      bridge.events['inputs:changed'](({ inputs }) => client.setQueryData(inputKeys.list(), inputs)),
      // Open log views read what is new (each asks only after its last entry); closed ones when opened.
      bridge.events['logs:appended'](({ serverIds }) => {
        for (const serverId of serverIds) void client.invalidateQueries({ queryKey: logKeys.server(serverId) });
      }),
      bridge.events['app:changed'](({ info }) => client.setQueryData(appKeys.info(), info)),
    ];
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [bridge, client]);

  useEffect(() => {
    let wasDown = false;
    return bridge.link.subscribe(() => {
      const { status } = bridge.link.current();
      if (status === 'disconnected') wasDown = true;
      if (status === 'connected' && wasDown) {
        wasDown = false;
        // A restarted host numbers its log entries afresh: read the logs from the start, not after the old last entry.
        void client.resetQueries({ queryKey: logKeys.all });
        void client.invalidateQueries();
      }
    });
  }, [bridge, client]);
}

/** Renders nothing; mount it once near the root. */
export function BridgeEventsSync() {
  useBridgeEventsSync();
  return null;
}
