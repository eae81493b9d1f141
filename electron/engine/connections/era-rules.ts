/**
 * What the connected server's era changes in what the connection sends: the 2026-07-28
 * per-request `_meta` envelope (with the log level) where 2025-11-25 has `logging/setLevel`, the
 * roots notice only 2025-11-25 has, and what aborting a request sends.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { HttpTransportKind, ServerConfig, ServerState } from '../../../shared/server-config.js';
import type { LogLevel } from '../../../shared/server-log.js';
import type { CancelWire } from '../tasks/task-rules.js';
import { withRequestEnvelope, type ClientIdentity } from './capabilities.js';

/** What the era rules read from their connection. */
export interface EraRulesDeps {
  config: ServerConfig;
  identity: ClientIdentity;
  /** The SDK client of the current connection (undefined while there is none). */
  client(): Client | undefined;
  /** True while the connection's status is `connected`. */
  isConnected(): boolean;
  /** The connection's state now (era, whether the server offers logging). */
  state(): ServerState;
  /** HTTP: the transport in use. */
  httpKind(): HttpTransportKind;
}

/** One connection's era rules, with the log level the user chose for its server. */
export class EraRules {
  /** The log level the user chose for this server (absent: see `setLogLevel`). */
  private logLevel: LogLevel | undefined;

  constructor(private readonly deps: EraRulesDeps) {
    this.logLevel = deps.config.logLevel;
  }

  /** `params` as they go out: on the modern era with the per-request `_meta` envelope (see `withRequestEnvelope`). */
  envelope(params: Record<string, unknown>): Record<string, unknown> {
    const client = this.deps.client();
    if (client?.getProtocolEra() !== 'modern') return params;
    return withRequestEnvelope(params, {
      protocolVersion: client.getNegotiatedProtocolVersion(),
      identity: this.deps.identity,
      logging: this.deps.state().logging === true,
      logLevel: this.logLevel,
    });
  }

  /**
   * Takes the log level the user chose. 2025-11-25: a connected server that offers `logging` is
   * sent `logging/setLevel` (until the user picks a level it logs at its own default);
   * 2026-07-28 removed that request: the level goes in every request's `_meta`
   * (`DEFAULT_MODERN_LOG_LEVEL` until the user picks one), so there it applies from the next request.
   */
  async setLogLevel(level: LogLevel | undefined): Promise<void> {
    const changed = level !== this.logLevel;
    this.logLevel = level;
    if (changed) await this.sendLogLevel();
  }

  /** 2025-11-25: sends `logging/setLevel` with the chosen level, where the connected server offers logging. */
  async sendLogLevel(): Promise<void> {
    const client = this.deps.client();
    const state = this.deps.state();
    if (client === undefined || !this.deps.isConnected() || state.era === 'modern' || this.logLevel === undefined || state.logging !== true) return;
    await client.setLoggingLevel(this.logLevel);
  }

  /**
   * Tells a connected 2025-11-25 server that the client's roots changed, so it lists them again.
   * Does nothing otherwise: 2026-07-28 removed the notification (servers ask for roots on each
   * request, docs/protocol-notes.md#per-request-metadata), and a disconnected server asks again
   * when it reconnects.
   */
  async sendRootsListChanged(): Promise<void> {
    const client = this.deps.client();
    if (client === undefined || !this.deps.isConnected() || this.deps.state().era !== 'legacy') return;
    await client.sendRootsListChanged();
  }

  /**
   * What aborting a request sends on this connection. stdio has only the notification. Over
   * Streamable HTTP the POST is closed; on 2026-07-28 closing the stream is the cancel, while on
   * 2025-11-25 closing it is not (the server may go on), so the notification is POSTed too.
   */
  get cancelWire(): CancelWire {
    const streamable = this.deps.config.transport === 'http' && this.deps.httpKind() === 'streamable';
    // HTTP+SSE: the POST only hands the message over (its answer comes on the shared stream).
    return { closesRequest: streamable, notifies: !streamable || this.deps.state().era === 'legacy' };
  }
}
