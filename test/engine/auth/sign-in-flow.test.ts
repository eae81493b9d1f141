/**
 * Signing in to a protected HTTP server against a fixture authorization server that behaves (the
 * flow's wire facts: PKCE S256, `resource`, registration metadata, `state`) and then misbehaves
 * one way at a time: each misbehaviour ends the sign-in with a clear `signIn.error` in the
 * server's state, and no code, verifier or token reaches a host it does not belong to, nor
 * anything the app records.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpRequestError } from '../../../electron/engine/index.js';
import { startDemoServer, stopAllDemoServers, type DemoServerProcess } from '../../helpers/demo-server-process.js';
import { type HostileAuthorizationServer, type Misbehaviour } from './hostile-authorization-server.js';
import type { ProtectedResource } from './protected-resource.js';
import { followToCallback, startFixtureWorld, type SignInEngine } from './sign-in-fixture.js';

let demo: DemoServerProcess;
beforeAll(async () => {
  demo = await startDemoServer({ form: 'extension', transport: 'http' });
});
afterAll(stopAllDemoServers);

let as: HostileAuthorizationServer;
let resource: ProtectedResource;
let kit: SignInEngine;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function setUp(options: { misbehave?: Misbehaviour[]; resourceName?: string } = {}): Promise<void> {
  const world = await startFixtureWorld(demo.url!, { ...options, guardedTools: { deploy: 'deploy' } });
  ({ as, resource, kit } = world);
  cleanups.push(() => world.close());
}

/** Nothing the app shows or logs holds a code or token the fixture issued. */
function expectNoSecretsRecorded(): void {
  const recorded = kit.recorded('srv');
  for (const secret of as.issuedSecrets) expect(recorded).not.toContain(secret);
}

async function waitNeedsSignIn(): Promise<void> {
  await kit.waitFor('srv', (state) => state.status === 'needs-sign-in', 'needs-sign-in');
}

async function signInFails(): Promise<string> {
  await waitNeedsSignIn();
  const error = await kit.engine.signIn('srv').then(() => undefined, (caught: unknown) => caught);
  const state = await kit.waitFor('srv', (current) => current.signIn?.reason === 'failed', 'a failed sign-in');
  expect(error).toBeInstanceOf(McpRequestError);
  expect((error as McpRequestError).localFailure).toBe('sign-in-needed');
  expect(state.status).toBe('needs-sign-in');
  expectNoSecretsRecorded();
  return state.signIn?.error ?? '';
}

describe('a server that needs sign-in', () => {
  it('waits in needs-sign-in on its first 401: no registration, no browser, no retries', async () => {
    await setUp();
    const state = await kit.waitFor('srv', (current) => current.status === 'needs-sign-in', 'needs-sign-in');
    expect(state.signIn).toMatchObject({ status: 'needed', reason: 'first-time', scope: 'mcp' });
    expect(state.nextRetryAt).toBeUndefined();
    const attempts = resource.unauthorized();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(resource.unauthorized()).toBe(attempts);
    expect(as.requests).toEqual([]);
    expect(kit.opened).toEqual([]);
    expect(kit.engine.serverConsole('srv').map((entry) => entry.text)).toContain('Sign-in needed: the server answered 401.');
  });

  it('signs in with PKCE S256, the resource, a registered native client and a fresh state, then connects', async () => {
    await setUp();
    await waitNeedsSignIn();
    const { authorizationUrl } = await kit.engine.signIn('srv');
    expect(authorizationUrl).toBeDefined();
    expect(kit.opened).toEqual([authorizationUrl]);
    const connected = await kit.waitFor('srv', (state) => state.status === 'connected', 'connected after sign-in');
    expect(connected.signIn).toMatchObject({ status: 'signed-in', issuer: as.issuer, scope: 'mcp' });
    expect(connected.signIn?.expiresAt).toBeGreaterThan(Date.now());

    const registration = JSON.parse(as.requests.find((request) => request.path === '/register')!.body) as Record<string, unknown>;
    expect(registration).toMatchObject({
      client_name: 'MCP Task Monitor',
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    });
    expect(registration.redirect_uris).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)]);
    const query = new URL(authorizationUrl!).searchParams;
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('resource')).toBe(resource.url);
    expect(query.get('scope')).toBe('mcp');
    expect(query.get('state')).toMatch(/^[\w-]{40,}$/);
    const token = new URLSearchParams(as.requests.find((request) => request.path === '/token')!.body);
    expect(token.get('resource')).toBe(resource.url);
    expect(createHash('sha256').update(token.get('code_verifier')!).digest('base64url')).toBe(query.get('code_challenge'));
    expect(resource.authorizations.at(-1)).toMatch(/^Bearer fixture-access-/);

    const tools = await kit.engine.listTools('srv');
    expect(tools.map((tool) => tool.name)).toContain('build');
    // The page told the user they can go back to the app, and said nothing of the answer.
    const page = await (kit.lastBrowse as Promise<{ status: number; body: string }>);
    expect(page.status).toBe(200);
    expect(page.body).toContain('You can close this tab');
    expect(page.body).not.toContain('fixture-code');

    // Another sign-in (after signing out) has another state.
    await kit.engine.signOut('srv');
    expect(as.requests.some((request) => request.path === '/revoke')).toBe(true);
    const out = await kit.waitFor('srv', (state) => state.status === 'needs-sign-in', 'needs-sign-in after sign-out');
    expect(out.signIn).toEqual({ status: 'needed', reason: 'first-time' });
    expect(await kit.credentials.load('srv')).toBeUndefined();
    const again = await kit.engine.signIn('srv');
    expect(new URL(again.authorizationUrl!).searchParams.get('state')).not.toBe(query.get('state'));
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected after the second sign-in');
    expectNoSecretsRecorded();
  });

  it('restarts cleanly when signIn is called while signing in: the first page\'s answer is refused', async () => {
    await setUp();
    await waitNeedsSignIn();
    const held: string[] = [];
    kit.browse = (url) => {
      held.push(url);
      return Promise.resolve();
    };
    await kit.engine.signIn('srv');
    await kit.engine.signIn('srv');
    expect(held).toHaveLength(2);
    // The first sign-in's receiver is closed: its answer goes nowhere.
    await expect(followToCallback(held[0]!)).rejects.toThrow();
    const second = await followToCallback(held[1]!);
    expect(second.status).toBe(200);
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected after the second sign-in');
  });

  it('keeps waiting after an answer with the wrong state (400 "not this sign-in"), and takes the right one', async () => {
    await setUp();
    await waitNeedsSignIn();
    let url = '';
    kit.browse = (opened) => {
      url = opened;
      return Promise.resolve();
    };
    await kit.engine.signIn('srv');
    const answer = await fetch(url, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location')!);
    callback.searchParams.set('state', 'forged-state');
    const wrong = await fetch(callback);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('not this sign-in');
    expect(kit.state('srv').signIn?.status).toBe('signing-in');
    expect(as.requests.filter((request) => request.path === '/token')).toHaveLength(0);
    const right = await followToCallback(url);
    expect(right.status).toBe(200);
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected');
    // The receiver took that one answer and closed.
    await expect(fetch(right.callback)).rejects.toThrow();
  });

  it('fails with the authorization server\'s cleaned words on an error answer', async () => {
    await setUp();
    await waitNeedsSignIn();
    kit.browse = async (url) => {
      const callback = new URL(new URL(url).searchParams.get('redirect_uri')!);
      callback.searchParams.set('state', new URL(url).searchParams.get('state')!);
      callback.searchParams.set('error', 'access_denied');
      callback.searchParams.set('error_description', 'The user said no\u001b[31m\u202e');
      return fetch(callback);
    };
    await kit.engine.signIn('srv');
    const state = await kit.waitFor('srv', (current) => current.signIn?.reason === 'failed', 'a failed sign-in');
    expect(state.signIn?.error).toBe('The authorization server answered: access_denied (The user said no).');
  });

  it('fails on a replayed code: the authorization server refuses it', async () => {
    await setUp({ misbehave: ['same-code-always'] });
    await waitNeedsSignIn();
    await kit.engine.signIn('srv');
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected');
    await kit.engine.signOut('srv');
    await kit.engine.signIn('srv');
    const state = await kit.waitFor('srv', (current) => current.signIn?.reason === 'failed', 'a failed sign-in');
    expect(state.signIn?.error).toContain('invalid_grant');
    expect(state.signIn?.error).toContain('authorization code already used');
    expectNoSecretsRecorded();
  });
});

