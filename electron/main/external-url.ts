/**
 * Which URLs may leave the app for the user's browser
 * (docs/security.md#opening-links-in-the-browser and docs/security.md#url-mode): `https:`, or
 * `http:` to this machine's loopback, nothing else — not `javascript:`, `file:`, `data:`, `smb:`,
 * `ms-msdt:` or any other scheme an OS hands to a program. Pure, so table tests cover it;
 * `openExternalSafe` is the only caller that acts on the verdict.
 */

/** The verdict on a URL: the normalized URL to open, or why not. */
export type ExternalUrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

/** Longer URLs are refused: nothing legitimate the app opens comes close. */
const MAX_URL_LENGTH = 2_048;
/**
 * Whitespace, C0/C1 controls, and invisible or direction-changing characters (zero-width, bidi
 * embeddings and isolates, BOM): parsers disagree on them, and they hide the real host from the
 * user (docs/security.md#url-mode).
 */
const HIDDEN_OR_SPACE = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
/** Host names of this machine's loopback interface, as WHATWG URL normalizes them. */
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/**
 * Checks a URL for `openExternalSafe`. On success returns the URL as WHATWG URL serializes it,
 * which is what must be opened: handing the OS the raw string would let it parse differently.
 * User info (`https://trusted@evil.example`) is refused: it exists to mislead readers.
 */
export function checkExternalUrl(url: unknown): ExternalUrlVerdict {
  if (typeof url !== 'string') return { ok: false, reason: 'not a string' };
  if (url.length === 0 || url.length > MAX_URL_LENGTH) return { ok: false, reason: 'empty or too long' };
  if (HIDDEN_OR_SPACE.test(url)) return { ok: false, reason: 'whitespace, control or invisible characters' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (parsed.username !== '' || parsed.password !== '') return { ok: false, reason: 'user info in URL' };
  if (parsed.protocol === 'https:') return parsed.hostname === '' ? { ok: false, reason: 'no host' } : { ok: true, url: parsed.href };
  if (parsed.protocol === 'http:') {
    return LOOPBACK_HOST.test(parsed.hostname) ? { ok: true, url: parsed.href } : { ok: false, reason: 'http is allowed to loopback only' };
  }
  return { ok: false, reason: `scheme ${parsed.protocol} is not allowed` };
}
