/**
 * What a connection's next connect attempt tries, learnt from the attempts before it: the era
 * verdict to skip the probe with (or the legacy guess after a failed probe), the HTTP transport
 * (configured, or the spec's HTTP+SSE fallback) and a 2025-11-25 session to rejoin.
 */
import type { Client, ConnectOptions, DiscoverResult, Transport } from '@modelcontextprotocol/client';
import type { HttpTransportKind, ServerConfig, ServerState } from '../../../shared/server-config.js';
import type { LegacySession } from '../../../shared/task-model.js';
import { rejoinSession } from '../protocols/legacy/http-session.js';
import { isSseFallbackAnswer } from './http-transports.js';

/** One connection's plan for its next attempt, across its reconnects. */
export class ConnectPlan {
  private prior: ConnectOptions['prior'];
  /** True when `prior` is the legacy guess made after a failed probe, not a verdict. */
  private priorIsGuess = false;
  /** A 2025-11-25 HTTP session to rejoin on the next connect. */
  private rejoin: LegacySession | undefined;
  /** HTTP: the transport the next connect uses (configured, or learnt from the spec's fallback). */
  private kind: HttpTransportKind;
  /** True while `kind` is the HTTP+SSE fallback not yet confirmed by a connect. */
  private kindIsGuess = false;

  constructor(private readonly config: ServerConfig) {
    this.kind = config.transport === 'http' ? config.httpTransport ?? 'streamable' : 'streamable';
  }

  /** HTTP: the transport the next connect uses (`streamable` for stdio, where it means nothing). */
  get httpKind(): HttpTransportKind {
    return this.kind;
  }

  /** True when the next connect goes over HTTP+SSE. */
  get usesSse(): boolean {
    return this.config.transport === 'http' && this.kind === 'sse';
  }

  /** HTTP: the next connect tries to rejoin `session` first (stdio has no sessions to rejoin). */
  rejoinFirst(session: LegacySession | undefined): void {
    if (this.config.transport === 'http') this.rejoin = session;
  }

  /** The session the next attempt rejoins, if any; it is tried once. An HTTP+SSE session lives as long as its stream: there is none to rejoin. */
  takeRejoin(): LegacySession | undefined {
    const rejoin = this.kind === 'streamable' ? this.rejoin : undefined;
    this.rejoin = undefined;
    return rejoin;
  }

  /** The SDK connect's options: the era verdict or guess (HTTP+SSE is 2024-11-05's transport: only `initialize`-era servers speak it). */
  connectOptions(): ConnectOptions {
    const prior = this.usesSse ? { kind: 'legacy' as const } : this.prior;
    return prior !== undefined ? { prior } : {};
  }

  /**
   * The attempt's handshake on `transport`: rejoins `rejoin` when given, else the SDK's connect
   * with `connectOptions`. Resolves with the rejoined session's capabilities (no `initialize`
   * answer to read them from; none for a fresh session); rejects when it failed, after
   * `onSessionLost` when the server no longer had the session to rejoin.
   */
  async handshake(client: Client, transport: Transport, rejoin: LegacySession | undefined, onSessionLost: () => void): Promise<Record<string, unknown> | undefined> {
    if (rejoin === undefined) {
      await client.connect(transport, this.connectOptions());
      return undefined;
    }
    const rejoined = await rejoinSession(client, transport, rejoin);
    if (!rejoined.ok) {
      onSessionLost();
      throw new Error(rejoined.reason);
    }
    return rejoined.capabilities;
  }

  /** A connect succeeded in `era`: its verdict is cached so reconnects skip the probe (and its throw-away stdio process), and the transport is kept. */
  connected(era: ServerState['era'], discover: DiscoverResult | undefined): void {
    this.prior = era === 'modern' && discover !== undefined ? { kind: 'modern', discover } : { kind: 'legacy' };
    this.priorIsGuess = false;
    this.kindIsGuess = false;
  }

  /**
   * After a failed HTTP connect: true when the Streamable HTTP answer says the server only speaks
   * HTTP+SSE (the spec's backwards-compatibility rule, see `isSseFallbackAnswer`), so HTTP+SSE is
   * tried at once — and kept for reconnects once it connects. A fallback that failed too goes back
   * to Streamable HTTP for the next attempt. A configured transport is never changed.
   */
  fallBackToSse(error: unknown): boolean {
    if (this.config.transport !== 'http' || this.config.httpTransport === 'sse') return false;
    if (this.kindIsGuess) {
      this.kind = 'streamable';
      this.kindIsGuess = false;
      return false;
    }
    if (this.kind !== 'streamable' || !isSseFallbackAnswer(error)) return false;
    this.kind = 'sse';
    this.kindIsGuess = true;
    return true;
  }

  /**
   * After a failed stdio connect with no known era, try `initialize` directly next: some legacy
   * servers exit on any request before `initialize`, so the probe itself killed them
   * (docs/protocol-notes.md#era-detection). If that guess fails too, probe again. A verdict from a
   * successful connect is kept as it is.
   */
  startFailed(): void {
    if (this.config.transport !== 'stdio') return;
    if (this.prior === undefined) {
      this.prior = { kind: 'legacy' };
      this.priorIsGuess = true;
    } else if (this.priorIsGuess) {
      this.prior = undefined;
      this.priorIsGuess = false;
    }
  }
}
