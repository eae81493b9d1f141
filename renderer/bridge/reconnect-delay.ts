/** Back-off for reconnecting the browser-mode socket. */

/** First retry after about half a second; never more than 30 s apart. */
const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0 = the first retry): exponential, capped, with
 * jitter in [50 %, 100 %] so many tabs of a restarted host do not reconnect in lockstep.
 * @param random a number in [0, 1), injectable for tests.
 */
export function reconnectDelay(attempt: number, random: number): number {
  const exponential = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
  return Math.round(exponential * (0.5 + random / 2));
}
