/**
 * The frame size limits of browser mode's socket: plain values apart from the frame schemas in
 * socket-protocol.ts (which re-exports them), so that the page's bridge loads no zod.
 */

/** Largest frame the host accepts from the browser (requests are small; the browser is untrusted). */
export const MAX_FRAME_BYTES = 2 * 1024 * 1024;
/** Largest frame the browser accepts from the host: a full task list of 10,000+ summaries is ~10 MB. */
export const MAX_HOST_FRAME_BYTES = 64 * 1024 * 1024;
