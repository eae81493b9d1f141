/** Reconnect delays: jittered exponential backoff, capped (issue: "capped at 30 s"); when a stdio server stops being started. */
import { backoffDelay, type Backoff } from '../../../shared/backoff.js';
import { FAILED_START_WINDOW_MS, MAX_FAILED_STARTS } from '../../../shared/server-config.js';

/** First reconnect delay before jitter. */
export const RECONNECT_BASE_MS = 500;
/** The longest wait between reconnect attempts. */
export const RECONNECT_CAP_MS = 30_000;
const RECONNECT_BACKOFF: Backoff = { firstMs: RECONNECT_BASE_MS, capMs: RECONNECT_CAP_MS };

/** Delay before reconnect attempt `attempt` (1-based): the shared backoff with the engine's steps. */
export function reconnectDelay(attempt: number, random: () => number): number {
  return backoffDelay(RECONNECT_BACKOFF, attempt - 1, random);
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
