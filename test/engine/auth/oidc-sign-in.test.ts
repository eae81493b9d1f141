/**
 * The engine signing in for real: the demo HTTP server in `--auth` mode (a protected resource
 * checking JWT access tokens) and the real authorization server (oidc-provider), whose own login
 * and consent pages a cookie-keeping HTTP client walks as the user's browser. A task runs while
 * its access token expires and is renewed; a revoked grant leaves the server waiting for sign-in
 * with the task tracked; `deploy` needs a step-up; a pre-registered confidential client signs in
 * without registering.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { McpRequestError, preRegisteredClient } from '../../../electron/engine/index.js';
import { isTaskFinished } from '../../../shared/task-model.js';
import { startDemoServer, stopAllDemoServers, type DemoServerProcess } from '../../helpers/demo-server-process.js';
import { waitForTask } from '../../helpers/engine-harness.js';
import { OAuthTestBrowser } from '../../helpers/oauth-test-browser.js';
import { fetchMetadata, startTestAuthorizationServer, stopAllTestAuthorizationServers, type AuthorizationServer } from '../../helpers/oidc-provider.js';
import { httpConfig, signInEngine, type SignInEngine } from './sign-in-fixture.js';

afterAll(async () => {
  await stopAllDemoServers();
  await stopAllTestAuthorizationServers();
});

let kit: SignInEngine | undefined;
afterEach(async () => {
  await kit?.engine.dispose();
  kit = undefined;
});

async function protectedDemo(options: Parameters<typeof startTestAuthorizationServer>[0] = {}): Promise<{ as: AuthorizationServer; demo: DemoServerProcess }> {
  const as = await startTestAuthorizationServer(options);
  const demo = await startDemoServer({ form: 'extension', transport: 'http', auth: as.issuer });
  return { as, demo };
}

/** An engine whose "browser" walks the provider's pages; signed in to the demo server. */
async function signedIn(demo: DemoServerProcess, seed?: Record<string, unknown>): Promise<{ kit: SignInEngine; browser: OAuthTestBrowser }> {
  const browser = new OAuthTestBrowser();
  // Pinged every second: a task's pushes come on a stream opened before the token expired, so the pings are what meet the refusal.
  const engineKit = signInEngine({ health: { pingIntervalMs: 1_000 } });
  kit = engineKit;
  engineKit.browse = (url) => browser.authorize(url);
  if (seed !== undefined) await engineKit.credentials.save('demo', seed);
  await engineKit.engine.start([httpConfig('demo', demo.url!)]);
  const waiting = await engineKit.waitFor('demo', (state) => state.status === 'needs-sign-in', 'needs-sign-in');
  expect(waiting.signIn).toMatchObject({ status: 'needed', reason: 'first-time', scope: 'mcp' });
  await engineKit.engine.signIn('demo');
  const connected = await engineKit.waitFor('demo', (state) => state.status === 'connected', 'connected after sign-in');
  expect(connected.signIn?.status).toBe('signed-in');
  return { kit: engineKit, browser };
}

