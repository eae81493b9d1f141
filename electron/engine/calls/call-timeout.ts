/**
 * How long a `tools/call` may go without its answer, the one rule for both protocols: 120 s
 * without a sign of life fails it. Each accepted progress notification for the call starts the
 * 120 s over (the MCP spec lets a client reset a request's timeout on progress, and tells it to
 * keep a maximum: `CALL_MAX_TOTAL_MS` from the send); while a person answers a question the server
 * asked during the call, the wait is the person's and no timeout runs out.
 */
import type { Clock } from '../ports.js';

/** How long a call may go without an answer or an accepted progress notification. */
export const CALL_TIMEOUT_MS = 120_000;
/** The longest progress notifications can keep a call waiting, counted from its send. */
export const CALL_MAX_TOTAL_MS = 3_600_000;

/** The timeout of one `tools/call` request (one per send: an MRTR retry gets a new one). */
export class CallTimeout {
  /** The request's first timeout, in ms. */
  readonly timeoutMs = CALL_TIMEOUT_MS;
  private readonly sentAt: number;
  private progressAt: number | undefined;

  /** `isWaitingOnUser`: true while a person answers a question the server asked during the call. */
  constructor(
    private readonly clock: Clock,
    private readonly isWaitingOnUser: () => boolean,
  ) {
    this.sentAt = clock.monotonic();
  }

  /** An accepted progress notification for the call arrived: the call is alive. */
  progressed(): void {
    this.progressAt = this.clock.monotonic();
  }

  /**
   * Asked when the timeout runs out: how many ms more to wait (0: fail the call now). A person
   * answering gets a whole period more, again and again; progress moves the deadline to 120 s
   * after the newest notification, never past the maximum.
   */
  readonly extraWait = (): number => {
    if (this.isWaitingOnUser()) return CALL_TIMEOUT_MS;
    if (this.progressAt === undefined) return 0;
    const now = this.clock.monotonic();
    const deadline = Math.min(this.progressAt + CALL_TIMEOUT_MS, this.sentAt + CALL_MAX_TOTAL_MS);
    return Math.max(0, deadline - now);
  };
}
