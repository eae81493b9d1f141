/**
 * The limits of a configured server's roots and reported lines, and the rule for a root's URI:
 * plain values apart from the server-config schemas (so the renderer's first screen, which checks
 * server views by hand, loads no zod); server-config.ts re-exports them.
 */

/** Most roots one server may be given. */
export const MAX_ROOTS = 50;
/** Longest root URI and root name kept. */
export const MAX_ROOT_URI_LENGTH = 4_096;
export const MAX_ROOT_NAME_LENGTH = 200;

/**
 * True for a `file://` URI of an absolute local path, in the canonical form WHATWG `URL` writes
 * (so one folder has one spelling and duplicates can be found): no host, query or fragment.
 */
export function isFileRootUri(uri: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return false;
  }
  return parsed.protocol === 'file:' && parsed.host === '' && parsed.search === '' && parsed.hash === '' && parsed.href === uri && parsed.pathname.startsWith('/');
}

/** Most lines of a server's stderr a state carries. */
export const MAX_STDERR_LINES = 8;
/** The longest line of a server's own text a state carries (a stderr line, a failure's detail). */
export const MAX_REPORTED_LINE_LENGTH = 300;
