/**
 * A connected server's health, judged from the outcome of every request the engine sends it
 * (polls, `tasks/result`, calls, pings): one answer means healthy; `DEGRADED_AFTER_FAILURES`
 * failures in a row, or one request that got no answer within its timeout, mean degraded; a
 * `ping` that got no answer in time means not responding. Pure: the caller passes the time.
 */
import type { Degraded, HealthProbe, ServerHealth } from '../../../shared/server-config.js';
import type { ReachabilityFailure } from './reachability.js';

/** Failed requests in a row after which a server is shown as degraded (one failure may be a blip). */
export const DEGRADED_AFTER_FAILURES = 3;
/** How often a connected server is pinged (see `HealthOptions.pingIntervalMs`). */
export const PING_INTERVAL_MS = 15_000;
/** How long a ping waits for its answer before the server counts as not responding (stdio) or degraded (HTTP). */
export const PING_TIMEOUT_MS = 10_000;

/** Health settings of a connection; tests shorten them. */
export interface HealthOptions {
  /** Default `DEGRADED_AFTER_FAILURES`. */
  failuresBeforeDegraded?: number;
  /**
   * Default `PING_INTERVAL_MS`. Pings go out whenever the server is connected, tracked work or
   * not: a server followed only through a push stream, or an idle one, sends nothing else, and
   * its card would say "Connected" through any outage. A ping is one tiny request.
   */
  pingIntervalMs?: number;
  /** Default `PING_TIMEOUT_MS`. */
  pingTimeoutMs?: number;
}

/** The outcome counter of one connection. Each method returns true when `health` changed. */
export class HealthTracker {
  private failures = 0;
  private firstFailureAt = 0;
  private current: ServerHealth | undefined;

  constructor(private readonly failuresBeforeDegraded = DEGRADED_AFTER_FAILURES) {}

  /** Undefined while the server answers as it should. */
  get health(): ServerHealth | undefined {
    return this.current;
  }

  /** The server answered a request (any answer: a result, a JSON-RPC error, a 4xx). */
  answered(): boolean {
    this.failures = 0;
    return this.set(undefined);
  }

  /**
   * A request failed for a reason of reachability (a 5xx, refused, reset, timeout). `timedOut`:
   * it got no answer within its timeout, which alone makes the server degraded.
   */
  failed(failure: ReachabilityFailure, now: number, timedOut = false): boolean {
    if (this.failures === 0) this.firstFailureAt = now;
    this.failures += 1;
    // Not responding says more than degraded (the process is there and silent): it stays until an answer.
    if (this.current?.condition === 'not-responding') return false;
    if (!timedOut && this.failures < this.failuresBeforeDegraded && this.current === undefined) return false;
    const degraded: Degraded = { condition: 'degraded', ...failure, since: this.firstFailureAt, failedRequests: this.failures };
    return this.set(degraded);
  }

  /** A `probe` (a ping) sent at `sentAt` got no answer within `timeoutMs`. */
  pingUnanswered(sentAt: number, timeoutMs: number, probe: HealthProbe): boolean {
    if (this.current?.condition === 'not-responding') return false;
    return this.set({ condition: 'not-responding', since: sentAt, probe, pingTimeoutMs: timeoutMs });
  }

  /** Forgets everything (a new connection starts healthy). */
  reset(): void {
    this.failures = 0;
    this.current = undefined;
  }

  private set(next: ServerHealth | undefined): boolean {
    if (next === undefined && this.current === undefined) return false;
    this.current = next;
    return true;
  }
}