describe('a misbehaving authorization server', () => {
  it('metadata for another issuer: refused before registering or opening anything', async () => {
    await setUp({ misbehave: ['foreign-issuer'] });
    expect(await signInFails()).toContain('names another issuer (https://issuer.example.org');
    expect(as.requests.some((request) => request.path === '/register')).toBe(false);
    expect(kit.opened).toEqual([]);
  });

  it('resource metadata naming another resource: refused', async () => {
    await setUp({ resourceName: 'https://other-resource.example/mcp' });
    expect(await signInFails()).toContain('names another resource');
    expect(as.requests.some((request) => request.path === '/register')).toBe(false);
    expect(kit.opened).toEqual([]);
  });

  it('an authorization endpoint on plain http to another host: not opened', async () => {
    await setUp({ misbehave: ['insecure-authorization-endpoint'] });
    expect(await signInFails()).toContain('is not https; not opened');
    expect(kit.opened).toEqual([]);
  });

  it('an authorization endpoint that is not a web address: not opened', async () => {
    await setUp({ misbehave: ['script-authorization-endpoint'] });
    expect(await signInFails()).toMatch(/^An answer from the authorization server is malformed \(authorization_endpoint: URL cannot use javascript:/);
    expect(kit.opened).toEqual([]);
  });

  it('discovery redirected to a foreign host: not followed', async () => {
    await setUp({ misbehave: ['metadata-redirects-away'] });
    expect(await signInFails()).toContain('a redirect to another host is not followed');
    expect(as.foreign.requests).toEqual([]);
    expect(kit.opened).toEqual([]);
  });

  it('the token endpoint redirecting to a foreign host: the code and verifier never reach it', async () => {
    await setUp({ misbehave: ['token-redirects-away'] });
    await waitNeedsSignIn();
    await kit.engine.signIn('srv');
    const state = await kit.waitFor('srv', (current) => current.signIn?.reason === 'failed', 'a failed sign-in');
    expect(state.signIn?.error).toContain('a redirect to another host is not followed');
    expect(as.foreign.requests).toEqual([]);
    expectNoSecretsRecorded();
  });

  it('a token endpoint on plain http to another host: refused before the page opens', async () => {
    await setUp({ misbehave: ['insecure-token-endpoint'] });
    expect(await signInFails()).toBe('The authorization server\'s token endpoint http://tokens.example.net/token is not https; not signing in.');
    expect(kit.opened).toEqual([]);
  });

  it('oversized metadata: not read past the cap', async () => {
    await setUp({ misbehave: ['oversized-metadata'] });
    expect(await signInFails()).toContain('sent more than 1024 KiB');
  });
});
