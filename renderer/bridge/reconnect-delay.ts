/** Back-off for reconnecting the browser-mode socket. */
import { backoffDelay, type Backoff } from '../../shared/backoff';

/** First retry after about half a second; never more than 30 s apart. */
const SOCKET_BACKOFF: Backoff = { firstMs: 500, capMs: 30_000 };

/**
 * Delay before reconnect attempt `attempt` (0 = the first retry), jittered so many tabs of a
 * restarted host do not reconnect in lockstep.
 * @param random the jitter source, numbers in [0, 1); injectable for tests.
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  return backoffDelay(SOCKET_BACKOFF, attempt, random);
}
