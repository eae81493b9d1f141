/**
 * The connected server's health as one connection sees it: every request's outcome on the
 * connected transport (told by the connection, which sees each send and each answer) and the
 * pings that go out while nothing else does. The rules of the verdict are server-health.ts's.
 */
import type { Client, Transport } from '@modelcontextprotocol/client';
import type { HealthProbe, ServerHealth, ServerState } from '../../../shared/server-config.js';
import type { Clock, Logger } from '../ports.js';
import { ConnectionPinger } from './connection-pinger.js';
import { timeoutFailure, type ReachabilityFailure } from './reachability.js';
import { HealthTracker, PING_INTERVAL_MS, PING_TIMEOUT_MS, type HealthOptions } from './server-health.js';
import { StdioTransport } from './stdio-transport.js';

/** What the health watch needs from its connection. */
export interface HealthWatchDeps {
  clock: Clock;
  logger: Logger;
  /** The server's id, for the log. */
  serverId: string;
  /** How health is judged (defaults in server-health.ts). */
  options: HealthOptions | undefined;
  /** The connection's transport now (undefined while there is none). */
  transport(): Transport | undefined;
  /** True while the connection's status is `connected`. */
  isConnected(): boolean;
  /** The 2026-07-28 probe: a `server/discover` that waits for as long as the pinger lets it. */
  discover(signal: AbortSignal): Promise<unknown>;
  /** The health changed: into the connection's state. */
  onChange(health: ServerHealth | undefined): void;
}

/** One connection's health, across its reconnects. */
export class HealthWatch {
  private readonly tracker: HealthTracker;
  private readonly pinger: ConnectionPinger;
  private readonly pingTimeoutMs: number;
  /** What the pinger sends on the current connection. */
  private probe: HealthProbe = 'ping';

  constructor(private readonly deps: HealthWatchDeps) {
    this.tracker = new HealthTracker(deps.options?.failuresBeforeDegraded);
    this.pingTimeoutMs = deps.options?.pingTimeoutMs ?? PING_TIMEOUT_MS;
    this.pinger = new ConnectionPinger(deps.clock, deps.options?.pingIntervalMs ?? PING_INTERVAL_MS, this.pingTimeoutMs, (sentAt, timeoutMs) => this.pingUnanswered(sentAt, timeoutMs));
  }

  /**
   * A new connection on `client` starts healthy and is pinged until it drops: the SDK's `ping` on
   * a 2025-11-25 connection; 2026-07-28 removed `ping`, so there the probe is `server/discover`,
   * the one request every such server answers and that changes nothing. The deadline is the
   * pinger's (on the engine's clock).
   */
  start(client: Client, era: ServerState['era']): void {
    this.tracker.reset();
    this.probe = era === 'modern' ? 'server/discover' : 'ping';
    if (this.probe === 'ping') {
      this.pinger.start((signal) => client.ping({ signal, timeout: 2 * this.pingTimeoutMs }));
    } else {
      this.pinger.start((signal) => this.deps.discover(signal));
    }
  }

  /** The connection dropped or closed: no more pings. */
  stop(): void {
    this.pinger.stop();
  }

  /**
   * A request to the connected server on `transport` failed in a way that says it cannot be
   * reached (`timedOut`: it got no answer in time). The connection stays up while the state says
   * so — dropping it would stop the very requests that notice the recovery.
   */
  failed(transport: Transport, failure: ReachabilityFailure, timedOut = false): void {
    if (this.deps.transport() !== transport || !this.deps.isConnected()) return;
    const wasHealthy = this.tracker.health === undefined;
    if (!this.tracker.failed(failure, this.deps.clock.now(), timedOut)) return;
    if (wasHealthy) this.deps.logger.warn('server degraded; its requests go on being tried', { server: this.deps.serverId, kind: failure.kind, detail: failure.detail });
    this.deps.onChange(this.tracker.health);
  }

  /** The server on `transport` answered (or, over HTTP, accepted a POST): it is healthy again. */
  answered(transport: Transport): void {
    if (this.deps.transport() !== transport || !this.tracker.answered()) return;
    this.deps.logger.info('server answering again', { server: this.deps.serverId });
    this.deps.onChange(undefined);
  }

  /** A probe sent at `sentAt` got no answer in `timeoutMs`: a stdio server is not responding; over HTTP it is one timed-out request. */
  private pingUnanswered(sentAt: number, timeoutMs: number): void {
    const transport = this.deps.transport();
    if (transport === undefined || !this.deps.isConnected()) return;
    if (!(transport instanceof StdioTransport)) return this.failed(transport, timeoutFailure(this.probe, timeoutMs), true);
    if (!this.tracker.pingUnanswered(sentAt, timeoutMs, this.probe)) return;
    this.deps.logger.warn('stdio server not responding; it is left running', { server: this.deps.serverId, probe: this.probe, timeoutMs });
    this.deps.onChange(this.tracker.health);
  }
}
