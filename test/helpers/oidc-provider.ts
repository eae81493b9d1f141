/**
 * The real authorization server (oidc-provider, electron/demo-server/auth/authorization-server.ts)
 * for tests, plus a minimal OAuth client that gets tokens from it through the real flow
 * (registration, PKCE, the login and consent pages via OAuthTestBrowser, code exchange), for
 * tests that need a token without the engine.
 *
 *   const as = await startTestAuthorizationServer({ accessTokenTtlSeconds: 5 });
 *   const tokens = await obtainTokens(as.issuer, { resource: 'http://127.0.0.1:1234/mcp', scope: 'mcp' });
 *   afterAll(stopAllTestAuthorizationServers);
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  startAuthorizationServer,
  type AuthorizationServer,
  type AuthorizationServerOptions,
} from '../../electron/demo-server/auth/authorization-server.js';
import type { RpcChannel, RpcRequestOptions } from './json-rpc-channel.js';
import { OAuthTestBrowser, type AuthorizeOptions } from './oauth-test-browser.js';

export type { AuthorizationServer, AuthorizationServerOptions };

const running = new Set<AuthorizationServer>();

/** Starts an authorization server on a free loopback port; `stopAllTestAuthorizationServers` ends it. */
export async function startTestAuthorizationServer(options: AuthorizationServerOptions = {}): Promise<AuthorizationServer> {
  const server = await startAuthorizationServer(options);
  running.add(server);
  return server;
}

/** Closes every server `startTestAuthorizationServer` started (use in `afterAll`/`afterEach`). */
export async function stopAllTestAuthorizationServers(): Promise<void> {
  const servers = [...running];
  running.clear();
  await Promise.all(servers.map((server) => server.close()));
}

const MetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  registration_endpoint: z.url(),
  revocation_endpoint: z.url(),
  jwks_uri: z.url(),
});

/** The authorization server's metadata (OpenID discovery), the endpoints a client needs. */
export type AuthorizationServerMetadata = z.infer<typeof MetadataSchema>;

/** Reads the issuer's `/.well-known/openid-configuration`. */
export async function fetchMetadata(issuer: string): Promise<AuthorizationServerMetadata> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`metadata: HTTP ${response.status}`);
  return MetadataSchema.parse(await response.json());
}

const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});

/** A successful token response (RFC 6749 §5.1). */
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** The redirect URI the test client registers; nothing listens there (the browser only reports it). */
const TEST_REDIRECT_URI = 'http://127.0.0.1:1/callback';

/** Registers a public native client (RFC 7591) and returns its `client_id`. */
export async function registerPublicClient(metadata: AuthorizationServerMetadata, redirectUri = TEST_REDIRECT_URI): Promise<string> {
  const response = await fetch(metadata.registration_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'test client', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }),
  });
  if (response.status !== 201) throw new Error(`registration: HTTP ${response.status} ${await response.text()}`);
  return z.object({ client_id: z.string() }).parse(await response.json()).client_id;
}

async function tokenRequest(metadata: AuthorizationServerMetadata, body: Record<string, string>): Promise<TokenResponse> {
  const response = await fetch(metadata.token_endpoint, { method: 'POST', body: new URLSearchParams(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`token request: HTTP ${response.status} ${text}`);
  return TokenResponseSchema.parse(JSON.parse(text));
}

/** What to ask for in `obtainTokens`. */
export interface ObtainTokensOptions extends Pick<AuthorizeOptions, 'login'> {
  /** The RFC 8707 resource (the token's audience). */
  readonly resource: string;
  /** Space-separated scopes, e.g. `mcp` or `mcp deploy`. */
  readonly scope: string;
  /** A browser to reuse (its session cookies); default a fresh one. */
  readonly browser?: OAuthTestBrowser;
  /** A registered client to reuse; default a new public client. */
  readonly clientId?: string;
}

/** Tokens plus what is needed to refresh them. */
export interface ObtainedTokens extends TokenResponse {
  readonly clientId: string;
  readonly metadata: AuthorizationServerMetadata;
}

/** Runs the whole authorization code flow with PKCE S256 against `issuer` and returns the tokens. */
export async function obtainTokens(issuer: string, options: ObtainTokensOptions): Promise<ObtainedTokens> {
  const metadata = await fetchMetadata(issuer);
  const clientId = options.clientId ?? (await registerPublicClient(metadata));
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL(metadata.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: TEST_REDIRECT_URI,
    scope: options.scope,
    resource: options.resource,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const browser = options.browser ?? new OAuthTestBrowser();
  const { callbackUrl } = await browser.authorize(url.href, { deliver: false, ...(options.login === undefined ? {} : { login: options.login }) });
  const code = callbackUrl.searchParams.get('code');
  if (callbackUrl.searchParams.get('state') !== state || code === null) throw new Error(`authorization failed: ${callbackUrl.search}`);
  const tokens = await tokenRequest(metadata, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: TEST_REDIRECT_URI,
    client_id: clientId,
    code_verifier: verifier,
    resource: options.resource,
  });
  return { ...tokens, clientId, metadata };
}

/** Uses a refresh token (RFC 6749 §6); with rotation the answer carries a new one. */
export function refreshTokens(tokens: ObtainedTokens, refreshToken = tokens.refresh_token): Promise<TokenResponse> {
  if (refreshToken === undefined) throw new Error('no refresh token was issued');
  return tokenRequest(tokens.metadata, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: tokens.clientId });
}

/** `channel` sending `Authorization: Bearer <token>` with every message (for the test clients of json-rpc-channel.ts). */
export function withBearer(channel: RpcChannel, token: string): RpcChannel {
  const auth = (headers?: Record<string, string>) => ({ ...headers, authorization: `Bearer ${token}` });
  return {
    request: (method, params, options: RpcRequestOptions = {}) => channel.request(method, params, { ...options, headers: auth(options.headers) }),
    notify: (method, params, headers) => channel.notify(method, params, auth(headers)),
    respond: (id, reply, headers) => channel.respond(id, reply, auth(headers)),
    onMessage: (listener) => channel.onMessage(listener),
  };
}
