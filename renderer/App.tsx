/** The app's providers around the shell: bridge, pushed data, query cache holder, UI store, and the event sync. */
import type { QueryClient } from '@tanstack/react-query';
import { AppShell } from './app/AppShell';
import { BridgeProvider } from './bridge/bridge-context';
import type { HostBridge } from './bridge/host-bridge';
import { BridgeEventsSync } from './live/BridgeEventsSync';
import { LiveProvider } from './live/live-context';
import type { LiveStore } from './live/live-store';
import { QueryHolderProvider } from './queries/query-holder';
import type { AppStore } from './store/app-store';
import { StoreProvider } from './store/store-context';

export interface AppProps {
  bridge: HostBridge;
  /** Tests pass their own to inspect or seed them. */
  queryClient?: QueryClient;
  liveStore?: LiveStore;
  store?: AppStore;
}

/** The whole UI for one bridge. */
export function App({ bridge, queryClient, liveStore, store }: AppProps) {
  return (
    <BridgeProvider bridge={bridge}>
      <LiveProvider store={liveStore}>
        <QueryHolderProvider client={queryClient}>
          <StoreProvider {...(store !== undefined ? { store } : {})}>
            <BridgeEventsSync />
            <AppShell />
          </StoreProvider>
        </QueryHolderProvider>
      </LiveProvider>
    </BridgeProvider>
  );
}
