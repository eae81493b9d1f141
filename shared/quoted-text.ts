/**
 * Server strings quoted inside the app's own sentences (problems, facts): short, in double
 * quotes, with control and invisible characters written out, so a hostile string can neither
 * flood a message nor hide or reorder what surrounds it (docs/security.md#untrusted-text).
 */

/** C0/C1 controls, soft hyphen, bidi marks/embeddings/isolates, zero-width and line/paragraph separators, BOM. */
const HIDDEN_CHARS = '\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';
/** Matches one control or invisible character. */
export const HIDDEN_CHAR = new RegExp(`[${HIDDEN_CHARS}]`, 'u');
const HIDDEN_CHAR_ALL = new RegExp(`[${HIDDEN_CHARS}]`, 'gu');

/** `text` cut to at most `max` UTF-16 units, never ending on half a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * A server string safe to put in a sentence: at most `max` characters (40 by default, then "…"),
 * control and invisible characters written as `\u{...}`, in double quotes.
 */
export function quote(text: string, max = 40): string {
  const short = cutText(text, max);
  const escaped = short.replace(HIDDEN_CHAR_ALL, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
  return `"${escaped}${short.length < text.length ? '…' : ''}"`;
}
