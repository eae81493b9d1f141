/**
 * Wires the host to Electron IPC (docs/architecture.md#the-ipc-contract): one `ipcMain.handle` per
 * invoke channel of the contract, answering only our window's top frame on our origin
 * (docs/security.md#ipc-senders-and-payloads), and the host's event stream forwarded to the window.
 * Payloads are parsed by `host.dispatch` (zod), which answers with the result envelope, so nothing
 * throws across the boundary.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { IpcResult } from '../../shared/ipc/contract.js';
import { INVOKE_CHANNEL_NAMES } from '../../shared/ipc/channels.js';
import type { Logger } from '../engine/index.js';
import type { HostApi } from '../host/host-api.js';
import { isAppOrigin } from './app-url.js';
import { isTrustedSender } from './ipc-sender.js';

const REFUSED: IpcResult<never> = { ok: false, error: { message: 'This caller may not use the app.' } };

/**
 * Registers a handler for every invoke channel, for the life of the app; `isOurWindow` tells
 * whether a web contents is the app's window.
 */
export function handleInvokeChannels(host: HostApi, isOurWindow: (contents: WebContents) => boolean, logger: Logger): void {
  for (const channel of INVOKE_CHANNEL_NAMES) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, payload: unknown) => {
      // senderFrame is null once the frame has navigated or been destroyed: refused below.
      const frame = event.senderFrame;
      const facts = { isOurWindow: isOurWindow(event.sender), isTopFrame: frame !== null && frame.parent === null, frameUrl: frame?.url };
      if (!isTrustedSender(facts)) {
        logger.warn('Refused an IPC call from an untrusted sender', { channel });
        return REFUSED;
      }
      return host.dispatch(channel, payload);
    });
  }
}

/**
 * Sends the host's events (already batched to one message per frame) to `contents` while it
 * shows our origin, until it is destroyed.
 */
export function forwardHostEvents(host: HostApi, contents: WebContents): void {
  const unsubscribe = host.subscribe((channel, payload) => {
    if (contents.isDestroyed() || !isAppOrigin(contents.getURL())) return;
    contents.send(channel, payload);
  });
  contents.once('destroyed', unsubscribe);
}