describe('signing in with the real authorization server', () => {
  it('runs a task across an access token that expires and is renewed, unnoticed', async () => {
    const { as, demo } = await protectedDemo({ accessTokenTtlSeconds: 2 });
    const { kit: engineKit } = await signedIn(demo);
    expect(engineKit.state('demo').signIn?.issuer).toBe(as.issuer);
    expect(as.stats().registrations).toBe(1);
    const outcome = await engineKit.engine.callTool('demo', 'build', { durationMs: 6_000 });
    expect(outcome.kind).toBe('task');
    const done = await waitForTask(engineKit.engine, outcome.task.localId, isTaskFinished, 30_000, 'the build to end');
    expect(done.snapshot?.status).toBe('completed');
    expect(done.lastProblem).toBeUndefined();
    expect(as.stats().tokenGrants.refresh_token ?? 0).toBeGreaterThanOrEqual(1);
    expect(engineKit.state('demo').status).toBe('connected');
    expect(engineKit.engine.serverConsole('demo').map((entry) => entry.text)).toEqual(expect.arrayContaining([`Signed in (issuer ${as.issuer}).`, 'Access token refreshed.']));
    const held = (await engineKit.credentials.load('demo'))?.tokens as { access_token: string; refresh_token: string };
    const recorded = engineKit.recorded('demo');
    expect(recorded).not.toContain(held.access_token);
    expect(recorded).not.toContain(held.refresh_token);
  }, 60_000);

  it('waits for sign-in with the task tracked when the grant is revoked, and ends the task after signing in again', async () => {
    const { as, demo } = await protectedDemo({ accessTokenTtlSeconds: 2 });
    const { kit: engineKit } = await signedIn(demo);
    const outcome = await engineKit.engine.callTool('demo', 'build', { durationMs: 8_000 });
    as.revokeAll();
    const waiting = await engineKit.waitFor('demo', (state) => state.status === 'needs-sign-in', 'needs-sign-in after the revocation', 20_000);
    expect(waiting.signIn).toMatchObject({ status: 'needed', reason: 'expired' });
    expect(waiting.nextRetryAt).toBeUndefined();
    const task = engineKit.engine.getTask(outcome.task.localId);
    expect(task !== undefined && !isTaskFinished(task)).toBe(true);
    await engineKit.engine.signIn('demo');
    await engineKit.waitFor('demo', (state) => state.status === 'connected', 'connected again', 20_000);
    const done = await waitForTask(engineKit.engine, outcome.task.localId, isTaskFinished, 30_000, 'the build to end');
    expect(done.snapshot?.status).toBe('completed');
  }, 60_000);

  it('steps up for deploy: the call fails with sign-in-needed, the next sign-in asks for mcp and deploy', async () => {
    const { demo } = await protectedDemo();
    const { kit: engineKit } = await signedIn(demo);
    const refused = await engineKit.engine.callTool('demo', 'deploy', {}).then(() => undefined, (error: unknown) => error);
    expect(refused).toBeInstanceOf(McpRequestError);
    expect((refused as McpRequestError).localFailure).toBe('sign-in-needed');
    const state = await engineKit.waitFor('demo', (current) => current.signIn?.reason === 'more-access', 'more-access');
    expect(state.status).toBe('connected');
    expect(state.signIn?.scope?.split(' ').sort()).toEqual(['deploy', 'mcp']);
    const { authorizationUrl } = await engineKit.engine.signIn('demo');
    expect(new URL(authorizationUrl!).searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp', 'deploy']));
    await engineKit.waitFor('demo', (current) => current.signIn?.status === 'signed-in', 'signed in with deploy');
    const outcome = await engineKit.engine.callTool('demo', 'deploy', { durationMs: 200 });
    expect(outcome.kind).toBe('task');
  }, 60_000);

  it('signs in with a pre-registered confidential client without registering one', async () => {
    const { as, demo } = await protectedDemo({
      clients: [{ client_id: 'monitor-app', client_secret: 'a-long-client-secret-for-tests', token_endpoint_auth_method: 'client_secret_basic', redirect_uris: ['http://127.0.0.1/callback'] }],
    });
    const { kit: engineKit } = await signedIn(demo, preRegisteredClient('monitor-app', 'a-long-client-secret-for-tests'));
    expect(as.stats().registrations).toBe(0);
    expect(as.stats().tokenGrants.authorization_code).toBe(1);
    expect((await engineKit.engine.listTools('demo')).length).toBeGreaterThan(0);
    expect(engineKit.recorded('demo')).not.toContain('a-long-client-secret-for-tests');
    const held = (await engineKit.credentials.load('demo'))?.tokens as { refresh_token: string };
    await engineKit.engine.signOut('demo');
    expect(await engineKit.credentials.load('demo')).toBeUndefined();
    // Revoked (RFC 7009): the authorization server no longer takes the refresh token.
    const { token_endpoint: tokenEndpoint } = await fetchMetadata(as.issuer);
    const refresh = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('monitor-app:a-long-client-secret-for-tests').toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: held.refresh_token }),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.text()).toContain('invalid_grant');
    await engineKit.waitFor('demo', (state) => state.status === 'needs-sign-in' && state.signIn?.reason === 'first-time', 'needs-sign-in after sign-out');
  }, 60_000);
});
