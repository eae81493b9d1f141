/**
 * The `fetch` every sign-in request goes out on (metadata discovery, registration, token,
 * revocation), so that nothing an authorization server sends can carry a code, a token or a
 * secret somewhere it does not belong:
 * - only `https:` URLs, or plain `http:` to a loopback host (RFC 8252 §8.3; local development);
 * - redirects are never followed here; one to another origin is refused outright (the SDK
 *   follows same-origin ones itself);
 * - a response body is read whole into memory but never past `MAX_AUTH_RESPONSE_BYTES`.
 * It never sends the MCP server's configured headers: those are for the MCP server only.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import { isJsonObject } from '../../../shared/json-guards.js';

/** The largest response read from an authorization server (metadata, tokens) or a resource's metadata. */
export const MAX_AUTH_RESPONSE_BYTES = 1024 * 1024;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A sign-in request this app refused to make or to read on. A `TypeError` on purpose: the SDK's
 * discovery treats any other error from a metadata fetch as "no metadata here" and goes on with
 * a guess, while a `TypeError` (a failed fetch) stops the sign-in, which is what a refusal must do.
 */
export class AuthRequestRefusedError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'AuthRequestRefusedError';
  }
}

/** True for `localhost`, `*.localhost`, 127.0.0.0/8 and `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]' || hostname === '::1';
}

/** True when `url` may carry sign-in secrets: `https:`, or `http:` to a loopback host. */
export function isSecureAuthUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/** `url` without query and fragment (which may carry codes), for an error message. */
export function describeUrl(url: URL): string {
  return `${url.origin}${url.pathname}`.slice(0, 200);
}

/** The guarded `fetch` (see the module comment), over `base` (default: the global one). */
export function authFetch(base: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    const url = new URL(String(input instanceof URL ? input.href : input));
    if (!isSecureAuthUrl(url)) throw new AuthRequestRefusedError(`Refused to contact ${describeUrl(url)}: sign-in needs https (plain http only to this computer).`);
    const response = await base(url, { ...init, redirect: 'manual' });
    if (REDIRECT_STATUSES.has(response.status)) {
      const location = response.headers.get('location');
      const target = location === null ? undefined : safeUrl(location, url);
      if (target === undefined || target.origin !== url.origin) {
        await response.body?.cancel().catch(() => undefined);
        throw new AuthRequestRefusedError(`${describeUrl(url)} redirected to ${target === undefined ? 'an unreadable address' : target.origin}; a redirect to another host is not followed during sign-in.`);
      }
      return response;
    }
    const body = await readBounded(response, url);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function safeUrl(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/** The body of `response`, or a refusal once it passes `MAX_AUTH_RESPONSE_BYTES` (the read stops there). */
async function readBounded(response: Response, url: URL): Promise<Uint8Array | null> {
  if (response.body === null) return null;
  const tooLarge = (): AuthRequestRefusedError => new AuthRequestRefusedError(`${describeUrl(url)} sent more than ${MAX_AUTH_RESPONSE_BYTES / 1024} KiB; not read.`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_AUTH_RESPONSE_BYTES) {
    await response.body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_AUTH_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Dynamic Client Registration (RFC 7591) once more without `scope` when the authorization server
 * refused the registration's metadata: the SDK registers with the scopes it will ask for, and an
 * authorization server whose registration only knows its own scopes (OpenID ones), not the
 * resource's, refuses that although it issues tokens for them. `scope` is optional there.
 */
export function retryingRegistrationWithoutScope(base: FetchLike): FetchLike {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 400 || init?.method !== 'POST' || typeof init.body !== 'string') return response;
    const metadata = registrationWithScope(init.body);
    if (metadata === undefined) return response;
    const answer = await response.clone().json().catch(() => undefined) as { error?: unknown } | undefined;
    if (answer?.error !== 'invalid_client_metadata' && answer?.error !== 'invalid_scope') return response;
    delete metadata.scope;
    return base(input, { ...init, body: JSON.stringify(metadata) });
  };
}

/** The client metadata `body` carries when it is a registration with a `scope`. */
function registrationWithScope(body: string): Record<string, unknown> | undefined {
  try {
    const metadata: unknown = JSON.parse(body);
    if (!isJsonObject(metadata)) return undefined;
    return Array.isArray(metadata.redirect_uris) && typeof metadata.scope === 'string' ? metadata : undefined;
  } catch {
    return undefined;
  }
}
