/**
 * Who may call the host over IPC (docs/security.md#ipc-senders-and-payloads,
 * docs/architecture.md#the-ipc-contract): only the top frame of our own window, showing our own
 * `app://` origin. Pure, so plain-Node tests cover it; the Electron side gathers the facts from the
 * IPC event.
 */
import { isAppOrigin } from './app-url.js';

/** What main knows about the frame behind an IPC message. */
export interface IpcSenderFacts {
  /** The message came from the web contents of our window (not some other web contents). */
  isOurWindow: boolean;
  /** The sending frame is the top frame. False when Electron no longer knows the frame (`senderFrame` null). */
  isTopFrame: boolean;
  /** The sending frame's URL; undefined when `senderFrame` is null (the frame navigated or was destroyed). */
  frameUrl: string | undefined;
}

/** True when a message with these facts may reach the host. */
export function isTrustedSender(facts: IpcSenderFacts): boolean {
  return facts.isOurWindow && facts.isTopFrame && isAppOrigin(facts.frameUrl);
}
