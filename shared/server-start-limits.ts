/**
 * When the app stops restarting a stdio server that keeps failing: plain values apart from the
 * server-config schemas (so the renderer's first screen loads no zod); server-config.ts
 * re-exports them.
 */

/** Failed starts of a stdio server within `FAILED_START_WINDOW_MS` after which it is no longer started (status `failed`). */
export const MAX_FAILED_STARTS = 5;
export const FAILED_START_WINDOW_MS = 2 * 60_000;
