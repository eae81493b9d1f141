/**
 * Signing in from browser mode, over real HTTP: the real authorization server (oidc-provider, its
 * own login and consent pages), the demo server in `--auth` mode, and the browser-mode server's
 * `/oauth/start` and `/oauth/callback`. Every way to reach the callback without having started
 * the sign-in in this browser is refused before the engine sees it; tokens never reach a page,
 * the socket or the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerView } from '../../shared/ipc/contract.js';
import { BRIDGE_SOCKET_PATH, SIGN_IN_CALLBACK_PATH, SIGN_IN_START_PATH, TOKEN_COOKIE } from '../../shared/ipc/socket-paths.js';
import { defaultDemoServers } from '../../electron/demo-server/default-servers.js';
import { startBrowserServer, type BrowserServer } from '../../electron/serve/browser-server.js';
import { startDemoServer, stopAllDemoServers, type DemoServerProcess } from '../helpers/demo-server-process.js';
import { OAuthTestBrowser } from '../helpers/oauth-test-browser.js';
import { startTestAuthorizationServer, stopAllTestAuthorizationServers, type AuthorizationServer } from '../helpers/oidc-provider.js';
import { RecordingLogger } from '../host/host-harness.js';
import { BridgeClient, send, siteFixture, type Answer } from './serve-fixture.js';

let as: AuthorizationServer;
let demo: DemoServerProcess;
let server: BrowserServer;
let socket: BridgeClient;
let cleanup: () => void;
let tokenCookie: string;
const logger = new RecordingLogger();
/** Every page and redirect the routes answered, to prove no token is in any. */
const answers: Answer[] = [];

beforeAll(async () => {
  as = await startTestAuthorizationServer({ accessTokenTtlSeconds: 300 });
  demo = await startDemoServer({ form: 'extension', transport: 'http', auth: as.issuer });
  const fixture = siteFixture();
  cleanup = fixture.cleanup;
  server = await startBrowserServer({
    dataDir: fixture.dataDir,
    staticRoot: fixture.root,
    defaultServers: defaultDemoServers(),
    logger,
    configuredServers: [{ origin: 'config-file', config: { id: 'remote', name: 'Remote', transport: 'http', url: demo.url! } }],
  });
  tokenCookie = `${TOKEN_COOKIE}=${server.token}`;
  socket = await BridgeClient.open(`ws://127.0.0.1:${server.port}${BRIDGE_SOCKET_PATH}`, { cookie: tokenCookie, origin: `http://127.0.0.1:${server.port}` });
}, 60_000);

afterAll(async () => {
  socket.close();
  await server.close();
  await stopAllDemoServers();
  await stopAllTestAuthorizationServers();
  cleanup();
});

async function request(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const answer = await send(server.port, path, headers, method);
  answers.push(answer);
  return answer;
}

/** The remote server's view once `check` holds for it (from `servers:changed`, or the list now). */
async function remoteWhen(check: (view: ServerView) => boolean): Promise<ServerView> {
  const listed = await socket.invoke('servers:list', {});
  const now = listed.ok ? (listed.value as ServerView[]).find((view) => view.id === 'remote') : undefined;
  if (now !== undefined && check(now)) return now;
  return socket.waitFor((frame) => {
    if (frame.type !== 'event' || frame.channel !== 'servers:changed') return undefined;
    const view = (frame.payload as { servers: ServerView[] }).servers.find((candidate) => candidate.id === 'remote');
    return view !== undefined && check(view) ? view : undefined;
  }, 30_000);
}

/** `/oauth/start` as the page's new tab opens it: the authorization URL and the sign-in cookie it set. */
async function start(): Promise<{ authorizationUrl: string; state: string; signInCookie: string }> {
  const answer = await request(`${SIGN_IN_START_PATH}?server=remote`, { cookie: tokenCookie });
  expect(answer.status, answer.body).toBe(302);
  const setCookie = answer.headers['set-cookie']?.[0] ?? '';
  expect(setCookie).toMatch(/^mtm_sign_in_[0-9a-f]{16}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=\/oauth\/callback; Max-Age=600$/);
  const authorizationUrl = answer.headers.location!;
  expect(authorizationUrl.startsWith(`${as.issuer}/`)).toBe(true);
  return { authorizationUrl, state: new URL(authorizationUrl).searchParams.get('state')!, signInCookie: setCookie.split(';')[0]! };
}

/** The callback as the authorization server would send the browser there. */
function callbackPath(callbackUrl: URL): string {
  expect(callbackUrl.origin).toBe(`http://127.0.0.1:${server.port}`);
  expect(callbackUrl.pathname).toBe(SIGN_IN_CALLBACK_PATH);
  return `${callbackUrl.pathname}${callbackUrl.search}`;
}

