/**
 * A server connection's contract with its owner (the engine's server roster): what it is built
 * with, how it reports, and what it sends back for a server request it did not answer itself.
 */
import type { AuthProvider } from '@modelcontextprotocol/client';
import type { ServerState } from '../../../shared/server-config.js';
import type { AuthProblem } from '../auth/sign-in-errors.js';
import type { Clock, Logger } from '../ports.js';
import type { ClientIdentity } from './capabilities.js';
import type { ConnectionObserver } from './connection-traffic.js';
import type { ProcessLauncher } from './process-launcher.js';
import type { HealthOptions } from './server-health.js';
import type { ServerRequestHandler } from './server-request-relay.js';

/** What `respond` sends: a result, or a JSON-RPC error. */
export type ServerRequestAnswer = { result: Record<string, unknown> } | { error: { code: number; message: string } };

/** How a connection reports to its owner. */
export interface ConnectionListener {
  /**
   * A server notification the SDK does not handle for us (task status pushes, listen acks), and
   * every `notifications/cancelled`: the SDK also sees that one and withdraws the live requests
   * it names, but a request answered through `respond` (kept across a restart) has no SDK
   * handler, so only the owner can withdraw it.
   */
  onNotification(method: string, params: Record<string, unknown>): void;
  /** The connection state changed (status, era, errors). */
  onStateChange(state: ServerState): void;
  /** A (re)connection completed: requests can flow. */
  onConnected(): void;
  /** The connection dropped: in-flight requests failed, subscriptions are gone. */
  onDisconnected(): void;
  /**
   * HTTP: a request (the handshake included) was refused for want of sign-in (the connection then
   * waits in `needs-sign-in`, not retried) or of access (403 `insufficient_scope`: it stays up).
   */
  onAuthProblem?(problem: AuthProblem): void;
}

/** What a connection is built with, besides its server's configuration. */
export interface ServerConnectionDeps {
  clock: Clock;
  logger: Logger;
  random: () => number;
  identity: ClientIdentity;
  listener: ConnectionListener;
  handleServerRequest: ServerRequestHandler;
  /** How health is judged (defaults in server-health.ts). */
  health?: HealthOptions;
  /** The largest message read from the server, in bytes (default: `DEFAULT_MAX_MESSAGE_BYTES`). */
  maxMessageBytes?: number;
  /** Hears the connection's traffic, stderr and events (none: nothing is recorded). */
  observer?: ConnectionObserver;
  /** HTTP: what the transport authenticates with (the server's sign-in, auth/server-sign-in.ts). */
  authProvider?: AuthProvider;
  /** stdio: starts the server's process (default: spawns its command). */
  launchProcess?: ProcessLauncher;
}
