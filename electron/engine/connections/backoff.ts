/** Reconnect delays: jittered exponential backoff, capped (issue: "capped at 30 s"). */

/** First reconnect delay before jitter. */
export const RECONNECT_BASE_MS = 500;
/** The longest wait between reconnect attempts. */
export const RECONNECT_CAP_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (1-based), "equal jitter": half the exponential step
 * fixed, half random, so many servers dropping at once do not reconnect in lockstep.
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  const step = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, Math.min(attempt - 1, 20)));
  return Math.round(step / 2 + random() * (step / 2));
}
