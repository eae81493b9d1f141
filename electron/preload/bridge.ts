/**
 * The bridge the preload exposes, built from the contract's channel list and nothing else
 * (docs/architecture.md#the-ipc-contract, docs/security.md#ipc-senders-and-payloads): one method
 * per invoke channel, one subscribe function per event channel. There is no generic
 * `invoke(channel)`, and listeners receive the payload only, never the `IpcRendererEvent` (whose
 * `sender` would hand the page the raw ipcRenderer).
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL_NAMES, INVOKE_CHANNEL_NAMES } from '../../shared/ipc/channels.js';

/** The part of `ipcRenderer` the bridge uses. */
export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

type InvokeName = (typeof INVOKE_CHANNEL_NAMES)[number];
type EventName = (typeof EVENT_CHANNEL_NAMES)[number];

/** The shape exposed on `window[BRIDGE_GLOBAL]`; the renderer types it with the contract's `Bridge`. */
export interface PreloadBridge {
  invoke: Record<InvokeName, (request: unknown) => Promise<unknown>>;
  events: Record<EventName, (listener: (payload: unknown) => void) => () => void>;
}

/** Builds the bridge over `ipc` (the preload passes `ipcRenderer`; tests pass a fake). */
export function createBridge(ipc: IpcRendererLike): PreloadBridge {
  const invoke = {} as PreloadBridge['invoke'];
  for (const channel of INVOKE_CHANNEL_NAMES) {
    // Exactly one argument crosses: whatever else the page passes is dropped.
    invoke[channel] = (request) => ipc.invoke(channel, request);
  }
  const events = {} as PreloadBridge['events'];
  for (const channel of EVENT_CHANNEL_NAMES) {
    events[channel] = (listener) => {
      if (typeof listener !== 'function') throw new TypeError(`${channel}: the listener must be a function`);
      const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
      ipc.on(channel, wrapped);
      return () => {
        ipc.removeListener(channel, wrapped);
      };
    };
  }
  return { invoke, events };
}
