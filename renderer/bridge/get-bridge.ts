/**
 * Picks the bridge for this window: the Electron preload's object when it exposed one, else the
 * browser-mode WebSocket to the page's own origin (docs/architecture.md#the-ipc-contract). The auth
 * cookie rides on the socket's upgrade request by itself; the token in the address bar is no longer
 * needed once the page has loaded, so it is taken out of the address (and so out of history and
 * bookmarks).
 */
import type { Bridge } from '../../shared/ipc/contract';
import { BRIDGE_GLOBAL } from '../../shared/ipc/channels';
import { BRIDGE_SOCKET_PATH, TOKEN_QUERY_PARAMETER } from '../../shared/ipc/socket-paths';
import { ALWAYS_LINKED, type HostBridge } from './host-bridge';

function isBridge(value: unknown): value is Bridge {
  if (typeof value !== 'object' || value === null) return false;
  const { invoke, events } = value as Partial<Record<keyof Bridge, unknown>>;
  return typeof invoke === 'object' && invoke !== null && typeof events === 'object' && events !== null;
}

/** The WebSocket address of the bridge on the page's own origin. */
export function bridgeSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${BRIDGE_SOCKET_PATH}`;
}

/** The page address without the launch token, or undefined when it carries none. */
export function addressWithoutToken(href: string): string | undefined {
  const url = new URL(href);
  if (!url.searchParams.has(TOKEN_QUERY_PARAMETER)) return undefined;
  url.searchParams.delete(TOKEN_QUERY_PARAMETER);
  return url.toString();
}

/**
 * The bridge to the host for this window. Browser mode's socket bridge (and the contract's
 * schemas it checks frames with) loads only there: the desktop window never fetches it.
 */
export async function getBridge(win: Window = window): Promise<HostBridge> {
  const preload: unknown = Reflect.get(win, BRIDGE_GLOBAL);
  if (isBridge(preload)) return { invoke: preload.invoke, events: preload.events, link: ALWAYS_LINKED };
  const cleanAddress = addressWithoutToken(win.location.href);
  if (cleanAddress !== undefined) win.history.replaceState(win.history.state, '', cleanAddress);
  const { createSocketBridge } = await import('./socket-bridge');
  return createSocketBridge({ url: bridgeSocketUrl(win.location) });
}
