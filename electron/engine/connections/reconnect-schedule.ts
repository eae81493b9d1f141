/**
 * When a connection tries again, and what it says why: jittered exponential backoff after a drop or a failed attempt,
 * no more starts for a stdio server that failed to start too often (backoff.ts has the rules),
 * and no attempt at all while the server waits for sign-in.
 */
import type { Transport } from '@modelcontextprotocol/client';
import type { ProcessExit, ServerState } from '../../../shared/server-config.js';
import type { Clock, Logger, TimerHandle } from '../ports.js';
import { isGivingUp, reconnectDelay, recentFailedStarts } from './backoff.js';
import { describeConnectError, describeExit, exitOf } from './connection-texts.js';
import { reachabilityFailureIn } from './reachability.js';
import { explainingLines } from './stderr-lines.js';
import { StdioTransport } from './stdio-transport.js';

/** What the schedule needs from its connection. */
export interface ReconnectScheduleDeps {
  clock: Clock;
  logger: Logger;
  random: () => number;
  /** The server's id, for the log. */
  serverId: string;
  /** Tells the server console what happened. */
  event(text: string): void;
  /** Patches the connection's state (undefined fields are removed) and reports it. */
  setState(patch: Partial<ServerState>): void;
  /** True once the connection is closed for good. */
  isClosed(): boolean;
  /** Starts the next attempt. */
  connect(): void;
}

/** One connection's attempts and their pace, across its reconnects. */
export class ReconnectSchedule {
  private attempts = 0;
  /** stdio: monotonic times of the failed starts that count (see `recentFailedStarts`). */
  private failedStartTimes: number[] = [];
  private timer: TimerHandle | undefined;
  /** The server refused us for want of sign-in: no attempt is scheduled until `startOver` (after a sign-in); a connect clears it. */
  waitingForSignIn = false;

  constructor(private readonly deps: ReconnectScheduleDeps) {}

  /** The attempts since the last success (0: the next attempt is the first). */
  get attempt(): number {
    return this.attempts;
  }

  /** A connect succeeded: the counts start over. */
  connected(): void {
    this.attempts = 0;
    this.failedStartTimes = [];
  }

  /** The next attempt comes after the shortest backoff (e.g. a fresh session after the server lost ours). */
  restartBackoff(): void {
    this.attempts = 0;
  }

  /** The user asked for an attempt now: the pending one is called off and the counts start over. */
  startOver(): void {
    this.cancel();
    this.attempts = 0;
    this.failedStartTimes = [];
  }

  /** Calls off the pending attempt, if any. */
  cancel(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }

  /**
   * A connect attempt on `transport` failed with `error`: says why (for a stdio server that
   * exited, its exit and the stderr lines that explain it, the SDK's words only as the detail),
   * then retries with backoff — or, for a stdio server that failed to start too often (see
   * `recentFailedStarts`), stops until `startOver`.
   */
  attemptFailed(error: unknown, transport: Transport): void {
    if (this.deps.isClosed()) return;
    if (!(transport instanceof StdioTransport)) {
      // "fetch failed" says nothing: the socket error under it (ECONNREFUSED, ENOTFOUND…) says why.
      const socket = reachabilityFailureIn(error)?.detail;
      const reason = describeConnectError(error, []);
      this.retryLater(socket === undefined || reason.includes(socket) ? reason : `${reason} (${socket})`.slice(0, 1_000), undefined);
      return;
    }
    const exit = exitOf(transport);
    const reason = describeConnectError(error, exit === undefined ? explainingLines(transport.stderrLines()) : []);
    const now = this.deps.clock.monotonic();
    this.failedStartTimes = recentFailedStarts([...this.failedStartTimes, now], now);
    if (!isGivingUp(this.failedStartTimes)) return this.retryLater(reason, exit);
    this.deps.setState({ status: 'failed', lastError: reason, exit, failedStarts: this.failedStartTimes.length, nextRetryAt: undefined });
    this.deps.event(`Failed to start ${this.failedStartTimes.length} times: ${reason}. Not started again until a retry.`);
    this.deps.logger.warn('server failed to start too often; not starting it again until a retry', { server: this.deps.serverId, reason, failedStarts: this.failedStartTimes.length });
  }

  /** Schedules the next attempt after backoff — or, waiting for sign-in, none (see `waitForSignIn`). */
  retryLater(reason: string, exit: ProcessExit | undefined): void {
    if (this.deps.isClosed()) return;
    if (this.waitingForSignIn) return this.waitForSignIn();
    this.attempts += 1;
    const delay = reconnectDelay(this.attempts, this.deps.random);
    this.deps.setState({
      status: 'reconnecting',
      lastError: reason,
      exit,
      failedStarts: this.failedStartTimes.length > 0 ? this.failedStartTimes.length : undefined,
      health: undefined,
      nextRetryAt: this.deps.clock.now() + delay,
    });
    this.deps.logger.warn('server connection failed; retrying', { server: this.deps.serverId, reason, delayMs: delay });
    this.deps.event(`${describeExit(exit)}${reason}. Reconnecting in ${Math.max(1, Math.round(delay / 1000))} s.`);
    this.timer = this.deps.clock.setTimer(delay, () => {
      this.timer = undefined;
      this.deps.connect();
    });
  }

  /** Waits in `needs-sign-in`: nothing is tried until `startOver` (the engine retries once signed in). */
  waitForSignIn(): void {
    this.attempts = 0;
    this.deps.setState({ status: 'needs-sign-in', lastError: 'The server needs sign-in.', health: undefined, nextRetryAt: undefined, exit: undefined });
    this.deps.event('Waiting for sign-in; not tried again until then.');
    this.deps.logger.info('server needs sign-in; waiting for it', { server: this.deps.serverId });
  }
}
