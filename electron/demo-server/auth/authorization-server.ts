/**
 * A real OAuth 2.1 / OpenID authorization server on loopback, for the tests and for the demo
 * sign-in of `npm start`: the certified `oidc-provider` package, configured the way an MCP
 * authorization server is expected to behave (MCP authorization spec 2025-11-25):
 *
 * - issuer `http://127.0.0.1:<port>`, metadata at `/.well-known/openid-configuration` (the
 *   provider serves OpenID discovery; RFC 8414 clients fall back to it in the spec's order);
 * - open Dynamic Client Registration (RFC 7591); a client that says nothing is a public native
 *   client (`application_type: native`, `token_endpoint_auth_method: none`, grant types
 *   `authorization_code` + `refresh_token`), so its loopback redirect URI matches any port
 *   (RFC 8252 §7.3);
 * - authorization code with PKCE, required for every client (S256 is the only method);
 * - resource indicators (RFC 8707): the access token's audience is exactly the `resource` the
 *   client asked for, and access tokens are JWTs (RFC 9068) signed with an RSA key generated in
 *   memory at start, published at the issuer's `jwks_uri`;
 * - refresh tokens for every client allowed the grant type (no `offline_access` needed), rotated
 *   on every use, not tied to the browser session;
 * - token revocation (RFC 7009);
 * - the provider's built-in development login and consent pages: any login and password pass.
 *
 * Everything is held in memory and gone with `close()`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import type { Client, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { MemoryStore } from './memory-adapter.js';

/** The scopes of the MCP resource the demo authorization server knows by default. */
export const DEFAULT_RESOURCE_SCOPES: readonly string[] = ['mcp', 'deploy'];

/** Default lifetime of an access token: short enough that a demo session sees a refresh. */
const DEFAULT_ACCESS_TOKEN_TTL_S = 300;
/** Lifetime of refresh tokens, grants and sessions: one working day is plenty for a demo or test. */
const LONG_TTL_S = 24 * 60 * 60;
/** The provider's RFC 7009 endpoint (its default route). */
const REVOCATION_PATH = '/token/revocation';
/** Lifetime of an authorization code and of a login/consent interaction. */
const SHORT_TTL_S = 10 * 60;

/** How to start the authorization server. */
export interface AuthorizationServerOptions {
  /** TCP port on 127.0.0.1; 0 or absent = any free port. */
  readonly port?: number;
  /** Lifetime of new access tokens in seconds (default 300); `setAccessTokenTtl` changes it later. */
  readonly accessTokenTtlSeconds?: number;
  /** The scopes every resource offers (default `mcp`, `deploy`). */
  readonly resourceScopes?: readonly string[];
  /**
   * Clients registered before start (RFC 7591 metadata, snake_case), e.g. a confidential client
   * `{ client_id, client_secret, token_endpoint_auth_method: 'client_secret_basic', redirect_uris }`.
   * Unset fields take the public native defaults above, so a confidential client must say so.
   */
  readonly clients?: readonly Readonly<Record<string, unknown>>[];
}

/** What happened on the authorization server so far, for tests to assert on. */
export interface AuthorizationServerStats {
  /** Successful Dynamic Client Registrations. */
  readonly registrations: number;
  /** Successful token requests, by grant type (`authorization_code`, `refresh_token`). */
  readonly tokenGrants: Readonly<Record<string, number>>;
  /** Token requests refused (e.g. a revoked or replayed refresh token, a replayed code). */
  readonly tokenErrors: number;
  /** Successful RFC 7009 revocation requests. */
  readonly revocations: number;
}

/** A running authorization server. */
export interface AuthorizationServer {
  /** `http://127.0.0.1:<port>` — no trailing slash, exactly as in its metadata's `issuer`. */
  readonly issuer: string;
  /** Sets the lifetime in seconds of access tokens issued from now on. */
  setAccessTokenTtl(seconds: number): void;
  /**
   * Ends every grant at once, as if the user revoked the app: refresh tokens and codes are
   * refused from now on and the next sign-in shows the login page again. Client registrations
   * stay. Access tokens already issued are self-contained JWTs and stay valid until they expire.
   */
  revokeAll(): void;
  /** Counters of registrations, token requests and revocations since start. */
  stats(): AuthorizationServerStats;
  /** Stops listening and drops open connections; resolves once closed. Safe to call twice. */
  close(): Promise<void>;
}

/** Start-up notices the provider prints that say nothing here: this is a development provider on purpose. */
const EXPECTED_NOTICES = [/^oidc-provider WARNING: a quick start development-only feature devInteractions/u, /^oidc-provider WARNING: Unsupported runtime/u];

