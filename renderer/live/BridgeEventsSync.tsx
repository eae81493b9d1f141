/**
 * The one subscriber to the host's events. Reads the pushed collections (live-store.ts) when the
 * link is up, writes every pushed change into them as it arrives (the host already sends them at
 * most every EVENT_INTERVAL_MS, each task in its newest state), and keeps the query cache's
 * on-demand entries current when a screen has made one. After the link to the host comes back it
 * reads everything again, because events sent while it was down are gone.
 */
import { useEffect } from 'react';
import type { ServerView } from '../../shared/ipc/contract';
import { useBridge } from '../bridge/bridge-context';
import { logKeys, serverKeys } from '../queries/keys';
import { useQueryHolder } from '../queries/query-holder';
import { newlyConnected } from '../queries/server-changes';
import { recordTaskRemovals, recordTaskUpdates } from '../queries/task-cache';
import { readAllPushed } from './live-reads';
import { useLiveStoreApi } from './live-context';
import { setPushed } from './live-store';

/** Keeps the live store and the query cache in step with the host's events. */
function useBridgeEventsSync(): void {
  const bridge = useBridge();
  const live = useLiveStoreApi();
  const holder = useQueryHolder();

  useEffect(() => {
    const unsubscribers = [
      bridge.events['tasks:updated'](({ tasks, details }) => recordTaskUpdates(live, holder.client, tasks, details)),
      bridge.events['tasks:removed'](({ localIds }) => recordTaskRemovals(live, holder.client, localIds)),
      bridge.events['servers:changed'](({ servers }) => {
        const before: readonly ServerView[] | undefined = live.getState().servers.data;
        setPushed(live, 'servers', servers);
        // A server that just connected may offer tools a failed or stale listing did not show.
        for (const serverId of newlyConnected(before, servers)) void holder.client?.invalidateQueries({ queryKey: serverKeys.tools(serverId) });
      }),
      bridge.events['inputs:changed'](({ inputs }) => setPushed(live, 'inputs', inputs)),
      // Open log views read what is new (each asks only after its last entry); closed ones when opened.
      // An exchange is read whole, so only when it changed, not whenever its server logs anything.
      bridge.events['logs:appended'](({ serverIds, exchangeLocalIds }) => {
        for (const serverId of serverIds) void holder.client?.invalidateQueries({ queryKey: logKeys.server(serverId) });
        for (const localId of exchangeLocalIds) void holder.client?.invalidateQueries({ queryKey: logKeys.exchange(localId) });
      }),
      bridge.events['app:changed'](({ info }) => setPushed(live, 'appInfo', info)),
    ];
    // Listening first: a change pushed while the reads are under way is in their answers or arrives after them.
    void readAllPushed(live, bridge);
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [bridge, live, holder]);

  useEffect(() => {
    let wasDown = false;
    return bridge.link.subscribe(() => {
      const { status } = bridge.link.current();
      if (status === 'disconnected') wasDown = true;
      if (status === 'connected' && wasDown) {
        wasDown = false;
        void readAllPushed(live, bridge);
        // A restarted host numbers its log entries afresh: read the logs from the start, not after the old last entry.
        void holder.client?.resetQueries({ queryKey: logKeys.all });
        void holder.client?.invalidateQueries();
      }
    });
  }, [bridge, live, holder]);
}

/** Renders nothing; mount it once near the root. */
export function BridgeEventsSync() {
  useBridgeEventsSync();
  return null;
}
