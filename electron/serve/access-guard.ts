/**
 * Who may talk to the browser-mode server (docs/security.md#browser-mode). A local server that
 * drives stdio commands is what made MCP Inspector remotely exploitable (CVE-2025-49596): any web
 * page can send requests to 127.0.0.1, and DNS rebinding lets it read the answers. So every
 * request, the WebSocket upgrade included, must
 * - name us in `Host` (loopback names with our port only: a rebound domain fails here) → else 403;
 * - come from our own origin when it carries `Origin` (the upgrade must carry it) → else 403;
 * - present the per-launch token, as `?token=` (first load) or the cookie set from it → else 401.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TOKEN_COOKIE, TOKEN_QUERY_PARAMETER } from '../../shared/ipc/socket-paths.js';

/** The names the server answers to (it binds 127.0.0.1 only; `localhost` is the same machine). */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'] as const;

/** A new random per-launch token: 32 bytes, base64url. */
export function createAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The verdict on one request. `isTokenInQuery`: the first load, to be answered with the cookie and a redirect. */
export type AccessVerdict = { ok: true; isTokenInQuery: boolean } | { ok: false; status: 401 | 403; reason: string };

/** Checks requests against the token, host names and origins of one launch. */
export class AccessGuard {
  readonly #token: Buffer;
  readonly #hosts: ReadonlySet<string>;
  readonly #origins: ReadonlySet<string>;

  constructor(token: string, port: number) {
    this.#token = Buffer.from(token);
    this.#hosts = new Set(LOOPBACK_NAMES.map((name) => `${name}:${port}`));
    this.#origins = new Set([...this.#hosts].map((host) => `http://${host}`));
  }

  /** `isOriginRequired`: the WebSocket upgrade, which browsers always send with `Origin`. */
  check(request: IncomingMessage, { isOriginRequired }: { isOriginRequired: boolean }): AccessVerdict {
    const hostVerdict = this.checkHost(request);
    if (!hostVerdict.ok) return hostVerdict;
    const origin = request.headers.origin;
    if (origin === undefined ? isOriginRequired : !this.#origins.has(origin)) return { ok: false, status: 403, reason: 'Requests from other sites are refused.' };
    const queryToken = tokenInQuery(request.url ?? '/');
    // A token in the query is the one presented; a cookie tossed in by another page on a loopback port cannot override it.
    const presented = queryToken !== undefined ? [queryToken] : cookieValues(request.headers.cookie, TOKEN_COOKIE);
    if (!presented.some((token) => this.#matches(token))) {
      return { ok: false, status: 401, reason: 'Open the address that npm run serve printed: it carries the access token.' };
    }
    return { ok: true, isTokenInQuery: queryToken !== undefined };
  }

  /**
   * The Host rule alone, for the one route a cross-site navigation must reach without the token
   * cookie (the sign-in callback, sign-in-routes.ts, which checks its own binding instead).
   */
  checkHost(request: IncomingMessage): AccessVerdict {
    const host = request.headers.host?.toLowerCase();
    if (host === undefined || !this.#hosts.has(host)) return { ok: false, status: 403, reason: 'This server answers only to 127.0.0.1 and localhost.' };
    return { ok: true, isTokenInQuery: false };
  }

  /** The cookie that carries the token after the first load (not readable by scripts, never sent cross-site). */
  cookie(): string {
    return `${TOKEN_COOKIE}=${this.#token.toString()}; HttpOnly; SameSite=Strict; Path=/`;
  }

  #matches(presented: string): boolean {
    return isSameSecret(Buffer.from(presented), this.#token);
  }
}

/**
 * Whether `presented` is `secret`, compared in constant time (lengths are compared first: a
 * secret's length is no secret). Every secret the browser-mode server checks goes through here.
 */
export function isSameSecret(presented: Buffer, secret: Buffer): boolean {
  return presented.length === secret.length && timingSafeEqual(presented, secret);
}

/**
 * Where the first load is redirected: the same path and query without the token, so it leaves
 * the address bar and the history. A path that would read as `//other-host` becomes `/`.
 */
export function locationWithoutToken(rawUrl: string): string {
  const { path, query } = splitUrl(rawUrl);
  const params = new URLSearchParams(query);
  params.delete(TOKEN_QUERY_PARAMETER);
  const safePath = /^\/(?![/\\])/.test(path) ? path : '/';
  const rest = params.toString();
  return rest === '' ? safePath : `${safePath}?${rest}`;
}

/** The raw request path (still percent-encoded) and query of a request target. */
export function splitUrl(rawUrl: string): { path: string; query: string } {
  const mark = rawUrl.indexOf('?');
  return mark === -1 ? { path: rawUrl, query: '' } : { path: rawUrl.slice(0, mark), query: rawUrl.slice(mark + 1) };
}

function tokenInQuery(rawUrl: string): string | undefined {
  return new URLSearchParams(splitUrl(rawUrl).query).get(TOKEN_QUERY_PARAMETER) ?? undefined;
}

/** Every value of cookie `name` in a `Cookie` header (there can be several, with different paths). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (header === undefined) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals !== -1 && pair.slice(0, equals).trim() === name) values.push(pair.slice(equals + 1).trim());
  }
  return values;
}
