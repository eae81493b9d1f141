/**
 * The bridge as the UI uses it: the contract's `Bridge` plus the state of the link to the host.
 * In Electron the preload's bridge is always linked; in browser mode the WebSocket can drop, and
 * the UI must say so instead of showing stale data as if it were live.
 */
import type { Bridge } from '../../shared/ipc/contract';

/** The link to the host right now. */
export type LinkState =
  | { status: 'connecting' }
  | { status: 'connected' }
  /** The link dropped (or never came up); the next attempt is at `retryAt` (wall-clock ms). */
  | { status: 'disconnected'; retryAt: number; reason: string };

/** Watches the link to the host. */
export interface BridgeLink {
  /** The current state (the same object until it changes, as `useSyncExternalStore` needs). */
  current: () => LinkState;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** Tries to reconnect now instead of waiting for the back-off. */
  retryNow: () => void;
}

/** The contract's bridge and its link state. */
export interface HostBridge extends Bridge {
  readonly link: BridgeLink;
}

const CONNECTED: LinkState = { status: 'connected' };

/** The link of a bridge that cannot drop (the Electron preload). */
export const ALWAYS_LINKED: BridgeLink = {
  current: () => CONNECTED,
  subscribe: () => () => undefined,
  retryNow: () => undefined,
};
