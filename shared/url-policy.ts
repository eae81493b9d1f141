/**
 * The one rule for URLs that may leave the app for the user's browser: `https:`, or `http:` to
 * this machine's loopback, nothing else — not `javascript:`, `file:`, `data:`, `smb:`, `ms-msdt:`
 * or any other scheme an OS hands to a program; no user info, no hidden characters, no absurd
 * length. Also the facts a person needs before consenting to open one (its real host, punycode, a
 * bare IP). Pure and runtime-neutral (WHATWG `URL` exists in Node and in the browser), so the
 * Electron shell's opener and the host's view of a URL-mode question read a URL the same way
 * (docs/security.md#opening-links-in-the-browser and docs/security.md#url-mode).
 */

/** Longer URLs are refused: nothing legitimate the app opens comes close. */
export const MAX_URL_LENGTH = 2_048;
/**
 * Whitespace, C0/C1 controls, and invisible or direction-changing characters (zero-width, bidi
 * embeddings and isolates, BOM): parsers disagree on them, and they hide the real host from the user.
 */
const HIDDEN_OR_SPACE = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
/** Host names of this machine's loopback interface, as WHATWG URL normalizes them. */
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;
/** An IPv4 or bracketed IPv6 host, as WHATWG URL normalizes them. */
const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/** How a URL would travel: `https`, plain `http` to loopback or elsewhere, or another scheme. */
export type UrlTransport = 'https' | 'loopback-http' | 'http' | 'other';

/** What the text of a URL says about itself, parsed or not. */
interface UrlText {
  /** Empty, or longer than `MAX_URL_LENGTH`. */
  emptyOrTooLong: boolean;
  /** Holds whitespace, controls or invisible characters (anywhere, even where `URL` would strip them). */
  hidden: boolean;
}

/**
 * A URL read without fetching anything. `absolute: false` when WHATWG URL cannot parse it as an
 * absolute URL; otherwise `href` is its serialization (what must be opened: handing the OS the raw
 * string would let it parse differently) and `host` its real host, after any `user@` prefix,
 * punycode kept as it is.
 */
export type UrlReading =
  | (UrlText & { absolute: false })
  | (UrlText & {
    absolute: true;
    href: string;
    /** The scheme with its colon, lower-case (`https:`). */
    protocol: string;
    host: string;
    transport: UrlTransport;
    /** `user:password@` before the host: it exists to mislead readers (`https://trusted@evil.example`). */
    userInfo: boolean;
    /** A host label written in punycode (`xn--`): it may imitate a familiar name with look-alike letters. */
    punycode: boolean;
    /** The host is a bare IPv4 or IPv6 address. */
    ipHost: boolean;
  });

/** Reads `url` (any string, untrusted) into the facts the rules below and a consent view use. */
export function readUrl(url: string): UrlReading {
  const text: UrlText = { emptyOrTooLong: url.length === 0 || url.length > MAX_URL_LENGTH, hidden: HIDDEN_OR_SPACE.test(url) };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ...text, absolute: false };
  }
  const host = parsed.hostname;
  return {
    ...text,
    absolute: true,
    href: parsed.href,
    protocol: parsed.protocol,
    host,
    transport: transportOf(parsed.protocol, host),
    userInfo: parsed.username !== '' || parsed.password !== '',
    punycode: host.split('.').some((label) => label.startsWith('xn--')),
    ipHost: IP_HOST.test(host),
  };
}

function transportOf(protocol: string, host: string): UrlTransport {
  if (protocol === 'https:') return 'https';
  if (protocol === 'http:') return LOOPBACK_HOST.test(host) ? 'loopback-http' : 'http';
  return 'other';
}

/** The verdict on a URL: the normalized URL to open, or why not. */
export type ExternalUrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

/** The verdict of the rule on a URL already read (see `checkExternalUrl`). */
export function externalUrlVerdict(reading: UrlReading): ExternalUrlVerdict {
  if (reading.emptyOrTooLong) return { ok: false, reason: 'empty or too long' };
  if (reading.hidden) return { ok: false, reason: 'whitespace, control or invisible characters' };
  if (!reading.absolute) return { ok: false, reason: 'not an absolute URL' };
  if (reading.userInfo) return { ok: false, reason: 'user info in URL' };
  switch (reading.transport) {
    case 'https':
      return reading.host === '' ? { ok: false, reason: 'no host' } : { ok: true, url: reading.href };
    case 'loopback-http':
      return { ok: true, url: reading.href };
    case 'http':
      return { ok: false, reason: 'http is allowed to loopback only' };
    case 'other':
      return { ok: false, reason: `scheme ${reading.protocol} is not allowed` };
  }
}

/**
 * Checks a URL before it is handed to the OS. On success returns the URL as WHATWG URL
 * serializes it, which is what must be opened, never the raw string.
 */
export function checkExternalUrl(url: unknown): ExternalUrlVerdict {
  if (typeof url !== 'string') return { ok: false, reason: 'not a string' };
  return externalUrlVerdict(readUrl(url));
}
