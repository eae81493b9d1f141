/**
 * Who the app is to the authorization server — a Client ID Metadata Document where it is
 * supported, a client id the user configured, else Dynamic Client Registration — and the app
 * redirect of browser mode (`completeSignIn`), against the fixture authorization server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpRequestError, type EngineOptions } from '../../../electron/engine/index.js';
import type { ServerConfig } from '../../../shared/server-config.js';
import { startDemoServer, stopAllDemoServers, type DemoServerProcess } from '../../helpers/demo-server-process.js';
import type { HostileAuthorizationServer } from './hostile-authorization-server.js';
import { startFixtureWorld, type SignInEngine } from './sign-in-fixture.js';

let demo: DemoServerProcess;
beforeAll(async () => {
  demo = await startDemoServer({ form: 'extension', transport: 'http' });
});
afterAll(stopAllDemoServers);

let as: HostileAuthorizationServer;
let kit: SignInEngine;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function setUp(engineOptions: EngineOptions = {}, config: Partial<Extract<ServerConfig, { transport: 'http' }>> = {}): Promise<void> {
  const world = await startFixtureWorld(demo.url!, {
    engineOptions,
    config,
    otherServers: [{ id: 'local', name: 'Local', transport: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] }],
  });
  ({ as, kit } = world);
  cleanups.push(() => world.close());
  await kit.waitFor('srv', (state) => state.status === 'needs-sign-in', 'needs-sign-in');
}

const CLIENT_DOCUMENT = 'https://monitor.example/oauth/client.json';

describe('the client the app signs in as', () => {
  it('is its Client ID Metadata Document where the authorization server supports them: nothing is registered', async () => {
    await setUp({ signIn: { clientMetadataUrl: CLIENT_DOCUMENT } });
    as.misbehave.add('client-id-metadata-documents');
    const { authorizationUrl } = await kit.engine.signIn('srv');
    expect(new URL(authorizationUrl!).searchParams.get('client_id')).toBe(CLIENT_DOCUMENT);
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected');
    expect(as.requests.some((request) => request.path === '/register')).toBe(false);
    expect(new URLSearchParams(as.requests.find((request) => request.path === '/token')!.body).get('client_id')).toBe(CLIENT_DOCUMENT);
  });

  it('is registered (RFC 7591) where the authorization server does not support the document', async () => {
    await setUp({ signIn: { clientMetadataUrl: CLIENT_DOCUMENT, clientName: 'Monitor Test' } });
    const { authorizationUrl } = await kit.engine.signIn('srv');
    expect(new URL(authorizationUrl!).searchParams.get('client_id')).toMatch(/^fixture-client-/);
    const registration = JSON.parse(as.requests.find((request) => request.path === '/register')!.body) as Record<string, unknown>;
    expect(registration.client_name).toBe('Monitor Test');
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected');
  });

  it('is the client id the user configured: nothing is registered', async () => {
    await setUp({}, { oauth: { clientId: 'configured-client', scope: 'mcp deploy' } });
    const { authorizationUrl } = await kit.engine.signIn('srv');
    const query = new URL(authorizationUrl!).searchParams;
    expect(query.get('client_id')).toBe('configured-client');
    // The challenge's scope comes first; the configured one is for a server that names none.
    expect(query.get('scope')).toBe('mcp');
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected');
    expect(as.requests.some((request) => request.path === '/register')).toBe(false);
  });
});

describe('signIn', () => {
  it('refuses a stdio server and an unknown one', async () => {
    await setUp();
    await expect(kit.engine.signIn('local')).rejects.toThrow(/runs over stdio: it has no sign-in/);
    await expect(kit.engine.signIn('nope')).rejects.toThrow(/Unknown server nope/);
    await expect(kit.engine.signOut('local')).rejects.toBeInstanceOf(McpRequestError);
  });

  it('resolves with nothing to open when the held sign-in suffices', async () => {
    await setUp();
    await kit.engine.signIn('srv');
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected');
    expect(await kit.engine.signIn('srv')).toEqual({});
    expect(kit.opened).toHaveLength(1);
  });
});

describe('the app redirect (browser mode)', () => {
  const callbackUrl = 'http://127.0.0.1:9/oauth/callback';

  it('signs in through completeSignIn with the callback\'s query; a used or unknown state is refused', async () => {
    await setUp({ signIn: { redirect: { kind: 'app', callbackUrl }, openAuthorizationUrl: undefined } });
    const { authorizationUrl } = await kit.engine.signIn('srv');
    expect(kit.opened).toEqual([]);
    expect(kit.state('srv').signIn).toMatchObject({ status: 'signing-in', authorizationUrl });
    expect(new URL(authorizationUrl!).searchParams.get('redirect_uri')).toBe(callbackUrl);
    const registration = JSON.parse(as.requests.find((request) => request.path === '/register')!.body) as Record<string, unknown>;
    expect(registration).toMatchObject({ redirect_uris: [callbackUrl], application_type: 'web' });
    // The page follows the authorization server back to the host's callback route.
    const answer = await fetch(authorizationUrl!, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(callbackUrl);
    await expect(kit.engine.completeSignIn(new URLSearchParams({ code: 'x', state: 'forged' }))).rejects.toThrow(/not for a sign-in under way/);
    expect(await kit.engine.completeSignIn(callback.searchParams)).toEqual({ serverId: 'srv' });
    await kit.waitFor('srv', (state) => state.status === 'connected', 'connected');
    await expect(kit.engine.completeSignIn(callback.searchParams)).rejects.toThrow(/not for a sign-in under way/);
  });

  it('rejects an error answer with the authorization server\'s words', async () => {
    await setUp({ signIn: { redirect: { kind: 'app', callbackUrl }, openAuthorizationUrl: undefined } });
    const { authorizationUrl } = await kit.engine.signIn('srv');
    const state = new URL(authorizationUrl!).searchParams.get('state')!;
    await expect(kit.engine.completeSignIn(new URLSearchParams({ state, error: 'access_denied' }))).rejects.toThrow('The authorization server answered: access_denied.');
    expect(kit.state('srv').signIn).toMatchObject({ status: 'needed', reason: 'failed', error: 'The authorization server answered: access_denied.' });
  });
});
