/**
 * Server text on a terminal. Everything a server sends is untrusted: an escape sequence (ESC,
 * CSI) could rewrite the screen, move the cursor over what we printed or set the window title,
 * and bidi or zero-width characters could reorder or hide words. So control and invisible
 * characters are written out as `\u{…}` (the form `quote` uses in the app's own sentences) and
 * long text is cut with a visible note.
 */
import { HIDDEN_CHAR, cutText } from '../../../shared/quoted-text.js';

const HIDDEN_CHAR_ALL = new RegExp(HIDDEN_CHAR.source, 'gu');
/** JSON.stringify escapes only C0 controls; these still reach a terminal raw inside strings. */
const UNESCAPED_BY_JSON = /[\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/** Longest server text printed on one line unless a caller says otherwise. */
export const MAX_LINE_TEXT = 500;

function escapeHidden(text: string): string {
  return text.replace(HIDDEN_CHAR_ALL, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
}

/** One line of server text: hidden characters (newlines included) written out, at most `max` characters, then "…". */
export function printable(text: string, max = MAX_LINE_TEXT): string {
  const short = cutText(text, max);
  return `${escapeHidden(short)}${short.length < text.length ? '…' : ''}`;
}

/**
 * Several lines of server text (a tool's text result): line breaks kept, everything else as in
 * `printable`; at most `max` characters in all, then a note saying how much was left out.
 */
export function printableLines(text: string, max: number): string {
  const short = cutText(text, max);
  const lines = short.split(/\r?\n/u).map((line) => escapeHidden(line)).join('\n');
  return short.length < text.length ? `${lines}\n[… ${text.length - short.length} more characters not shown]` : lines;
}

/** `value` as one line of JSON for scripts, with the characters JSON leaves raw escaped too. */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(UNESCAPED_BY_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
