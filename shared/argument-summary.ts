/**
 * A task's arguments in one short line (`env=prod, version=1.2`), so two calls of the same tool
 * tell apart in a list and a search can find an argument's value. The arguments are untrusted
 * (the user typed them, but a server's form or a config file may have filled them): strings that
 * are not plain words are quoted with their hidden characters written out, nested values are
 * abbreviated, and the line is capped.
 */
import { cutText, quote } from './quoted-text.js';

/** The longest summary, in UTF-16 units (an ellipsis marks a cut). */
export const ARGUMENT_SUMMARY_MAX = 60;
/** The longest single string value shown before it is cut. */
const MAX_VALUE_LENGTH = 40;
/** A key or string value that reads unambiguously without quotes: no spaces, commas, quotes or `=`. */
const BARE_WORD = /^[\p{L}\p{N}_.\-/:@+]+$/u;

/**
 * One line for `args`, at most `max` characters: `key=value` pairs in the arguments' order,
 * joined by ", "; strings quoted only when needed, objects as `{…}`, arrays as `[…]` (`{}`/`[]`
 * when empty). Empty arguments give an empty string.
 */
export function summarizeArguments(args: Readonly<Record<string, unknown>>, max = ARGUMENT_SUMMARY_MAX): string {
  const line = Object.entries(args).map(([key, value]) => `${word(key)}=${valueText(value)}`).join(', ');
  if (line.length <= max) return line;
  return `${cutText(line, max - 1).trimEnd()}…`;
}

function word(text: string): string {
  return text.length <= MAX_VALUE_LENGTH && BARE_WORD.test(text) ? text : quote(text, MAX_VALUE_LENGTH);
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return word(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : '[…]';
  if (typeof value === 'object') return Object.keys(value).length === 0 ? '{}' : '{…}';
  // Not JSON (the schema says unknown): say that something is there without guessing its text.
  return '…';
}
