/**
 * The MCP SDK client's own OAuth flow (`auth()` of @modelcontextprotocol/client) against the demo
 * sign-in setup: discovery from the 401 challenge, Dynamic Client Registration, PKCE with the
 * resource parameter, the code exchange, step-up to `deploy`, and a refresh. This is the path
 * the app's sign-in builds on, so an incompatibility shows here first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { auth, extractWWWAuthenticateParams, type OAuthClientProvider, type OAuthClientMetadata } from '@modelcontextprotocol/client';
import { startDemoSignIn, type DemoSignIn } from '../../../electron/demo-server/auth/demo-sign-in.js';
import { OAuthTestBrowser } from '../../helpers/oauth-test-browser.js';

type Saved = Record<string, unknown>;

/** An in-memory provider whose "browser" is OAuthTestBrowser; the authorization URL it was sent to is kept. */
class MemoryProvider implements OAuthClientProvider {
  client: Saved | undefined;
  savedTokens: Saved | undefined;
  verifier = '';
  lastAuthorizationUrl: URL | undefined;
  readonly redirectUrl = 'http://127.0.0.1:1/callback';
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'interop test',
    redirect_uris: [this.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  clientInformation() {
    return this.client as never;
  }
  saveClientInformation(info: Saved) {
    this.client = info;
  }
  tokens() {
    return this.savedTokens as never;
  }
  saveTokens(tokens: Saved) {
    this.savedTokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.lastAuthorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The tokens the provider holds now (function, not a cast in place: the flow changes them behind TypeScript's back). */
function heldTokens(provider: MemoryProvider): { access_token: string; refresh_token?: string } {
  return provider.savedTokens as { access_token: string; refresh_token?: string };
}

let demo: DemoSignIn;
beforeAll(async () => {
  demo = await startDemoSignIn();
});
afterAll(() => demo.close());

async function signInThroughPages(provider: MemoryProvider, browser: OAuthTestBrowser, scope?: string): Promise<void> {
  expect(await auth(provider, { serverUrl: demo.url, ...(scope === undefined ? {} : { scope }) })).toBe('REDIRECT');
  const authorizationUrl = provider.lastAuthorizationUrl;
  expect(authorizationUrl?.searchParams.get('resource')).toBe(demo.url);
  expect(authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  const { callbackUrl } = await browser.authorize(authorizationUrl?.href ?? '', { deliver: false });
  const code = callbackUrl.searchParams.get('code');
  expect(code).toEqual(expect.any(String));
  // The provider names itself in the redirect (RFC 9207), and the SDK insists on it.
  const iss = callbackUrl.searchParams.get('iss');
  expect(iss).toBe(demo.issuer);
  expect(await auth(provider, { serverUrl: demo.url, authorizationCode: code ?? '', iss: iss ?? '', ...(scope === undefined ? {} : { scope }) })).toBe('AUTHORIZED');
}

describe('the SDK client OAuth flow against the demo sign-in setup', () => {
  it('signs in from the challenge, steps up for deploy, and refreshes', async () => {
    const challenged = await fetch(demo.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const params = extractWWWAuthenticateParams(challenged);
    expect(params.scope).toBe('mcp');
    expect(params.resourceMetadataUrl?.href).toBe(`${new URL(demo.url).origin}/.well-known/oauth-protected-resource/mcp`);

    const provider = new MemoryProvider();
    const browser = new OAuthTestBrowser();
    await signInThroughPages(provider, browser, params.scope);
    const first = heldTokens(provider);
    expect(decodeJwt(first.access_token)).toMatchObject({ aud: demo.url, scope: 'mcp' });
    expect(first.refresh_token).toEqual(expect.any(String));

    // Step-up: a refresh cannot widen the grant, so the held tokens go and the pages are shown again.
    provider.savedTokens = undefined;
    await signInThroughPages(provider, browser, 'mcp deploy');
    const stepped = heldTokens(provider);
    expect(decodeJwt(stepped.access_token)).toMatchObject({ aud: demo.url, scope: 'mcp deploy' });

    // With tokens held, auth() refreshes (the SDK refreshes whenever it holds a refresh token).
    expect(await auth(provider, { serverUrl: demo.url })).toBe('AUTHORIZED');
    const refreshed = heldTokens(provider);
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(stepped.refresh_token);
    expect(decodeJwt(refreshed.access_token)).toMatchObject({ aud: demo.url });
  });
});
