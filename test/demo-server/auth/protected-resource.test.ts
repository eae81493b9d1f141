/**
 * The demo HTTP server's `--auth <issuer>` mode, both forms, against the real authorization
 * server: Protected Resource Metadata, 401 challenges for missing/bad/expired/foreign tokens,
 * good tokens admitted, and 403 insufficient_scope for `deploy` without the `deploy` scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { startDemoServer, stopAllDemoServers, type DemoServerProcess } from '../../helpers/demo-server-process.js';
import { ExtensionClient } from '../../helpers/extension-client.js';
import { HttpChannel } from '../../helpers/http-channel.js';
import { LegacyClient } from '../../helpers/legacy-client.js';
import { obtainTokens, startTestAuthorizationServer, stopAllTestAuthorizationServers, withBearer, type AuthorizationServer } from '../../helpers/oidc-provider.js';

/** A bare JSON-RPC POST, for the refusals (which are HTTP answers, not JSON-RPC ones). */
function post(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
}

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } } };

let as: AuthorizationServer;
let otherAs: AuthorizationServer;
const servers: Record<'extension' | 'legacy', DemoServerProcess> = {} as never;

beforeAll(async () => {
  [as, otherAs] = await Promise.all([startTestAuthorizationServer({ accessTokenTtlSeconds: 60 }), startTestAuthorizationServer()]);
  [servers.extension, servers.legacy] = await Promise.all([
    startDemoServer({ form: 'extension', transport: 'http', auth: as.issuer }),
    startDemoServer({ form: 'legacy', transport: 'http', auth: as.issuer }),
  ]);
}, 30_000);
afterAll(async () => {
  await stopAllDemoServers();
  await stopAllTestAuthorizationServers();
});

describe.each(['extension', 'legacy'] as const)('demo server --auth (%s form)', (form) => {
  const url = () => servers[form].url ?? '';
  const metadataUrl = () => `${new URL(url()).origin}/.well-known/oauth-protected-resource/mcp`;

  it('serves its Protected Resource Metadata (RFC 9728) at the path-aware well-known URL', async () => {
    const response = await fetch(metadataUrl());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ resource: url(), authorization_servers: [as.issuer], scopes_supported: ['mcp', 'deploy'], bearer_methods_supported: ['header'] });
  });

  it('answers a request without a token with 401 and a challenge naming the metadata and scope mcp', async () => {
    const response = await post(url(), INITIALIZE);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(`Bearer scope="mcp", resource_metadata="${metadataUrl()}"`);
    // The other methods of the endpoint are guarded too (the GET stream, session DELETE).
    expect((await fetch(url(), { headers: { accept: 'text/event-stream' } })).status).toBe(401);
  });

  it('refuses a token that is not a JWT of its issuer, one for another resource, one from another issuer, an expired one', async () => {
    const forOtherResource = await obtainTokens(as.issuer, { resource: 'http://127.0.0.1:1/mcp', scope: 'mcp' });
    const fromOtherIssuer = await obtainTokens(otherAs.issuer, { resource: url(), scope: 'mcp' });
    const { privateKey } = await generateKeyPair('RS256');
    const selfSigned = await new SignJWT({ scope: 'mcp' }).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'forged' }).setIssuer(as.issuer).setAudience(url()).setExpirationTime('1h').sign(privateKey);
    as.setAccessTokenTtl(1);
    const expiring = await obtainTokens(as.issuer, { resource: url(), scope: 'mcp' });
    as.setAccessTokenTtl(60);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const cases: [string, string][] = [
      ['not-a-jwt', 'The access token is not valid'],
      [selfSigned, 'The access token is not valid'],
      [forOtherResource.access_token, 'The access token was issued for another resource'],
      [fromOtherIssuer.access_token, 'The access token'],
      [expiring.access_token, 'The access token has expired'],
    ];
    for (const [token, reason] of cases) {
      const response = await post(url(), INITIALIZE, token);
      expect(response.status).toBe(401);
      const challenge = response.headers.get('www-authenticate') ?? '';
      expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="The access token[^"]*", scope="mcp", resource_metadata="[^"]+"$/u);
      expect(challenge).toContain(reason);
      expect(challenge).toContain(metadataUrl());
    }
  }, 20_000);

  it('admits a good token, and refuses deploy without the deploy scope with 403 insufficient_scope (step-up)', async () => {
    const tokens = await obtainTokens(as.issuer, { resource: url(), scope: 'mcp' });
    const channel = withBearer(new HttpChannel(url()), tokens.access_token);
    let quick;
    if (form === 'extension') {
      const client = new ExtensionClient(channel, 'http');
      expect((await client.request('server/discover', {})).result).toBeDefined();
      quick = await client.callTool('quick', { text: 'hi' });
    } else {
      const client = new LegacyClient(channel);
      expect((await client.initialize()).result).toBeDefined();
      quick = await client.callTool('quick', { text: 'hi' });
    }
    expect(quick.httpStatus).toBe(200);
    expect(JSON.stringify(quick.result)).toContain('hi');

    const deploy = await post(url(), { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'deploy', arguments: {} } }, tokens.access_token);
    expect(deploy.status).toBe(403);
    expect(deploy.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", error_description="This request needs the scopes mcp deploy", scope="mcp deploy", resource_metadata="${metadataUrl()}"`,
    );
    expect(await deploy.json()).toEqual({ error: 'insufficient_scope', error_description: 'This request needs the scopes mcp deploy' });
  });

  it('runs deploy with a token carrying the deploy scope', async () => {
    const tokens = await obtainTokens(as.issuer, { resource: url(), scope: 'mcp deploy' });
    const channel = withBearer(new HttpChannel(url()), tokens.access_token);
    let response;
    if (form === 'extension') {
      response = await new ExtensionClient(channel, 'http').callTool('deploy', { durationMs: 100 });
      expect(response.result?.['resultType']).toBe('task');
    } else {
      const client = new LegacyClient(channel);
      await client.initialize();
      response = await client.callTool('deploy', { durationMs: 100 }, {});
      expect(response.result?.['task']).toBeDefined();
    }
    expect(response.httpStatus).toBe(200);
  });

  it('refuses a token without the mcp scope with 403', async () => {
    const tokens = await obtainTokens(as.issuer, { resource: url(), scope: 'deploy' });
    const response = await post(url(), INITIALIZE, tokens.access_token);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(response.headers.get('www-authenticate')).toContain('scope="mcp"');
  });
});
