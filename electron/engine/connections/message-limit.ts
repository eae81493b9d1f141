/**
 * The largest message the app reads from a server: one stdio line, one HTTP response body, or
 * one event of a Server-Sent Events stream (a long-lived stream may carry any number of them).
 * A bigger one is refused while it is being read — nothing past the limit is held in memory —
 * and the request it answered fails with `MessageTooLargeError`'s message.
 */

const MIB = 1024 * 1024;

/** The default limit: 16 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * MIB;
/** The environment variable a host reads the limit from, in MiB (e.g. `32`, or `0.5`). */
export const MAX_MESSAGE_MIB_ENV = 'MCP_TASK_MONITOR_MAX_MESSAGE_MIB';
/** The smallest limit accepted (64 KiB): below it even ordinary answers would be refused. */
const MIN_MAX_MESSAGE_BYTES = 64 * 1024;
/** The largest limit accepted (1 GiB): a message that big could not be held anyway. */
const MAX_MAX_MESSAGE_BYTES = 1024 * MIB;

/** A message that was not read because it is larger than the limit. */
export class MessageTooLargeError extends Error {
  constructor(readonly limitBytes: number, what: 'response' | 'message') {
    super(`The server sent a ${what} larger than ${formatBytes(limitBytes)} (the limit); it was not read.`);
    this.name = 'MessageTooLargeError';
  }
}

/** `bytes` for people: whole MiB or KiB when it is one, else bytes ("16 MiB", "1.5 MiB", "70000 bytes"). */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB && (bytes * 10) % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The engine option for the limit a host was started with: `MCP_TASK_MONITOR_MAX_MESSAGE_MIB` in
 * `env`, in MiB; none (the default) when it is not set. A value that is not a number of MiB from
 * 1/16 to 1024 goes to `warn` and the default applies, rather than some other limit it was
 * silently turned into.
 */
export function messageLimitFromEnv(env: Readonly<Record<string, string | undefined>>, warn: (problem: string) => void): { maxMessageBytes?: number } {
  const raw = env[MAX_MESSAGE_MIB_ENV];
  if (raw === undefined || raw.trim() === '') return {};
  const mib = Number(raw);
  const bytes = Math.round(mib * MIB);
  if (!Number.isFinite(mib) || bytes < MIN_MAX_MESSAGE_BYTES || bytes > MAX_MAX_MESSAGE_BYTES) {
    warn(`${MAX_MESSAGE_MIB_ENV}=${JSON.stringify(raw.slice(0, 40))} is not a number of MiB from 0.0625 to 1024; the default ${formatBytes(DEFAULT_MAX_MESSAGE_BYTES)} applies.`);
    return {};
  }
  return { maxMessageBytes: bytes };
}

/** `bytes` clamped to what the limit may be (an engine option set in code). */
export function clampMaxMessageBytes(bytes: number | undefined): number {
  if (bytes === undefined || !Number.isFinite(bytes)) return DEFAULT_MAX_MESSAGE_BYTES;
  return Math.min(MAX_MAX_MESSAGE_BYTES, Math.max(MIN_MAX_MESSAGE_BYTES, Math.round(bytes)));
}
