/**
 * Where the UI lives: the `app://` origin and the rules that map its URLs to files of the built
 * renderer. docs/security.md#custom-protocol: a custom protocol with a path-traversal guard, never
 * `file://`. Pure (no Electron), so plain-Node table tests cover every hostile path.
 */
import { posix, relative, resolve, sep, win32 } from 'node:path';
import { contentTypeFor } from '../../shared/content-types.js';

/** The custom scheme the renderer is served from (registered standard + secure). */
export const APP_SCHEME = 'app';
/** The one host under `app://`; with a standard scheme it makes the page's origin `app://mcp-task-monitor`. */
export const APP_HOST = 'mcp-task-monitor';
/** The page's origin. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The URL the window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** What a request under `app://` maps to: a file to send, or the status to refuse it with. */
export type AppFileLookup =
  | { ok: true; filePath: string; contentType: string }
  | { ok: false; status: 400 | 404 | 405; reason: string };


/** True when `url` is on our own origin (`app://mcp-task-monitor`, no user info). */
export function isAppOrigin(url: string | null | undefined): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Node gives non-special schemes an opaque origin ("null"), so compare the parts instead.
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}

/**
 * Maps a request URL under `app://` to a file inside `rootDir` (the built renderer), or refuses
 * it. The raw path is inspected before any normalization: URL parsers fold `..` and `%2e%2e`
 * segments away, and a guard that only saw the folded path would serve a neighbour instead of
 * refusing the attempt. Then the resolved path is compared with the root, whatever slipped by.
 */
export function resolveAppFile(requestUrl: string, rootDir: string, method = 'GET'): AppFileLookup {
  if (method !== 'GET' && method !== 'HEAD') return { ok: false, status: 405, reason: 'only GET and HEAD are served' };
  if (!isAppOrigin(requestUrl)) return { ok: false, status: 400, reason: 'not the app origin' };
  const rawPath = rawPathOf(requestUrl);
  if (/\\|%5c/i.test(rawPath)) return { ok: false, status: 400, reason: 'backslash in path' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400, reason: 'malformed percent-encoding' };
  }
  // A `%` left after one decoding is double encoding (`%252e%252e`), and `:` opens drive letters
  // and drive-relative paths on Windows (`C:x`); the build emits neither.
  if (/[\u0000-\u001f\u007f%:\\]/.test(decoded)) return { ok: false, status: 400, reason: 'forbidden character in path' };
  const relativePath = decoded === '/' ? 'index.html' : decoded.slice(1);
  if (posix.isAbsolute(relativePath) || win32.isAbsolute(relativePath)) return { ok: false, status: 400, reason: 'absolute path' };
  if (relativePath.split('/').some((segment) => segment === '..' || segment === '.')) {
    return { ok: false, status: 400, reason: 'dot segment in path' };
  }
  const root = resolve(rootDir);
  const filePath = resolve(root, relativePath);
  const fromRoot = relative(root, filePath);
  if (fromRoot === '' || fromRoot.startsWith(`..${sep}`) || fromRoot === '..' || posix.isAbsolute(fromRoot) || win32.isAbsolute(fromRoot)) {
    return { ok: false, status: 400, reason: 'outside the renderer folder' };
  }
  return { ok: true, filePath, contentType: contentTypeFor(filePath) };
}

/** The path of `url` exactly as written (from the first `/` after the authority, up to `?` or `#`). */
function rawPathOf(url: string): string {
  const authorityStart = url.indexOf('//') + 2;
  const pathStart = url.indexOf('/', authorityStart);
  if (pathStart < 0) return '/';
  const path = url.slice(pathStart);
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}
