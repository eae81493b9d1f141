/**
 * `npm run screenshots`: browser mode on a temp data folder with the embedded demo servers;
 * through the UI's launcher it runs a short `build` (completes), a long `build` (still working),
 * a `flaky` build (fails), a `deploy` and a `summarize_changes` (both wait for input), then saves
 * 1280×800 PNGs of the inbox and of the completed build's detail, in the light theme and the
 * dark one, of the needs-input queue with the sampling request open, of the Servers list beside a
 * server's settings, of a server's console and protocol log with a message expanded, and of the completed build's activity (its protocol
 * exchange, a line expanded), and of a server that needs sign-in (the demo sign-in server, signed
 * in through its provider's pages, asking for more access for `deploy`):
 *   docs/screenshots/inbox.png, task-detail.png, inbox-dark.png, task-detail-dark.png, needs-input.png,
 *   servers.png, server-console.png, task-activity.png, sign-in.png
 * Exits non-zero when something fails; everything it started is stopped either way.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { startDemoSignIn } from '../../../electron/demo-server/auth/demo-sign-in.js';
import { defaultDemoServers } from '../../../electron/demo-server/default-servers.js';
import { createConsoleLogger } from '../../../electron/node/console-logger.js';
import { startBrowserServer } from '../../../electron/serve/browser-server.js';
import { launchChromium } from '../../e2e/browser.js';
import { REPO_ROOT, buildRenderer, runProgram, type Cleanup } from './harness.js';

const OUT_DIR = join(REPO_ROOT, 'docs', 'screenshots');
const MAX_PNG_BYTES = 300 * 1024;

async function runTool(page: Page, serverId: string, toolName: string, fields: Readonly<Record<string, string>>): Promise<void> {
  await page.getByTestId('nav-launcher').click();
  await page.getByTestId('launcher-server').selectOption(serverId, { timeout: 30_000 });
  try {
    await page.getByTestId('launcher-tool').selectOption(toolName, { timeout: 30_000 });
  } catch (error) {
    await page.screenshot({ path: join(tmpdir(), 'mtm-screenshots-failure.png') });
    throw error;
  }
  for (const [name, value] of Object.entries(fields)) await page.getByTestId(`launcher-field-${name}`).fill(value);
  await page.getByTestId('launcher-run').click();
  // A call that creates a task opens the task's detail.
  await page.getByTestId('task-detail').waitFor({ timeout: 30_000 });
}

const row = (page: Page, toolName: string, status: string) =>
  page.locator(`[data-testid="task-row"][data-status="${status}"]`).filter({ hasText: toolName }).first();

async function shoot(page: Page, name: string): Promise<void> {
  const path = join(OUT_DIR, name);
  // Let transitions and relative times settle on one frame.
  await page.evaluate(() => new Promise((resolve) => {
    const frame = (globalThis as unknown as { requestAnimationFrame: (callback: () => void) => number }).requestAnimationFrame;
    frame(() => frame(() => resolve(undefined)));
  }));
  await page.screenshot({ path, type: 'png', animations: 'disabled', caret: 'hide' });
  const bytes = statSync(path).size;
  console.log(`${path} (${Math.round(bytes / 1024)} KB)`);
  if (bytes > MAX_PNG_BYTES) throw new Error(`${name} is ${bytes} bytes, over ${MAX_PNG_BYTES}`);
}

/**
 * The demo sign-in server, added through the form last (so the shots above stay as they were):
 * signed in through the demo authorization server's own login and consent pages in a new tab,
 * then `deploy` asks for more access; the card says so with Sign in again.
 */
