/**
 * One line of text a server wrote outside JSON-RPC (its stderr, an HTTP status text), made fit
 * to show as plain text: terminal escape sequences, control, bidi and zero-width characters go,
 * tabs become spaces, and the line is capped.
 */
import { MAX_REPORTED_LINE_LENGTH } from '../../../shared/server-config.js';

/** Terminal escape sequences (colours, cursor moves): CSI, OSC and two-character escapes. */
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
/** Control, bidi and zero-width characters: none belongs in a line shown as text. */
const HIDDEN = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** `raw` as plain text of at most `maxLength` characters (an ellipsis marks a cut). */
export function cleanLine(raw: string, maxLength = MAX_REPORTED_LINE_LENGTH): string {
  const text = raw.replace(ESCAPE_SEQUENCE, '').replace(/\t/g, '  ').replace(HIDDEN, '').trimEnd();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
