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
import { McpRequestError } from './mcp-request-error.js';
import type { ProcessLauncher } from './process-launcher.js';
import type { RawRequests } from './raw-requests.js';
import { StdioTransport } from './stdio-transport.js';

/** What a server's transport is made with, besides its configuration. */
export interface ServerTransportOptions {
  /** HTTP: which transport (configured, or learnt from the spec's fallback). */
  httpKind: HttpTransportKind;
  /** Streamable HTTP: a 2025-11-25 session to rejoin. */
  rejoin: LegacySession | undefined;
  /** The largest message read from the server, in bytes. */
  maxBytes: number;
  /** Our raw requests: an answer to one that is too large to read fails it at once; stdio names their ids early. */
  requests: RawRequests;
  /** A message over `maxBytes` was refused that answered none of our waiting requests. */
  onOtherTooLarge(error: MessageTooLargeError): void;
  /** Hears HTTP facts and stderr lines. */
  observer: ConnectionObserver | undefined;
  /** HTTP: what the transport authenticates with. */
  authProvider: AuthProvider | undefined;
  /** stdio: starts the server's process (default: spawns its command). */
  launchProcess: ProcessLauncher | undefined;
}

/** A new transport to the server `config` names. */
export function createServerTransport(config: ServerConfig, options: ServerTransportOptions): Transport {
  const { maxBytes, observer, rejoin, requests } = options;
  // Ours only: the SDK's own requests, numbered, fail over JSON through the transport and
  // otherwise run into their timeout.
  const onTooLarge = (id: unknown, error: MessageTooLargeError): void => {
    if (!requests.fail(id, new McpRequestError(error.message, undefined, undefined, 'malformed'))) options.onOtherTooLarge(error);
  };
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
    (id) => requests.isWaiting(id),
    { maxBytes, onTooLarge, ...(observer !== undefined ? { onStderrLine: (line: string) => observer.stderr(line) } : {}) },
    options.launchProcess,
  );
}
