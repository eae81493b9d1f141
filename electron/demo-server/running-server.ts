import type { Readable, Writable } from 'node:stream';

/** The two streams a stdio server talks over: this process's own, or a stand-in for a stdin it lacks. */
export interface StdioStreams {
  stdin: Readable;
  stdout: Writable;
}

/** What starting a demo server yields, whatever its form and transport. */
export interface RunningServer {
  /** The MCP endpoint (`http://127.0.0.1:PORT/mcp`) in HTTP mode; undefined on stdio. */
  readonly url?: string;
  /**
   * Stops all task work, ends open streams and subscriptions, and releases the transport, so the
   * process can exit without being forced. Safe to call more than once.
   */
  close(): Promise<void>;
}

/** Wraps `close` so that every call after the first returns the first call's promise. */
export function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