/** Runs `load` with the provider's expected start-up notices held back; every other console line passes. */
async function withoutExpectedNotices<T>(load: () => Promise<T> | T): Promise<T> {
  const { warn } = console;
  console.warn = (...args: unknown[]) => {
    const first = args[0];
    if (typeof first === 'string' && EXPECTED_NOTICES.some((notice) => notice.test(first.replace(/\x1b\[[0-9;]*m/gu, '')))) return;
    warn.apply(console, args);
  };
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}

/** A tiny HTML escape for the error page (the provider's error text can echo request parameters). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (char) => `&#${char.charCodeAt(0)};`);
}

async function signingKeys(): Promise<{ keys: Record<string, unknown>[] }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: randomBytes(8).toString('base64url'), alg: 'RS256', use: 'sig' }] };
}

/** True when the request's Host names this loopback listener (a guard against DNS rebinding). */
function hostAllowed(req: IncomingMessage, port: number): boolean {
  return req.headers.host === `127.0.0.1:${port}` || req.headers.host === `localhost:${port}`;
}

/**
 * Starts the authorization server on 127.0.0.1 and resolves once it listens. The provider's own
 * output is kept quiet: its expected development notices are dropped and request errors are
 * answered to the client, not printed.
 */
export async function startAuthorizationServer(options: AuthorizationServerOptions = {}): Promise<AuthorizationServer> {
  let accessTokenTtl = options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_S;
  const resourceScopes = options.resourceScopes ?? DEFAULT_RESOURCE_SCOPES;
  const resourceScope = resourceScopes.join(' ');
  const store = new MemoryStore();
  const stats = { registrations: 0, tokenGrants: {} as Record<string, number>, tokenErrors: 0, revocations: 0 };

  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    if (!hostAllowed(req, port) || handle === undefined) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden');
      return;
    }
    // The provider has no event for a revocation request as such (revoking a refresh token shows
    // as its grant's end, like reuse detection does): count answered requests to the endpoint.
    if (req.method === 'POST' && req.url === REVOCATION_PATH) res.once('finish', () => res.statusCode === 200 && (stats.revocations += 1));
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  try {
    const { default: ProviderClass } = await withoutExpectedNotices(() => import('oidc-provider'));
    const configuration = {
      adapter: store.adapterClass(),
      clients: options.clients ?? [],
      clientDefaults: {
        application_type: 'native',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: 'RS256',
      },
      // A registration's `scope` would cap what the client may ever ask for, so step-up (asking
      // for `deploy` later) would fail: it is read as a hint and dropped.
      extraClientMetadata: {
        properties: ['scope'],
        validator: (_ctx: KoaContextWithOIDC, key: string, _value: unknown, metadata: Record<string, unknown>) => {
          if (key === 'scope') metadata['scope'] = undefined;
        },
      },
      jwks: await signingKeys(),
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      // The resource scopes are listed too: clients (the MCP SDK's among them) send the scope they
      // want in their registration, which the provider checks against this list.
      scopes: ['openid', 'offline_access', ...resourceScopes],
      findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
      pkce: { required: () => true },
      features: {
        devInteractions: { enabled: true },
        registration: { enabled: true },
        revocation: { enabled: true, allowedPolicy: (_ctx: KoaContextWithOIDC, client: Client, token: { clientId?: string }) => token.clientId === client.clientId },
        resourceIndicators: {
          enabled: true,
          defaultResource: (_ctx: KoaContextWithOIDC, _client: Client, oneOf?: string[]) => oneOf,
          // A refresh or code exchange without `resource` gets a token for the resource granted.
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: KoaContextWithOIDC, resourceIndicator: string) => ({
            scope: resourceScope,
            audience: resourceIndicator,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          }),
        },
      },
      issueRefreshToken: (_ctx: KoaContextWithOIDC, client: Client) => client.grantTypeAllowed('refresh_token'),
      rotateRefreshToken: true,
      // Refresh tokens outlive the browser session: the app keeps working after the browser closes.
      expiresWithSession: () => false,
      // The app's own pages never call the authorization server from a browser.
      clientBasedCORS: () => false,
      ttl: {
        AccessToken: () => accessTokenTtl,
        AuthorizationCode: SHORT_TTL_S,
        Interaction: SHORT_TTL_S,
        IdToken: SHORT_TTL_S,
        RefreshToken: LONG_TTL_S,
        Grant: LONG_TTL_S,
        Session: LONG_TTL_S,
      },
      renderError: (ctx: KoaContextWithOIDC, out: Record<string, unknown>) => {
        ctx.type = 'html';
        const lines = Object.entries(out).map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`);
        ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sign-in failed</title></head><body><h1>Sign-in failed</h1>${lines.join('')}</body></html>`;
      },
    };
    const provider: Provider = await withoutExpectedNotices(() => new ProviderClass(issuer, configuration));
    // Koa prints every request error (a client's bad request too) unless silent; the client gets
    // the error answer anyway. Only the provider's own failures are worth a line.
    provider.silent = true;
    provider.on('server_error', (_ctx, error) => process.stderr.write(`[authorization-server] error: ${error instanceof Error ? error.message : String(error)}\n`));
    provider.on('registration_create.success', () => (stats.registrations += 1));
    provider.on('grant.success', (ctx) => {
      const value = (ctx as KoaContextWithOIDC).oidc.params?.['grant_type'];
      const grantType = typeof value === 'string' ? value : 'unknown';
      stats.tokenGrants[grantType] = (stats.tokenGrants[grantType] ?? 0) + 1;
    });
    provider.on('grant.error', () => (stats.tokenErrors += 1));
    handle = provider.callback();
  } catch (error) {
    server.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    issuer,
    setAccessTokenTtl: (seconds) => {
      accessTokenTtl = seconds;
    },
    revokeAll: () => store.forgetGrants(),
    stats: () => ({ ...stats, tokenGrants: { ...stats.tokenGrants } }),
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