describe('browser-mode sign-in', () => {
  it('the server first says Sign-in needed', async () => {
    const view = await remoteWhen((candidate) => candidate.state?.status === 'needs-sign-in');
    expect(view.state?.signIn).toMatchObject({ status: 'needed', reason: 'first-time' });
  });

  it('/oauth/start needs the token cookie, our Host, our Origin when sent, GET and a server it may sign in to', async () => {
    const path = `${SIGN_IN_START_PATH}?server=remote`;
    expect((await request(path)).status).toBe(401);
    expect((await request(path, { cookie: tokenCookie, host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await request(path, { cookie: tokenCookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await request(path, { cookie: tokenCookie }, 'POST')).status).toBe(405);
    expect((await request(SIGN_IN_START_PATH, { cookie: tokenCookie })).status).toBe(400);
    const unknown = await request(`${SIGN_IN_START_PATH}?server=nope`, { cookie: tokenCookie });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('That server is not configured (any more).');
    // None of these started a sign-in.
    expect((await remoteWhen(() => true)).state?.signIn?.status).toBe('needed');
  });

  it('the callback refuses every answer not started from this browser in this launch, before the engine sees it', async () => {
    const { authorizationUrl, state, signInCookie } = await start();
    expect((await remoteWhen((view) => view.state?.signIn?.status === 'signing-in')).state?.signIn?.authorizationUrl).toBe(authorizationUrl);
    const browser = new OAuthTestBrowser();
    const { callbackUrl, pagesShown } = await browser.authorize(authorizationUrl, { deliver: false });
    expect(pagesShown).toEqual(['login', 'consent']);
    expect(callbackUrl.searchParams.get('state')).toBe(state);
    const path = callbackPath(callbackUrl);
    const forged = `${signInCookie.slice(0, signInCookie.indexOf('=') + 1)}${'A'.repeat(43)}`;
    const refusals: [string, string, Record<string, string>, string?][] = [
      ['another Host', path, { host: `rebound.example:${server.port}`, cookie: signInCookie }],
      ['no state', `${SIGN_IN_CALLBACK_PATH}?code=x`, { cookie: signInCookie }],
      ['an unknown state', `${SIGN_IN_CALLBACK_PATH}?code=x&state=not-started-here`, { cookie: signInCookie }],
      ['no sign-in cookie (another browser)', path, {}],
      ['only the token cookie', path, { cookie: tokenCookie }],
      ['a forged sign-in cookie', path, { cookie: forged }],
      ['POST', path, { cookie: signInCookie }, 'POST'],
    ];
    for (const [what, target, headers, method] of refusals) {
      const answer = await request(target, headers, method);
      expect(answer.status, what).toBe(method === 'POST' ? 405 : 403);
    }
    // Still waiting: the engine never took any of them.
    expect((await remoteWhen(() => true)).state?.signIn?.status).toBe('signing-in');

    const done = await request(path, { cookie: signInCookie });
    expect(done.status).toBe(200);
    expect(done.body).toContain('Signed in');
    expect(done.body).toContain('<a href="/">Back to MCP Task Monitor</a>');
    expect(done.headers['set-cookie']?.[0]).toMatch(/^mtm_sign_in_[0-9a-f]{16}=; HttpOnly; SameSite=Lax; Path=\/oauth\/callback; Max-Age=0$/);
    const connected = await remoteWhen((view) => view.state?.status === 'connected');
    expect(connected.state?.signIn).toMatchObject({ status: 'signed-in', issuer: as.issuer });

    // The same answer again (a replayed code) is refused here, and the sign-in stays.
    expect((await request(path, { cookie: signInCookie })).status).toBe(403);
    expect((await remoteWhen(() => true)).state?.status).toBe('connected');
  });

  it('a tool runs on the signed-in server', async () => {
    const tools = await socket.invoke('tools:list', { serverId: 'remote' });
    expect(tools.ok).toBe(true);
    expect((tools as { value: { name: string }[] }).value.length).toBeGreaterThan(0);
  });

  it('a denied consent comes back as a failed sign-in, in words, on the page and the card', async () => {
    await socket.invoke('servers:sign-out', { id: 'remote' });
    await remoteWhen((view) => view.state?.status === 'needs-sign-in');
    const { authorizationUrl, signInCookie } = await start();
    const browser = new OAuthTestBrowser();
    const { callbackUrl } = await browser.authorize(authorizationUrl, { deliver: false, decision: 'deny' });
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    const answer = await request(callbackPath(callbackUrl), { cookie: signInCookie });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('Sign-in failed');
    const failed = await remoteWhen((view) => view.state?.signIn?.reason === 'failed');
    expect(failed.state?.signIn?.error).toMatch(/access_denied|denied/i);
  });

  it('no token, code or secret reaches a page, the socket or the log', () => {
    const seen = JSON.stringify([answers.map(({ body, headers }) => ({ body, location: headers.location })), socket.frames, logger.entries]);
    expect(seen).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/); // a JWT (access token)
    expect(seen).not.toMatch(/refresh_token|access_token"\s*:|client_secret|code_verifier/);
  });
});
