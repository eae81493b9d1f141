/**
 * How often the app polls a task for a server's suggested `pollIntervalMs`: one rule for the
 * engine, which schedules by it, and the UI, which must show the interval really used.
 */

/**
 * Poll interval used when the server suggests none. The spec sets no default (MCP 2026-07-28
 * tasks, timing fields); the clients we checked use 1 s.
 */
export const DEFAULT_POLL_INTERVAL_MS = 1_000;
/** Floor for a server's suggested poll interval (servers may send 0). */
export const MIN_POLL_INTERVAL_MS = 250;
/** Ceiling for a server's suggested poll interval (servers may send a day, or 1e15). */
export const MAX_POLL_INTERVAL_MS = 60_000;

/** The interval to poll at for a server's suggestion, clamped to [250 ms, 60 s]; 1 s when absent. */
export function clampPollInterval(suggestedMs: number | undefined): number {
  if (suggestedMs === undefined || !Number.isFinite(suggestedMs)) return DEFAULT_POLL_INTERVAL_MS;
  return Math.min(MAX_POLL_INTERVAL_MS, Math.max(MIN_POLL_INTERVAL_MS, Math.round(suggestedMs)));
}
