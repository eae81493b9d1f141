/**
 * Pings a connected server at a steady pace, one ping at a time, and says when one goes
 * unanswered. What a ping's answer or failure means for the server's health is decided where
 * every request's outcome is seen (health-watch.ts), not here.
 */
import type { Clock, TimerHandle } from '../ports.js';

/** Sends one ping; rejects when it fails or `signal` aborts it. */
export type SendPing = (signal: AbortSignal) => Promise<unknown>;

/** One connection's pings: `start` once it is connected, `stop` when it drops or closes. */
export class ConnectionPinger {
  private timer: TimerHandle | undefined;
  /** The open ping's deadline (a ping of a connection that dropped meanwhile says nothing). */
  private deadline: TimerHandle | undefined;
  private running = false;
  /** Bumped by `start`/`stop`, so a ping of an earlier run never schedules the next one. */
  private run = 0;

  constructor(
    private readonly clock: Clock,
    private readonly intervalMs: number,
    private readonly timeoutMs: number,
    private readonly onUnanswered: (sentAt: number, timeoutMs: number) => void,
  ) {}

  /** Pings through `send` every `intervalMs` (after the previous ping settled) until `stop`. */
  start(send: SendPing): void {
    this.stop();
    this.running = true;
    this.schedule(send, this.run);
  }

  stop(): void {
    this.running = false;
    this.run += 1;
    this.timer?.cancel();
    this.timer = undefined;
    this.deadline?.cancel();
    this.deadline = undefined;
  }

  private schedule(send: SendPing, run: number): void {
    this.timer = this.clock.setTimer(this.intervalMs, () => void this.pingOnce(send, run));
  }

  private async pingOnce(send: SendPing, run: number): Promise<void> {
    if (!this.running || run !== this.run) return;
    const sentAt = this.clock.now();
    const abort = new AbortController();
    const deadline = this.clock.setTimer(this.timeoutMs, () => {
      abort.abort();
      this.onUnanswered(sentAt, this.timeoutMs);
    });
    this.deadline = deadline;
    try {
      await send(abort.signal);
    } catch {
      // A failed ping is counted with every other request, where sends are observed.
    } finally {
      deadline.cancel();
    }
    if (this.running && run === this.run) this.schedule(send, run);
  }
}
