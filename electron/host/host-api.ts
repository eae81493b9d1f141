/**
 * What a host shell (Electron main, or the browser-mode server) needs from the host core: one
 * dispatcher that takes an untrusted channel name and payload, checks both against the IPC
 * contract and answers with the result envelope; and one stream of contract events, already
 * batched. Electron wires it to ipcMain/webContents, browser mode to a WebSocket.
 */
import type { EventChannel, IpcResult } from '../../shared/ipc/contract.js';

/** The host core as the shells see it. */
export interface HostApi {
  /**
   * Answers one invoke. Never throws: an unknown channel, a payload failing its schema, or an
   * engine error all come back as `{ok: false, error}` with a message fit for the user.
   */
  dispatch(channel: unknown, payload: unknown): Promise<IpcResult<unknown>>;
  /** Subscribes to contract events (task updates arrive batched, at most one message per frame). */
  subscribe(listener: (channel: EventChannel, payload: unknown) => void): () => void;
  /** Stops the engine and every server; flushes stores. */
  dispose(): Promise<void>;
}

/** How a host protects secrets (HTTP headers, tokens) at rest. */
export interface SecretStore {
  /** `os-keychain` (Electron safeStorage with a real backend), `basic_text` (Linux without a keyring), `unavailable` (browser mode: nothing is persisted). */
  readonly protection: 'os-keychain' | 'basic_text' | 'unavailable';
  /** Encrypts for storage; undefined when secrets cannot be persisted. */
  protect(plain: string): string | undefined;
  /** Decrypts what `protect` returned; undefined when it cannot. */
  reveal(stored: string): string | undefined;
}
