/**
 * Signing in to an HTTP server from browser mode. The authorization server sends the user's
 * browser back to this server (the engine's `app` redirect), a cross-site top-level navigation,
 * so the SameSite=Strict token cookie is not sent with it and the callback cannot be checked as
 * every other request is. Instead each sign-in is bound to the browser that started it:
 *
 * - `GET /oauth/start?server=<id>` passes every access check (Host, Origin, token cookie): the
 *   page opens it in a new tab from the Sign in click. It starts the sign-in (`servers:sign-in`,
 *   with that channel's checks), notes the `state` of the authorization URL with a new random
 *   secret, sets that secret as a cookie only the callback path receives (HttpOnly,
 *   SameSite=Lax: sent on the top-level navigation back, never on cross-site subrequests) and
 *   redirects the tab to the authorization page.
 * - `GET /oauth/callback?state=…&code=…` checks Host only, then takes the answer only when
 *   `state` names a sign-in started here in this launch and the cookie set for it comes with
 *   it (so a code injected by another page, or replayed, is refused before the engine sees it).
 *   Each noted sign-in is used once. It hands the answer to the engine (`completeSignIn`, which
 *   checks `state` again, exchanges the code with the PKCE verifier, and reports the outcome
 *   in the server's state) and answers with a page linking back to the app: a same-origin
 *   navigation, where the token cookie applies again.
 *
 * Neither answer ever carries a token; the error pages show only the app's own words and the
 * engine's (cleaned) message.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IpcResult } from '../../shared/ipc/contract.js';
import { SIGN_IN_CALLBACK_PATH } from '../../shared/ipc/socket-paths.js';
import { cookieValues, isSameSecret, splitUrl } from './access-guard.js';

/** How long a started sign-in waits for its callback. */
export const SIGN_IN_WAIT_MS = 10 * 60_000;
/** Most sign-ins waiting at once; the oldest is dropped beyond it. */
const MAX_PENDING = 32;
/** Prefix of the per-sign-in cookies (one per sign-in, so two servers can sign in at once). */
const COOKIE_PREFIX = 'mtm_sign_in_';
/** Longest message shown on a page (the engine's carry cleaned text from the authorization server). */
const MAX_SHOWN_MESSAGE = 1_000;
/** Longest state accepted (the engine's are far shorter; an attacker's need not be). */
const MAX_STATE_LENGTH = 512;

/** What the routes need from the host. */
export interface SignInHost {
  /** `servers:sign-in` through the dispatcher (its schema and checks). */
  startSignIn(serverId: string): Promise<IpcResult<{ authorizationUrl?: string }>>;
  /** The engine's `completeSignIn`: rejects with a message fit for the user. */
  completeSignIn(params: URLSearchParams): Promise<{ serverId: string }>;
}

interface PendingSignIn {
  cookieName: string;
  secret: Buffer;
  expiresAt: number;
}

/** The two routes of one launch (see the module comment). */
export class BrowserSignIn {
  /** Started sign-ins by `state`, oldest first. */
  readonly #pending = new Map<string, PendingSignIn>();

  constructor(
    private readonly host: SignInHost,
    private readonly headers: Record<string, string>,
    private readonly now: () => number = Date.now,
  ) {}

  /** `GET /oauth/start`, after the request passed every access check. */
  async start(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET') return this.#refuse(response, 405, 'Sign-in starts from the app.');
    const serverId = new URLSearchParams(splitUrl(request.url ?? '/').query).get('server');
    if (serverId === null || serverId === '') return this.#refuse(response, 400, 'Which server to sign in to is missing.');
    const result = await this.host.startSignIn(serverId);
    if (!result.ok) return this.#page(response, 400, 'Sign-in could not start', result.error.message.slice(0, MAX_SHOWN_MESSAGE));
    const { authorizationUrl } = result.value;
    if (authorizationUrl === undefined) return this.#page(response, 200, 'Signed in', 'The saved sign-in was still good: nothing else to do.');
    const state = stateOf(authorizationUrl);
    if (state === undefined) return this.#page(response, 502, 'Sign-in could not start', 'The sign-in address is not one the app can follow.');
    this.#prune();
    const pending: PendingSignIn = { cookieName: `${COOKIE_PREFIX}${randomBytes(8).toString('hex')}`, secret: randomBytes(32), expiresAt: this.now() + SIGN_IN_WAIT_MS };
    this.#pending.delete(state);
    this.#pending.set(state, pending);
    response.writeHead(302, { ...this.headers, 'Set-Cookie': cookie(pending.cookieName, pending.secret.toString('base64url'), SIGN_IN_WAIT_MS / 1000), Location: authorizationUrl }).end();
  }

  /** `GET /oauth/callback`, after the Host check only (see the module comment). */
  async callback(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET') return this.#refuse(response, 405, 'The sign-in answer comes by GET.');
    const params = new URLSearchParams(splitUrl(request.url ?? '/').query);
    const state = params.get('state');
    this.#prune();
    const pending = state === null || state.length > MAX_STATE_LENGTH ? undefined : this.#pending.get(state);
    if (pending === undefined) return this.#refuse(response, 403, 'This sign-in answer was not started from this app in this launch (or was already used). Sign in again from the app.');
    if (!cookieValues(request.headers.cookie, pending.cookieName).some((value) => isSameSecret(Buffer.from(value, 'base64url'), pending.secret))) {
      return this.#refuse(response, 403, 'This sign-in answer did not come back to the browser that started it. Sign in again from the app.');
    }
    this.#pending.delete(state!);
    const cleared = { 'Set-Cookie': cookie(pending.cookieName, '', 0) };
    try {
      await this.host.completeSignIn(params);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return this.#page(response, 400, 'Sign-in failed', message.slice(0, MAX_SHOWN_MESSAGE), cleared);
    }
    this.#page(response, 200, 'Signed in', 'You can close this tab, or go back to the app.', cleared);
  }

  /** Drops expired sign-ins, and the oldest beyond `MAX_PENDING`. */
  #prune(): void {
    const now = this.now();
    for (const [state, pending] of this.#pending) if (pending.expiresAt <= now) this.#pending.delete(state);
    while (this.#pending.size >= MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value!);
  }

  #refuse(response: ServerResponse, status: 400 | 403 | 405, reason: string): void {
    response.writeHead(status, { ...this.headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(reason);
  }

  /** A tiny page without script (the CSP forbids inline code anyway) that links back to the app. */
  #page(response: ServerResponse, status: number, title: string, text: string, extra: Record<string, string> = {}): void {
    const body = `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)} — MCP Task Monitor</title>`
      + `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Back to MCP Task Monitor</a></p>`;
    response.writeHead(status, { ...this.headers, ...extra, 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  }
}

/** The `state` of an http(s) authorization URL, if it has one. */
function stateOf(authorizationUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(authorizationUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const state = url.searchParams.get('state');
  return state === null || state === '' || state.length > MAX_STATE_LENGTH ? undefined : state;
}

/** A cookie only the callback path receives, gone after `maxAgeSeconds` (0: cleared now). */
function cookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${value}; HttpOnly; SameSite=Lax; Path=${SIGN_IN_CALLBACK_PATH}; Max-Age=${maxAgeSeconds}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
