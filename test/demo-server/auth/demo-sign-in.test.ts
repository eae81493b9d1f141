/**
 * The demo sign-in setup of `--demo-auth`: a server that needs sign-in and the authorization
 * server it trusts, working together through the real flow, and both gone after close().
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoSignIn, type DemoSignIn } from '../../../electron/demo-server/auth/demo-sign-in.js';
import { ExtensionClient } from '../../helpers/extension-client.js';
import { HttpChannel } from '../../helpers/http-channel.js';
import { obtainTokens, withBearer } from '../../helpers/oidc-provider.js';

let demo: DemoSignIn | undefined;
afterAll(() => demo?.close());

describe('demo sign-in (--demo-auth)', () => {
  it('serves an MCP endpoint that names its authorization server and accepts the tokens it issues', async () => {
    demo = await startDemoSignIn();
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/u);
    const metadata = (await (await fetch(`${new URL(demo.url).origin}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ resource: demo.url, authorization_servers: [demo.issuer] });
    expect((await fetch(demo.url, { method: 'POST' })).status).toBe(401);

    const tokens = await obtainTokens(demo.issuer, { resource: demo.url, scope: 'mcp' });
    expect(tokens.expires_in).toBe(120);
    const client = new ExtensionClient(withBearer(new HttpChannel(demo.url), tokens.access_token), 'http');
    const answer = await client.callTool('quick', { text: 'signed in' });
    expect(JSON.stringify(answer.result)).toContain('signed in');

    await demo.close();
    await expect(fetch(demo.url)).rejects.toThrow();
    await expect(fetch(`${demo.issuer}/.well-known/openid-configuration`)).rejects.toThrow();
  });
});