async function shootSignIn(page: Page, cleanup: Cleanup): Promise<void> {
  const demo = await startDemoSignIn();
  cleanup.add('stop the demo sign-in', () => demo.close());
  await page.getByTestId('nav-servers').click();
  await page.getByTestId('server-add').click();
  await page.getByTestId('server-form-http').check();
  await page.getByTestId('server-form-name').fill('Remote build service');
  await page.getByTestId('server-form-url').fill(demo.url);
  await page.getByTestId('server-form-save').click();
  // Saving shows the added server's detail.
  const card = page.locator('[data-testid="server-detail"]').filter({ hasText: 'Remote build service' });
  const signIn = card.getByTestId('server-sign-in');
  await signIn.waitFor({ timeout: 30_000 });
  const opened = page.context().waitForEvent('page');
  await signIn.click();
  const tab = await opened;
  await tab.locator('input[name="login"]').fill('demo-user', { timeout: 30_000 });
  await tab.locator('input[name="password"]').fill('any password');
  await tab.locator('button[type="submit"]').first().click();
  await tab.getByRole('button', { name: 'Continue' }).click({ timeout: 30_000 });
  await tab.getByRole('link', { name: 'Back to MCP Task Monitor' }).waitFor({ timeout: 30_000 });
  await tab.close();
  const serverId = await card.getAttribute('data-server-id');
  if (serverId === null) throw new Error('the added server has no id');
  await card.locator('[data-testid="server-state"][data-status="connected"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('nav-launcher').click();
  await page.getByTestId('launcher-server').selectOption(serverId, { timeout: 30_000 });
  await page.getByTestId('launcher-tool').selectOption('deploy', { timeout: 30_000 });
  await page.getByTestId('launcher-run').click();
  await page.getByTestId('nav-servers').click();
  await card.getByTestId('server-sign-in-headline').filter({ hasText: 'More access needed' }).waitFor({ timeout: 30_000 });
  await card.evaluate((element) => {
    (element as unknown as { scrollIntoView: (options: object) => void }).scrollIntoView({ block: 'start' });
    (globalThis as unknown as { scrollBy: (x: number, y: number) => void }).scrollBy(0, -70);
  });
  await shoot(page, 'sign-in.png');
}

async function main(cleanup: Cleanup): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'mtm-screenshots-'));
  cleanup.add('remove temp folder', () => rmSync(root, { recursive: true, force: true }));
  mkdirSync(OUT_DIR, { recursive: true });

  process.stderr.write('building the renderer…\n');
  buildRenderer();
  // No servers.json: the host seeds the two embedded demo servers, as on a first start.
  const server = await startBrowserServer({ dataDir: join(root, 'data'), defaultServers: defaultDemoServers(), logger: createConsoleLogger('warn') });
  cleanup.add('stop browser mode', () => server.close());

  const browser = await launchChromium();
  cleanup.add('close Chromium', () => browser.close());
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: 'light', reducedMotion: 'reduce' });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(server.url);
  // The demo servers start under tsx (a few seconds); a launcher opened before a server is
  // connected shows "Could not list the tools" and does not retry on its own when it connects.
  await page.getByTestId('nav-servers').click();
  await page.locator('[data-testid="server-row-state"][data-status="connected"]').nth(1).waitFor({ timeout: 60_000 });

  await runTool(page, 'demo-extension', 'build', { durationMs: '1500', project: 'web-app' });
  await runTool(page, 'demo-legacy', 'build', { durationMs: '600000', project: 'api-server' });
  await runTool(page, 'demo-extension', 'flaky', { delayMs: '500' });
  await runTool(page, 'demo-extension', 'deploy', {});
  await runTool(page, 'demo-legacy', 'summarize_changes', {});

  await page.getByTestId('nav-inbox').click();
  await row(page, 'build', 'completed').waitFor({ timeout: 30_000 });
  await row(page, 'flaky', 'failed').waitFor({ timeout: 30_000 });
  await row(page, 'build', 'working').waitFor({ timeout: 30_000 });
  await row(page, 'deploy', 'input-required').waitFor({ timeout: 30_000 });

  await shoot(page, 'inbox.png');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'inbox-dark.png');
  await page.emulateMedia({ colorScheme: 'light' });

  await row(page, 'build', 'completed').click();
  await page.getByText('web-app').first().waitFor({ timeout: 30_000 });
  await shoot(page, 'task-detail.png');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'task-detail-dark.png');
  await page.emulateMedia({ colorScheme: 'light' });

  // A running build beside the list: its progress and live status message.
  await row(page, 'build', 'working').click();
  await page.getByTestId('task-detail').getByText('api-server').first().waitFor({ timeout: 30_000 });
  await shoot(page, 'task-progress.png');

  await page.getByTestId('nav-needs-input').click();
  await page.getByTestId('input-sampling').waitFor({ timeout: 30_000 });
  // The sampling question's card from its header (who asks) down, clear of the sticky navigation.
  await page.locator('[data-testid="input-card"]', { has: page.getByTestId('input-sampling') }).evaluate((item) => {
    const scope = globalThis as unknown as { scrollBy: (x: number, y: number) => void };
    (item as unknown as { scrollIntoView: (options: object) => void }).scrollIntoView({ block: 'start' });
    scope.scrollBy(0, -70);
  });
  await shoot(page, 'needs-input.png');

  await page.getByTestId('nav-servers').click();
  await page.locator('[data-testid="server-row"][data-server-id="demo-legacy"]').click();
  const card = page.locator('[data-testid="server-detail"][data-server-id="demo-legacy"]');
  await card.getByTestId('server-tab-settings').click();
  await card.getByTestId('server-state').waitFor({ timeout: 30_000 });
  await shoot(page, 'servers.png');
  await card.getByTestId('server-tab-console').click();
  await card.getByTestId('console-line').first().waitFor({ timeout: 30_000 });
  const message = card.getByTestId('protocol-line').first();
  await message.locator('summary').click();
  await card.getByTestId('server-activity').evaluate((panel) => {
    (panel as unknown as { scrollIntoView: (options: object) => void }).scrollIntoView({ block: 'start' });
    (globalThis as unknown as { scrollBy: (x: number, y: number) => void }).scrollBy(0, -70);
  });
  await shoot(page, 'server-console.png');

  await page.getByTestId('nav-inbox').click();
  await row(page, 'build', 'completed').click();
  const activity = page.getByTestId('task-activity');
  await activity.getByTestId('exchange-line').first().waitFor({ timeout: 30_000 });
  await activity.getByTestId('exchange-line').first().locator('summary').click();
  await activity.evaluate((section) => {
    (section as unknown as { scrollIntoView: (options: object) => void }).scrollIntoView({ block: 'start' });
    (globalThis as unknown as { scrollBy: (x: number, y: number) => void }).scrollBy(0, -70);
  });
  await shoot(page, 'task-activity.png');

  await shootSignIn(page, cleanup);

  if (pageErrors.length > 0) throw new Error(`the page reported errors: ${pageErrors.join(' | ')}`);
}

runProgram(main);
