/** The app's providers around the shell: bridge, query cache, UI store, and the event sync. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppShell } from './app/AppShell';
import { BridgeProvider } from './bridge/bridge-context';
import type { HostBridge } from './bridge/host-bridge';
import { BridgeEventsSync } from './queries/BridgeEventsSync';
import { createQueryClient } from './queries/query-client';
import type { AppStore } from './store/app-store';
import { StoreProvider } from './store/store-context';

export interface AppProps {
  bridge: HostBridge;
  /** Tests pass their own to inspect or seed it. */
  queryClient?: QueryClient;
  store?: AppStore;
}

/** The whole UI for one bridge. */
export function App({ bridge, queryClient, store }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <BridgeProvider bridge={bridge}>
      <QueryClientProvider client={client}>
        <StoreProvider {...(store !== undefined ? { store } : {})}>
          <BridgeEventsSync />
          <AppShell />
        </StoreProvider>
      </QueryClientProvider>
    </BridgeProvider>
  );
}
