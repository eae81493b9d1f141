/**
 * The four string formats of the elicitation subset (MCP 2025-11-25 elicitation, "Requested
 * Schema"), checked without any backtracking-prone pattern: every regex here is anchored and
 * unambiguous, so it runs in time linear in the input (no catastrophic regex on the UI thread).
 */

/** Whitespace or a C0/DEL control character anywhere in the text. */
const SPACE_OR_CONTROL = /[\s\u0000-\u001F\u007F]/u;

/**
 * A deliberately simple e-mail check: exactly one `@`, a non-empty local part of at most 64
 * characters, a domain of at least two non-empty labels of at most 63 characters each, no
 * whitespace or control characters, at most 254 characters in all (RFC 5321 limits). It accepts
 * some addresses no server would deliver to; the server has the final word.
 */
export function isEmail(value: string): boolean {
  if (value.length > 254 || SPACE_OR_CONTROL.test(value)) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at > 64 || at !== value.lastIndexOf('@')) return false;
  const labels = value.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every((label) => label.length > 0 && label.length <= 63);
}

/** RFC 3986 scheme, then `:`. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/u;

/**
 * An absolute URI: an explicit scheme, no whitespace or control characters (the WHATWG parser
 * would silently strip or encode them, so what we send would differ from what the user sees),
 * and parseable by `URL`. Any scheme is accepted: the value is only sent back to the server,
 * never opened by the app.
 */
export function isUri(value: string): boolean {
  return SCHEME.test(value) && !SPACE_OR_CONTROL.test(value) && URL.canParse(value);
}

/**
 * An absolute `http:` or `https:` URI (`isUri` first). The one rule for "a web address" in a
 * form: a `format: "uri"` default must be one to be pre-filled, and a typed value that is not
 * one gets a warning (field-values.ts).
 */
export function isWebUri(value: string): boolean {
  return isUri(value) && WEB_SCHEME.test(value);
}

const WEB_SCHEME = /^https?:/iu;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** `YYYY-MM-DD` naming a real calendar day (so 2026-02-30 is refused). */
export function isDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * RFC 3339 `date-time` with seconds and a mandatory offset (`Z` or `±hh:mm`), fractional seconds
 * optional. Only uppercase `T`/`Z` and seconds 00–59: a strict subset of RFC 3339 that common
 * server validators (e.g. zod's `iso.datetime`) also accept, so a value we pass is not refused
 * by the server for a spelling variant.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/u;

/** An RFC 3339 date-time with offset, e.g. `2026-03-01T09:30:00+01:00` (see `DATE_TIME`). */
export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (match === null || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return false;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6])];
  if (hour > 23 || minute > 59 || second > 59) return false;
  // Absent offset groups (the `Z` case) read as 0.
  return Number(match[7] ?? 0) <= 23 && Number(match[8] ?? 0) <= 59;
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
