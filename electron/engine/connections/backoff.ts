/** Reconnect delays: jittered exponential backoff, capped (issue: "capped at 30 s"); when a stdio server stops being started. */
import { FAILED_START_WINDOW_MS, MAX_FAILED_STARTS } from '../../../shared/server-config.js';

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

/**
 * The failed starts (monotonic ms, oldest first) of a stdio server that count at `now`: those
 * within `FAILED_START_WINDOW_MS`. Backoff alone would start a server that cannot start for
 * ever, every 30 s; once `MAX_FAILED_STARTS` count (`isGivingUp`), it is not started again
 * until the user asks.
 */
export function recentFailedStarts(times: readonly number[], now: number): number[] {
  return times.filter((time) => now - time < FAILED_START_WINDOW_MS);
}

/** True when these recent failed starts (see `recentFailedStarts`) are enough to stop starting the server. */
export function isGivingUp(recent: readonly number[]): boolean {
  return recent.length >= MAX_FAILED_STARTS;
}
