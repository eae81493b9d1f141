/**
 * The demo authorization server (real oidc-provider) behaves as an MCP authorization server must:
 * tokens only through the real login and consent pages with PKCE, JWT access tokens for exactly
 * the resource asked for, rotated refresh tokens, revocation, loopback redirects on any port.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { OAuthTestBrowser } from '../../helpers/oauth-test-browser.js';
import {
  fetchMetadata,
  obtainTokens,
  refreshTokens,
  registerPublicClient,
  startTestAuthorizationServer,
  stopAllTestAuthorizationServers,
  type AuthorizationServer,
} from '../../helpers/oidc-provider.js';

const RESOURCE = 'http://127.0.0.1:4999/mcp';

let as: AuthorizationServer;

beforeAll(async () => {
  as = await startTestAuthorizationServer({ accessTokenTtlSeconds: 60 });
});
afterAll(stopAllTestAuthorizationServers);

function authorizationUrl(endpoint: string, params: Record<string, string>): string {
  const url = new URL(endpoint);
  url.search = new URLSearchParams(params).toString();
  return url.href;
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('demo authorization server', () => {
  it('publishes metadata for its loopback issuer with registration, revocation and PKCE S256 only', async () => {
    expect(as.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/u);
    const response = await fetch(`${as.issuer}/.well-known/openid-configuration`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata['issuer']).toBe(as.issuer);
    expect(metadata['code_challenge_methods_supported']).toEqual(['S256']);
    expect(metadata['registration_endpoint']).toBe(`${as.issuer}/reg`);
    expect(metadata['revocation_endpoint']).toBe(`${as.issuer}/token/revocation`);
    expect(metadata['grant_types_supported']).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(metadata['scopes_supported']).toEqual(expect.arrayContaining(['mcp', 'deploy']));
    // RFC 9207: the redirect names the issuer (the MCP SDK client checks it when this is true).
    expect(metadata['authorization_response_iss_parameter_supported']).toBe(true);
  });

  it('refuses requests whose Host is not its own', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const port = Number(new URL(as.issuer).port);
      request({ host: '127.0.0.1', port, path: '/.well-known/openid-configuration', headers: { host: `evil.example:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject).end();
    });
    expect(status).toBe(403);
  });

  it('issues a JWT access token for exactly the resource asked, through the login and consent pages', async () => {
    const browser = new OAuthTestBrowser();
    const before = as.stats();
    const tokens = await obtainTokens(as.issuer, { resource: RESOURCE, scope: 'mcp', browser, login: 'alice' });
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const jwks = createRemoteJWKSet(new URL(tokens.metadata.jwks_uri));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, { issuer: as.issuer, audience: RESOURCE });
    expect(protectedHeader.typ).toBe('at+jwt');
    expect(payload.sub).toBe('alice');
    expect(payload['scope']).toBe('mcp');
    expect(payload['client_id']).toBe(tokens.clientId);
    expect(as.stats().registrations).toBe(before.registrations + 1);
    expect(as.stats().tokenGrants['authorization_code']).toBe((before.tokenGrants['authorization_code'] ?? 0) + 1);
  });

  it('shows login and consent the first time; the same browser later sees only consent (native clients are always asked)', async () => {
    const metadata = await fetchMetadata(as.issuer);
    const clientId = await registerPublicClient(metadata);
    const browser = new OAuthTestBrowser();
    const params = (challenge: string) => ({ response_type: 'code', client_id: clientId, redirect_uri: 'http://127.0.0.1:1/callback', scope: 'mcp', resource: RESOURCE, state: 's', code_challenge: challenge, code_challenge_method: 'S256' });
    const first = await browser.authorize(authorizationUrl(metadata.authorization_endpoint, params(pkce().challenge)), { deliver: false });
    expect(first.pagesShown).toEqual(['login', 'consent']);
    const second = await browser.authorize(authorizationUrl(metadata.authorization_endpoint, params(pkce().challenge)), { deliver: false });
    expect(second.pagesShown).toEqual(['consent']);
    expect(second.callbackUrl.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('accepts the registered loopback redirect URI on any port (RFC 8252 §7.3), and delivers the callback', async () => {
    const { createServer } = await import('node:http');
    let seen: URL | undefined;
    const listener = createServer((req, res) => {
      seen = new URL(req.url ?? '/', 'http://127.0.0.1');
      res.end('signed in');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const port = (listener.address() as { port: number }).port;
      const metadata = await fetchMetadata(as.issuer);
      const clientId = await registerPublicClient(metadata, 'http://127.0.0.1:1/callback');
      const outcome = await new OAuthTestBrowser().authorize(
        authorizationUrl(metadata.authorization_endpoint, { response_type: 'code', client_id: clientId, redirect_uri: `http://127.0.0.1:${port}/callback`, scope: 'mcp', resource: RESOURCE, state: 'xyz', code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
      );
      expect(outcome.callbackResponse).toEqual({ status: 200, body: 'signed in' });
      expect(seen?.pathname).toBe('/callback');
      expect(seen?.searchParams.get('state')).toBe('xyz');
      expect(seen?.searchParams.get('code')).toEqual(expect.any(String));
    } finally {
      listener.close();
    }
  });

  it('refuses a redirect URI on another path or host, and a request without PKCE', async () => {
    const metadata = await fetchMetadata(as.issuer);
    const clientId = await registerPublicClient(metadata);
    const base = { response_type: 'code', client_id: clientId, scope: 'mcp', resource: RESOURCE, state: 's' };
    for (const redirect_uri of ['http://127.0.0.1:1/elsewhere', 'http://evil.example/callback']) {
      await expect(new OAuthTestBrowser().authorize(authorizationUrl(metadata.authorization_endpoint, { ...base, redirect_uri, code_challenge: pkce().challenge, code_challenge_method: 'S256' }))).rejects.toThrow(/redirect_uri/u);
    }
    const outcome = await new OAuthTestBrowser().authorize(authorizationUrl(metadata.authorization_endpoint, { ...base, redirect_uri: 'http://127.0.0.1:1/callback' }), { deliver: false });
    expect(outcome.callbackUrl.searchParams.get('error')).toBe('invalid_request');
    expect(outcome.callbackUrl.searchParams.get('error_description')).toMatch(/PKCE/u);
  });

  it('answers a denied consent with access_denied', async () => {
    const metadata = await fetchMetadata(as.issuer);
    const clientId = await registerPublicClient(metadata);
    const outcome = await new OAuthTestBrowser().authorize(
      authorizationUrl(metadata.authorization_endpoint, { response_type: 'code', client_id: clientId, redirect_uri: 'http://127.0.0.1:1/callback', scope: 'mcp', resource: RESOURCE, state: 's', code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
      { decision: 'deny', deliver: false },
    );
    expect(outcome.callbackUrl.searchParams.get('error')).toBe('access_denied');
  });

  it('rotates refresh tokens: the new one works, the used one is refused', async () => {
    const tokens = await obtainTokens(as.issuer, { resource: RESOURCE, scope: 'mcp deploy' });
    const refreshed = await refreshTokens(tokens);
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ aud: RESOURCE, scope: 'mcp deploy' });
    await expect(refreshTokens(tokens)).rejects.toThrow(/invalid_grant/u);
  });

  it('gives access tokens the lifetime set, from the next token on', async () => {
    as.setAccessTokenTtl(5);
    try {
      const tokens = await obtainTokens(as.issuer, { resource: RESOURCE, scope: 'mcp' });
      expect(tokens.expires_in).toBe(5);
      const { exp, iat } = decodeJwt(tokens.access_token);
      expect((exp ?? 0) - (iat ?? 0)).toBe(5);
    } finally {
      as.setAccessTokenTtl(60);
    }
  });

  it('revokes a refresh token on request (RFC 7009)', async () => {
    const tokens = await obtainTokens(as.issuer, { resource: RESOURCE, scope: 'mcp' });
    const before = as.stats().revocations;
    const response = await fetch(tokens.metadata.revocation_endpoint, {
      method: 'POST',
      body: new URLSearchParams({ token: tokens.refresh_token ?? '', token_type_hint: 'refresh_token', client_id: tokens.clientId }),
    });
    expect(response.status).toBe(200);
    expect(as.stats().revocations).toBe(before + 1);
    await expect(refreshTokens(tokens)).rejects.toThrow(/invalid_grant/u);
  });

  it('revokeAll ends every grant: refresh refused, the next sign-in shows the login page again', async () => {
    const browser = new OAuthTestBrowser();
    const tokens = await obtainTokens(as.issuer, { resource: RESOURCE, scope: 'mcp', browser });
    as.revokeAll();
    await expect(refreshTokens(tokens)).rejects.toThrow(/invalid_grant/u);
    const metadata = tokens.metadata;
    const outcome = await browser.authorize(
      authorizationUrl(metadata.authorization_endpoint, { response_type: 'code', client_id: tokens.clientId, redirect_uri: 'http://127.0.0.1:1/callback', scope: 'mcp', resource: RESOURCE, state: 's', code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
      { deliver: false },
    );
    expect(outcome.pagesShown).toEqual(['login', 'consent']);
  });
});
