/**
 * The transport one connect attempt uses: the app's own stdio transport, or Streamable HTTP or
 * HTTP+SSE on a fetch that refuses messages over the size limit.
 */
import type { AuthProvider, Transport } from '@modelcontextprotocol/client';
import type { HttpTransportKind, ServerConfig } from '../../../shared/server-config.js';
import type { LegacySession } from '../../../shared/task-model.js';
import { boundedFetch } from './bounded-fetch.js';
import type { ConnectionObserver } from './connection-traffic.js';
import { createHttpTransport } from './http-transports.js';
import type { MessageTooLargeError } from './message-limit.js';
import type { ProcessLauncher } from './process-launcher.js';
import { StdioTransport } from './stdio-transport.js';

/** What a server's transport is made with, besides its configuration. */
export interface ServerTransportOptions {
  /** HTTP: which transport (configured, or learnt from the spec's fallback). */
  httpKind: HttpTransportKind;
  /** Streamable HTTP: a 2025-11-25 session to rejoin. */
  rejoin: LegacySession | undefined;
  /** The largest message read from the server, in bytes. */
  maxBytes: number;
  /** A message over `maxBytes` was refused; `id` is its JSON-RPC id where it could be read. */
  onTooLarge: (id: unknown, error: MessageTooLargeError) => void;
  /** stdio: true when `id` is one of our raw requests still waiting (its oversized answer is named early). */
  isWaiting(id: unknown): boolean;
  /** Hears HTTP facts and stderr lines. */
  observer: ConnectionObserver | undefined;
  /** HTTP: what the transport authenticates with. */
  authProvider: AuthProvider | undefined;
  /** stdio: starts the server's process (default: spawns its command). */
  launchProcess: ProcessLauncher | undefined;
}

/** A new transport to the server `config` names. */
export function createServerTransport(config: ServerConfig, options: ServerTransportOptions): Transport {
  const { maxBytes, onTooLarge, observer, rejoin } = options;
  if (config.transport === 'http') {
    return createHttpTransport(options.httpKind, {
      url: config.url,
      headers: config.headers ?? {},
      ...(options.authProvider !== undefined ? { authProvider: options.authProvider } : {}),
      fetch: boundedFetch({ maxBytes, onTooLarge, ...(observer !== undefined ? { onHttp: (id, facts) => observer.http(id, facts) } : {}) }),
      ...(rejoin !== undefined ? { rejoin } : {}),
    });
  }
  return new StdioTransport(
    { command: config.command, args: config.args, ...(config.env !== undefined ? { env: config.env } : {}), ...(config.cwd !== undefined ? { cwd: config.cwd } : {}) },
    (id) => options.isWaiting(id),
    { maxBytes, onTooLarge, ...(observer !== undefined ? { onStderrLine: (line: string) => observer.stderr(line) } : {}) },
    options.launchProcess,
  );
}
