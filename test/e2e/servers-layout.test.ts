/**
 * The Servers screen's layout in Chromium: five servers fit a compact list beside one server's
 * detail (the screen stays under 1,200 px tall at 1280×800), the detail's tabs follow the arrow
 * keys, below 900 px the list and the detail are pages of their own with Back; and, at 900 px,
 * the app header keeps to one row and the inbox's Server filter stays inside its toolbar.
 */
import type { Locator } from 'playwright';
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import { withText } from './wait.js';

/** A name longer than the inbox's toolbar is wide at 900 px, as the filter's option. */
const LONG_NAME = 'Remote builds of the platform team, for the staging cluster in eu-west-1 and the nightly jobs that run there';

/** Three more servers beside the two demo ones: an unreachable HTTP pair and a command that cannot start. */
const EXTRA_SERVERS = [
  { id: 'remote', name: LONG_NAME, transport: 'http', url: 'http://127.0.0.1:9/mcp' },
  { id: 'old-sse', name: 'Old SSE', transport: 'http', url: 'http://127.0.0.1:9/sse', httpTransport: 'sse' },
  { id: 'broken', name: 'Broken', transport: 'stdio', command: process.execPath, args: ['--no-warnings', '--max-old-space-size=64', '/nonexistent.js', '--port', '0'] },
];

const MAX_SCREEN_HEIGHT_PX = 1_200;

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('not laid out');
  return found;
}

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement);
}

describe('the Servers screen and the header, laid out', () => {
  const session = sessionForSuite(EXTRA_SERVERS.flatMap((server) => ['--server', JSON.stringify(server)]));

  it('lists five servers beside the first one\'s detail in under 1,200 px at 1280×800', async () => {
    const { ui, page } = session.current;
    await page.setViewportSize({ width: 1280, height: 800 });
    await ui.show('servers');
    await expect.poll(() => ui.servers.rows.count()).toBe(5);
    // None chosen yet: the first is shown.
    const firstId = (await ui.servers.rows.first().getAttribute('data-server-id'))!;
    await ui.servers.detail(firstId).root.waitFor();
    await withText(ui.servers.row('broken').getByTestId('server-row-transport'), 'stdio').waitFor();
    await withText(ui.servers.row('old-sse').getByTestId('server-row-transport'), 'HTTP+SSE').waitFor();

    const list = await box(page.getByTestId('server-list'));
    const detail = await box(ui.servers.detail(firstId).root);
    expect(detail.x).toBeGreaterThanOrEqual(list.x + list.width);
    const { height } = await box(ui.servers.screen);
    expect(height).toBeLessThan(MAX_SCREEN_HEIGHT_PX);

    // The arguments of a command are one wrapped line, not one line each.
    const broken = await ui.servers.open('broken');
    const args = broken.root.getByTestId('server-arg');
    await expect(args.count()).resolves.toBe(5);
    // Both read from one layout: the screen may still be settling (the server's state changes as
    // it fails), and two separate reads could straddle a re-layout that moves every argument.
    const tops = await args.evaluateAll((elements) => elements.map((element) => (element as unknown as { getBoundingClientRect(): { y: number } }).getBoundingClientRect().y));
    expect(tops[1]).toBe(tops[0]);
    expect((await box(ui.servers.screen)).height).toBeLessThan(MAX_SCREEN_HEIGHT_PX);
  });

  it('moves between the detail\'s tabs with the arrow keys, Home and End', async () => {
    const { ui, page } = session.current;
    const detail = await ui.servers.open('demo-legacy');
    const tab = (key: string) => detail.root.getByTestId(`server-tab-${key}`);
    await tab('settings').focus();
    await page.keyboard.press('ArrowRight');
    await detail.root.getByTestId('server-tabpanel-tools').waitFor();
    await expect(isFocused(tab('tools'))).resolves.toBe(true);
    await withText(detail.root.getByTestId('server-tool').first(), /\w/).waitFor();
    await page.keyboard.press('End');
    await detail.root.getByTestId('server-activity').waitFor();
    await page.keyboard.press('ArrowRight');
    await detail.root.getByTestId('server-tabpanel-settings').waitFor();
    await page.keyboard.press('ArrowLeft');
    await detail.root.getByTestId('server-tabpanel-console').waitFor();
    await page.keyboard.press('Home');
    await detail.root.getByTestId('server-tabpanel-settings').waitFor();
    await expect(tab('settings').getAttribute('aria-selected')).resolves.toBe('true');
    await expect(tab('console').getAttribute('tabindex')).resolves.toBe('-1');
  });

  it('below 900 px shows the list, then the chosen server as a page with Back', async () => {
    const { ui, page } = session.current;
    await page.setViewportSize({ width: 820, height: 700 });
    await ui.show('inbox');
    await ui.show('servers');
    // The server chosen before is shown as its own page, until Back; then the list alone.
    const chosen = ui.servers.detail('demo-legacy').root;
    await chosen.waitFor();
    await expect(page.getByTestId('server-list').isVisible()).resolves.toBe(false);
    await chosen.getByTestId('server-detail-back').click();
    await page.getByTestId('server-list').waitFor();
    await expect(page.getByTestId('server-detail').isVisible()).resolves.toBe(false);
    // Focus is never left on what was hidden: Back returns it to the server's row, a choice to the detail's heading.
    await expect.poll(() => isFocused(ui.servers.row('demo-legacy'))).toBe(true);
    await ui.servers.row('old-sse').press('Enter');
    const oldSse = ui.servers.detail('old-sse').root;
    await withText(oldSse.getByTestId('server-http-transport'), 'HTTP+SSE').waitFor();
    await expect(page.getByTestId('server-list').isVisible()).resolves.toBe(false);
    await expect.poll(() => isFocused(oldSse.getByRole('heading', { level: 2 }))).toBe(true);
  });

  it('keeps the header on one row and the inbox filters inside their toolbar at 900 px', async () => {
    const { ui, page, context, app } = session.current;
    await page.setViewportSize({ width: 900, height: 700 });
    // The longest words the header can hold: notifications blocked by the browser.
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: new URL(app.url).origin, browserContextId: targetInfo.browserContextId });
    await ui.open(app.url);
    await page.getByTestId('notifications-status').waitFor();
    // The inbox's toolbar shows once there is a task to filter.
    await ui.show('launcher');
    await ui.launcher.run('demo-extension', 'build', { durationMs: '200' });
    await ui.detail.waitForTask();
    await ui.show('inbox');
    const header = page.locator('.app__header');
    // One row: every part of the header starts above the point where the first of them ends.
    const parts = await Promise.all((await header.locator(':scope > *').all()).map(async (part) => {
      const { y, height } = await box(part);
      return { top: y, bottom: y + height };
    }));
    expect(parts.length).toBeGreaterThan(2);
    expect(Math.max(...parts.map((part) => part.top))).toBeLessThan(Math.min(...parts.map((part) => part.bottom)));
    await expect(ui.nav('servers').isVisible()).resolves.toBe(true);

    const toolbar = page.locator('.inbox-toolbar');
    const filter = await box(page.getByTestId('inbox-server-filter'));
    const bounds = await box(toolbar);
    expect(filter.x + filter.width).toBeLessThanOrEqual(bounds.x + bounds.width);
    await expect(toolbar.evaluate((element) => {
      const { scrollWidth, clientWidth } = element as unknown as { scrollWidth: number; clientWidth: number };
      return scrollWidth - clientWidth;
    })).resolves.toBeLessThanOrEqual(0);
  });
});
