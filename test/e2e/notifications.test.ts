/**
 * Notifications in real Chromium through browser mode, on the embedded demo servers: with the
 * permission granted, a completed build, a failed flaky and a deploy waiting for input each raise
 * exactly one browser notification with the right title; clicking one opens its task; the
 * document title counts the waiting task; a muted server raises none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationsPage, recordNotifications } from './pages/notifications-page.js';
import { startSession, type Session } from './session.js';
import { withStatus } from './wait.js';

/** Longer than the host's burst window (task-notifier.ts BURST_MS): a late duplicate would be here by then. */
const SETTLE_MS = 1_500;

describe('notifications in browser mode', () => {
  let session: Session;
  let notifications: NotificationsPage;

  beforeAll(async () => {
    session = await startSession();
    await session.context.grantPermissions(['notifications'], { origin: new URL(session.app.url).origin });
    await recordNotifications(session.context);
    await session.ui.open(session.app.url);
    notifications = new NotificationsPage(session.page);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
  });

  /** Runs `tool` from the launcher and resolves with its task id once its detail shows. */
  async function run(serverId: string, tool: string, fields: Record<string, string>): Promise<string> {
    await session.ui.show('launcher');
    await session.ui.launcher.run(serverId, tool, fields);
    return session.ui.detail.waitForTask();
  }

  async function titles(): Promise<string[]> {
    return (await notifications.recorded()).map(({ title }) => title);
  }

  it('raises exactly one notification each for completed, failed and waiting for input; a click opens the task', async () => {
    const { page, ui } = session;
    await expect(notifications.status.getAttribute('data-state')).resolves.toBe('on');
    const built = await run('demo-extension', 'build', { durationMs: '500' });
    const failed = await run('demo-extension', 'flaky', { delayMs: '300' });
    await run('demo-extension', 'deploy', { durationMs: '400' });

    await expect.poll(titles, { timeout: 20_000 }).toEqual(expect.arrayContaining(['build completed', 'flaky failed', 'deploy needs your input']));
    await page.waitForTimeout(SETTLE_MS);
    expect((await titles()).sort()).toEqual(['build completed', 'deploy needs your input', 'flaky failed']);
    const bodies = (await notifications.recorded()).map(({ body }) => body);
    expect(bodies).toContain('Demo (tasks extension, 2026-07-28): Flaky build agent lost');
    // The waiting deploy is browser mode's tray count.
    await expect.poll(() => page.title()).toBe('(1) MCP Task Monitor');

    await ui.show('inbox');
    await notifications.click('build completed');
    await expect(ui.detail.waitForTask()).resolves.toBe(built);
    await ui.show('servers');
    await notifications.click('flaky failed');
    await expect(ui.detail.waitForTask()).resolves.toBe(failed);
    // A click is a deep link: the task's address, and Back returns to the screen before it.
    expect(ui.hash()).toBe(`#/tasks/${encodeURIComponent(failed)}`);
    await page.goBack();
    await page.getByTestId('servers-screen').waitFor();
  }, 60_000);

  it('raises nothing for a muted server', async () => {
    const { page, ui } = session;
    await ui.show('servers');
    await ui.servers.open('demo-legacy');
    const toggle = notifications.serverSwitch('demo-legacy');
    await toggle.uncheck();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    const before = (await titles()).length;

    await run('demo-legacy', 'build', { durationMs: '300' });
    await withStatus(ui.detail.badge, 'completed').waitFor();
    await page.waitForTimeout(SETTLE_MS);
    expect(await titles()).toHaveLength(before);
  }, 60_000);
});
