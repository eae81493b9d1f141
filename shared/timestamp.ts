/** Server timestamps (ISO 8601 strings, untrusted) as numbers. */

/** An ISO 8601 timestamp in ms since the epoch, or undefined when absent or malformed. */
export function timestampMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
