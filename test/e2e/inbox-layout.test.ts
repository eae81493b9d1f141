/**
 * The inbox's layout and keys in Chromium: at 1280×800 list and detail side by side with a
 * splitter that the keyboard resizes and that is remembered; at 900×700 the open task is a page
 * of its own. The keys: j/k move, Enter opens, Esc closes, "/" searches, "c" asks to cancel, "?"
 * lists the keys; the list is one Tab stop.
 */
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import { runTool } from './task-flows.js';

const WIDE = { width: 1280, height: 800 } as const;
const NARROW = { width: 900, height: 700 } as const;

/** The few DOM members a row's measurement reads (these tests are type-checked without the DOM library). */
interface Measured {
  scrollWidth: number;
  clientWidth: number;
  offsetParent: unknown;
  getBoundingClientRect(): { right: number };
  querySelector(selector: string): Measured | null;
}

async function box(page: Page, testId: string) {
  const found = await page.getByTestId(testId).first().boundingBox();
  if (found === null) throw new Error(`${testId} is not laid out`);
  return found;
}

describe('the inbox layout and keys in browser mode', () => {
  const session = sessionForSuite();
  const ids: string[] = [];

  it('at 1280×800: list left, the open task right, a resizable splitter between them that is remembered', async () => {
    const { ui, page } = session.current;
    await page.setViewportSize(WIDE);
    // Two long builds: running, and cancellable, for the whole suite.
    ids.push(await runTool(ui, 'demo-extension', 'build', { durationMs: '600000' }));
    ids.push(await runTool(ui, 'demo-extension', 'build', { durationMs: '600000' }));
    await ui.inbox.layout.waitFor();
    await ui.inbox.screen.waitFor();
    await expect(ui.detail.root.locator('h2#task-title').count()).resolves.toBe(1);
    await expect(ui.detail.root.getByTestId('task-back').count()).resolves.toBe(0);

    const list = await box(page, 'inbox-screen');
    const detail = await box(page, 'inbox-detail-pane');
    expect(list.x + list.width).toBeLessThanOrEqual(detail.x);
    expect(Math.abs(list.y - detail.y)).toBeLessThan(2);
    expect(detail.x + detail.width).toBeLessThanOrEqual(WIDE.width);
    // Nothing scrolls sideways.
    await expect(ui.contentWidth()).resolves.toBeLessThanOrEqual(WIDE.width);

    const before = Number(await ui.inbox.splitter.getAttribute('aria-valuenow'));
    await ui.inbox.splitter.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(Number(await ui.inbox.splitter.getAttribute('aria-valuenow'))).toBe(before + 4);
    await expect.poll(async () => (await box(page, 'inbox-screen')).width).toBeGreaterThan(list.width + 30);

    // Dragged with the pointer to the middle.
    const splitter = await box(page, 'inbox-splitter');
    await page.mouse.move(splitter.x + splitter.width / 2, splitter.y + 50);
    await page.mouse.down();
    await page.mouse.move(WIDE.width / 2, splitter.y + 50, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await ui.inbox.splitter.getAttribute('aria-valuenow'))).toBe(50);

    await page.reload();
    await ui.detail.waitForTask();
    expect(Number(await ui.inbox.splitter.getAttribute('aria-valuenow'))).toBe(50);
  });

  it('j/k move in the list, Enter opens, Esc closes and focus returns to the row; the list is one Tab stop', async () => {
    const { ui, page } = session.current;
    await page.setViewportSize(WIDE);
    await ui.show('inbox');
    await ui.inbox.noSelection.waitFor();
    await expect(ui.inbox.rows.locator('button[tabindex="0"]').count()).resolves.toBe(1);

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    const first = await ui.inbox.focusedRow.getAttribute('data-task-id');
    await page.keyboard.press('j');
    const second = await ui.inbox.focusedRow.getAttribute('data-task-id');
    expect(new Set([first, second])).toEqual(new Set(ids));
    await page.keyboard.press('k');
    await expect(ui.inbox.focusedRow.getAttribute('data-task-id')).resolves.toBe(first);
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    expect(await ui.detail.waitForTask()).toBe(second);
    expect(ui.hash()).toBe(`#/tasks/${encodeURIComponent(second!)}`);

    await page.keyboard.press('Escape');
    await ui.inbox.noSelection.waitFor();
    await expect.poll(() => ui.inbox.focusedRow.getAttribute('data-task-id')).toBe(second);
    // Tab leaves the list at once: its other row is no Tab stop.
    await page.keyboard.press('Tab');
    await expect(ui.inbox.focusedRow.count()).resolves.toBe(0);
  });

  it('"/" focuses the search and letters typed there stay text; "?" lists the keys; "c" asks to cancel', async () => {
    const { ui, page } = session.current;
    await page.setViewportSize(WIDE);
    await ui.show('servers');
    await page.keyboard.press('/');
    await page.locator('[data-testid="inbox-search"]:focus').waitFor();
    await page.keyboard.type('jk');
    await expect(ui.inbox.search.inputValue()).resolves.toBe('jk');
    await ui.inbox.search.fill('');

    await ui.inbox.row(ids[0]!).button.focus();
    await page.keyboard.press('?');
    await ui.keyboardHelp.waitFor();
    await expect(ui.keyboardHelp.textContent()).resolves.toContain('Cancel the focused or open task');
    await page.keyboard.press('Escape');
    await ui.keyboardHelp.waitFor({ state: 'hidden' });
    await expect.poll(() => ui.inbox.focusedRow.getAttribute('data-task-id')).toBe(ids[0]);
    // The Esc that closed the dialog did not also close anything else.
    await expect(ui.inbox.screen.isVisible()).resolves.toBe(true);

    await page.keyboard.press('c');
    await ui.detail.cancelConfirm.waitFor();
    await page.locator('[data-testid="task-cancel-confirm"]:focus').waitFor();
    expect(await ui.detail.waitForTask()).toBe(ids[0]);
    await page.getByTestId('task-cancel-keep').click();
  });

  it('at 900×700: the open task is a full page with Back; Esc and Back return to the list', async () => {
    const { ui, page } = session.current;
    await page.setViewportSize(NARROW);
    await ui.show('inbox');
    await expect(ui.inbox.layout.count()).resolves.toBe(0);
    await ui.inbox.row(ids[1]!).open();
    await ui.detail.waitForTask();
    await expect(ui.inbox.screen.count()).resolves.toBe(0);
    await expect(ui.detail.root.locator('h1#task-title').count()).resolves.toBe(1);
    await page.getByTestId('task-back').waitFor();
    const detail = await box(page, 'task-detail');
    expect(detail.x + detail.width).toBeLessThanOrEqual(NARROW.width);
    await expect(ui.contentWidth()).resolves.toBeLessThanOrEqual(NARROW.width);

    await page.keyboard.press('Escape');
    await ui.inbox.screen.waitFor();
    await expect.poll(() => ui.inbox.focusedRow.getAttribute('data-task-id')).toBe(ids[1]);

    await page.keyboard.press('Enter');
    await ui.detail.waitForTask();
    await page.getByTestId('task-back').click();
    await ui.inbox.screen.waitFor();
    await expect.poll(() => ui.inbox.focusedRow.getAttribute('data-task-id')).toBe(ids[1]);
  });

  it('a waiting row fits its row at any list width: the arguments and the server shorten first, the marker goes when there is no room for it', async () => {
    const { ui, page } = session.current;
    await page.setViewportSize(WIDE);
    const waiting = await runTool(ui, 'demo-legacy', 'summarize_changes', { durationMs: '200' });
    await ui.show('inbox');
    const row = ui.inbox.row(waiting);
    await row.root.and(page.locator('[data-status="input-required"]')).waitFor({ timeout: 30_000 });
    // Each part's right edge against the row's, and whether its text is cut.
    const measure = () => row.root.evaluate((element) => {
      const root = element as unknown as Measured;
      const right = root.querySelector('.task-row__button')!.getBoundingClientRect().right;
      const part = (selector: string) => {
        const found = root.querySelector(selector);
        if (found === null || found.offsetParent === null) return null;
        return { inside: found.getBoundingClientRect().right <= right + 0.5, cut: found.scrollWidth > found.clientWidth };
      };
      return { badge: part('[data-testid="status-badge"]'), tool: part('.task-row__tool'), server: part('[data-testid="task-row-server"]'), marker: part('[data-testid="task-row-input-marker"]') };
    });

    await ui.inbox.splitter.focus();
    await page.keyboard.press('End');
    await expect.poll(async () => (await measure()).marker).toEqual({ inside: true, cut: false });
    expect((await measure()).tool).toEqual({ inside: true, cut: false });

    // The list at its default width and at its narrowest: the marker goes, the badge and the tool stay whole.
    for (const key of ['ArrowLeft', 'Home']) {
      if (key === 'ArrowLeft') {
        while (Number(await ui.inbox.splitter.getAttribute('aria-valuenow')) > 38) await page.keyboard.press('ArrowLeft');
      } else {
        await page.keyboard.press('Home');
      }
      await expect.poll(async () => (await measure()).marker, { message: key }).toBeNull();
      const parts = await measure();
      expect(parts.badge, key).toEqual({ inside: true, cut: false });
      // Whole at the default width; at the narrowest it may shorten, but stays inside the row.
      if (key === 'ArrowLeft') expect(parts.tool, key).toEqual({ inside: true, cut: false });
      else expect(parts.tool?.inside, key).toBe(true);
      expect(parts.server === null || parts.server.inside, key).toBe(true);
    }
  });
});
