/** Hands the bridge to components, and its link state to whoever shows it. */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { HostBridge, LinkState } from './host-bridge';

const BridgeContext = createContext<HostBridge | null>(null);

/** Makes `bridge` available to `useBridge` below it. */
export function BridgeProvider({ bridge, children }: { bridge: HostBridge; children: ReactNode }) {
  return <BridgeContext value={bridge}>{children}</BridgeContext>;
}

/** The bridge of the nearest `BridgeProvider`. */
export function useBridge(): HostBridge {
  const bridge = useContext(BridgeContext);
  if (bridge === null) throw new Error('useBridge needs a BridgeProvider above it.');
  return bridge;
}

/** The link state, re-rendering when it changes. */
export function useLinkState(): LinkState {
  const { link } = useBridge();
  return useSyncExternalStore(link.subscribe, link.current);
}
