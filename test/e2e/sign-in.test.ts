/**
 * Signing in to a remote server from Chromium in browser mode, through the real authorization
 * server's own login and consent pages (oidc-provider): Sign-in needed → Sign in (a new tab) →
 * the provider's pages → back to the app → Connected, and a task runs across an access token's
 * expiry (refreshed, the task never notices); revoking the grant → Sign-in needed with the task
 * still listed, and it goes on after signing in again; `deploy` → More access needed → Sign in
 * again → deploy runs. No token ever shows in the page.
 */
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PING_INTERVAL_MS } from '../../electron/engine/index.js';
import { startDemoServer, stopAllDemoServers, type DemoServerProcess } from '../helpers/demo-server-process.js';
import { startTestAuthorizationServer, stopAllTestAuthorizationServers, type AuthorizationServer } from '../helpers/oidc-provider.js';
import { startSession, type Session } from './session.js';
import { runTool } from './task-flows.js';
import { withStatus, withText } from './wait.js';

/** Short enough that a task outlives a token, long enough for a page to be filled in. */
const ACCESS_TOKEN_TTL_SECONDS = 4;
const SERVER_ID = 'remote';

let as: AuthorizationServer;
let demo: DemoServerProcess;
let session: Session;

beforeAll(async () => {
  as = await startTestAuthorizationServer({ accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS });
  demo = await startDemoServer({ form: 'extension', transport: 'http', auth: as.issuer });
  session = await startSession(['--server', JSON.stringify({ id: SERVER_ID, name: 'Remote (sign-in)', transport: 'http', url: demo.url })]);
}, 90_000);

afterAll(async () => {
  await session?.close();
  await stopAllDemoServers();
  await stopAllTestAuthorizationServers();
});

const card = () => session.ui.servers.detail(SERVER_ID);
const panel = () => card().root.getByTestId('server-sign-in-panel');

/** The Servers screen with the protected server's detail, on its Settings tab. */
async function showServer(): Promise<void> {
  await session.ui.show('servers');
  await session.ui.servers.open(SERVER_ID);
}

/**
 * Presses Sign in (or Sign in again) on the card, answers the provider's pages in the tab it
 * opens (login only when the provider has no session yet) and follows the link back to the app.
 */
async function signInThroughProvider(label: RegExp): Promise<void> {
  const { context } = session;
  const opened = context.waitForEvent('page');
  await withText(panel().getByTestId('server-sign-in'), label).click();
  const tab: Page = await opened;
  await tab.waitForLoadState();
  for (let step = 0; step < 4 && new URL(tab.url()).origin === as.issuer; step += 1) {
    const login = tab.locator('input[name="login"]');
    if (await login.count() > 0) {
      await login.fill('demo-user');
      await tab.locator('input[name="password"]').fill('any password');
    }
    const shown = tab.url();
    await tab.locator('button[type="submit"]').first().click();
    await tab.waitForURL((url) => url.href !== shown);
    await tab.waitForLoadState();
  }
  expect(new URL(tab.url()).pathname).toBe('/oauth/callback');
  await withText(tab.locator('h1'), 'Signed in').waitFor();
  expect(await tab.content()).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  await tab.getByRole('link', { name: 'Back to MCP Task Monitor' }).click();
  await tab.waitForURL((url) => url.pathname === '/');
  await tab.close();
}

describe('sign-in in browser mode, through the provider\'s own pages', () => {
  it('a server that needs sign-in says so, and signing in connects it', async () => {
    await showServer();
    await withStatus(card().state, 'needs-sign-in').waitFor();
    await withText(panel(), 'This server asks you to sign in').waitFor();
    await signInThroughProvider(/^Sign in$/);
    await withStatus(card().state, 'connected').waitFor({ timeout: 30_000 });
    await withText(panel().getByTestId('server-sign-in-headline'), `Signed in at ${as.issuer}`).waitFor();
    await withText(panel().getByTestId('server-sign-in-keeping'), 'lasts for this session only').waitFor();
  });

  it('a task runs across the access token\'s expiry: refreshed, the task never notices', async () => {
    const { ui } = session;
    const before = as.stats().tokenGrants.refresh_token ?? 0;
    // A pushed task may send nothing for a while: the task outlives a token (issued up to a TTL
    // before it starts) by a whole ping interval, so a request is certain to meet an expired one.
    const durationMs = PING_INTERVAL_MS + ACCESS_TOKEN_TTL_SECONDS * 2_000;
    const taskId = await runTool(ui, SERVER_ID, 'build', { durationMs: String(durationMs) });
    await withStatus(ui.detail.badge, 'completed').waitFor({ timeout: durationMs + 30_000 });
    expect(as.stats().tokenGrants.refresh_token ?? 0).toBeGreaterThan(before);
    await ui.show('inbox');
    await withStatus(ui.inbox.row(taskId).root, 'completed').waitFor();
  }, 90_000);

  it('revoking the grant: Sign-in needed, the task waits in the list, and goes on after signing in again', async () => {
    const { ui, page } = session;
    const taskId = await runTool(ui, SERVER_ID, 'build', { durationMs: '20000' });
    as.revokeAll();
    await showServer();
    await withStatus(card().state, 'needs-sign-in').waitFor({ timeout: 40_000 });
    await withText(panel().getByTestId('server-sign-in-detail'), 'no longer accepts the saved sign-in').waitFor();
    await ui.show('inbox');
    await ui.inbox.row(taskId).root.waitFor();
    await showServer();
    await signInThroughProvider(/^Sign in again$/);
    await withStatus(card().state, 'connected').waitFor({ timeout: 30_000 });
    await ui.show('inbox');
    await withStatus(ui.inbox.row(taskId).root, 'completed').waitFor({ timeout: 60_000 });
    expect(await page.content()).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  });

  it('deploy needs more access: More access needed → Sign in again → deploy runs', async () => {
    const { ui } = session;
    await ui.show('launcher');
    await ui.launcher.run(SERVER_ID, 'deploy');
    await showServer();
    await withText(panel().getByTestId('server-sign-in-headline'), /^More access needed: .*deploy/).waitFor();
    await withStatus(card().state, 'connected').waitFor();
    await signInThroughProvider(/^Sign in again$/);
    await withText(panel().getByTestId('server-sign-in-headline'), 'Signed in').waitFor({ timeout: 30_000 });
    const taskId = await runTool(ui, SERVER_ID, 'deploy');
    await ui.show('inbox');
    await ui.inbox.row(taskId).root.waitFor();
    await withStatus(ui.inbox.row(taskId).root, 'input-required').waitFor({ timeout: 20_000 });
  });
});
