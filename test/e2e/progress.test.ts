/**
 * Plain calls and progress through the real UI in browser mode, against real servers:
 * server-everything's `trigger-long-running-operation` (2025-11-25, a plain request that reports
 * `notifications/progress` for each step) over stdio — its entry opens at once, the bar moves,
 * Cancel ends it cancelled, a run to its end keeps the result, also after a restart of the app —
 * the 2025-11-25 demo server's `build`, a task that reports `notifications/progress` with its
 * call's token for its whole life, and the demo extension server's `build`, whose form has no
 * numeric progress: its bar is read from "Step i/5" and says so.
 */
import { createRequire } from 'node:module';
import type { Locator } from 'playwright';
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import { withStatus, withText } from './wait.js';

const require = createRequire(import.meta.url);
const EVERYTHING_MAIN = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const EVERYTHING = { id: 'everything', name: 'Everything' } as const;
const LONG_TOOL = 'trigger-long-running-operation';

/** The `aria-valuenow` of a progress bar, as a number. */
async function valueNow(bar: Locator): Promise<number> {
  return Number(await bar.getAttribute('aria-valuenow'));
}

describe('plain calls and progress in browser mode', () => {
  const session = sessionForSuite(['--server', JSON.stringify({ ...EVERYTHING, transport: 'stdio', command: process.execPath, args: [EVERYTHING_MAIN, 'stdio'] })]);

  it('a long plain call opens at once, its bar moves on the detail and the row, and Cancel ends it cancelled', async () => {
    const { ui } = session.current;
    await ui.show('launcher');
    // 10 steps of 2 s: long enough to watch and cancel in the middle.
    await ui.launcher.run(EVERYTHING.id, LONG_TOOL, { duration: '20', steps: '10' });
    const id = await ui.detail.waitForTask();
    await withText(ui.detail.callState, 'Call in progress — no task yet; the server works on it as a plain request.').waitFor();
    await withText(ui.detail.elapsed, /^running /).waitFor();
    await expect(ui.detail.page.getByText('Not assigned yet').count()).resolves.toBe(0);

    const bar = ui.detail.progressBar;
    await bar.waitFor();
    await expect(bar.getAttribute('aria-valuemax')).resolves.toBe('10');
    const first = await valueNow(bar);
    await expect.poll(() => valueNow(bar), { timeout: 10_000 }).toBeGreaterThan(first);
    await withText(ui.detail.progressFigure, /^\d+ %$/).waitFor();

    // The inbox row shows the same call's bar, moving too.
    await ui.detail.back.click();
    const row = ui.inbox.row(id);
    await row.progressBar.waitFor();
    const onRow = await valueNow(row.progressBar);
    await expect.poll(() => valueNow(row.progressBar), { timeout: 10_000 }).toBeGreaterThan(onRow);
    expect(Number(await row.progressBar.getAttribute('aria-valuenow'))).toBeLessThan(10);

    await row.open();
    await expect(ui.detail.cancelButton.textContent()).resolves.toBe('Cancel call');
    await ui.detail.cancelButton.click();
    await withText(ui.detail.page.getByRole('group'), 'The server is told to stop working on the request').waitFor();
    await ui.detail.cancelConfirm.click();
    await withStatus(ui.detail.badge, 'cancelled').waitFor();
    await withText(ui.detail.explanation, 'You cancelled this call before the server answered').waitFor();
    await ui.detail.progressBar.waitFor({ state: 'detached' });
    expect(await ui.detail.result.count()).toBe(0);
  }, 90_000);

  it('a plain call run to its end keeps its result on its entry, also after the app restarts', async () => {
    const { ui } = session.current;
    await ui.show('launcher');
    await ui.launcher.run(EVERYTHING.id, LONG_TOOL, { duration: '3', steps: '3' });
    const id = await ui.detail.waitForTask();
    await withStatus(ui.detail.badge, 'completed').waitFor({ timeout: 20_000 });
    await withText(ui.detail.resultText, 'Long running operation completed. Duration: 3 seconds, Steps: 3.').waitFor();
    await withText(ui.detail.explanation, 'The server answered this call directly, without creating a task.').waitFor();
    await withText(ui.detail.timing, /^took \d/).waitFor();

    await session.current.restart();
    const { ui: after } = session.current;
    await after.show('inbox');
    const row = after.inbox.row(id);
    await withStatus(row.root, 'completed').waitFor();
    await row.open();
    await withText(after.detail.resultText, 'Long running operation completed. Duration: 3 seconds, Steps: 3.').waitFor();
    await expect(after.detail.page.getByTestId('task-detail-gone').count()).resolves.toBe(0);
  }, 90_000);

  it('a plain call running when the app stops reads "Interrupted" after the restart, and is not sent again', async () => {
    const { ui } = session.current;
    await ui.show('launcher');
    await ui.launcher.run(EVERYTHING.id, LONG_TOOL, { duration: '60', steps: '60' });
    const id = await ui.detail.waitForTask();
    await ui.detail.progressBar.waitFor();

    await session.current.restart();
    const { ui: after } = session.current;
    await after.show('inbox');
    const row = after.inbox.row(id);
    await withStatus(row.root, 'interrupted').waitFor();
    await expect(row.badge.textContent()).resolves.toBe('Interrupted');
    await row.open();
    await withText(after.detail.explanation, "Interrupted — the server's answer could not be received").waitFor();
    await expect(after.detail.cancelButton.count()).resolves.toBe(0);
    await expect(after.detail.progressBar.count()).resolves.toBe(0);
    // Never resent: no second entry of the call appeared.
    await after.detail.back.click();
    await expect(after.inbox.rows.filter({ hasText: LONG_TOOL }).filter({ has: after.page.locator('[data-status="working"], [data-status="starting"]') }).count()).resolves.toBe(0);
  }, 90_000);

  it('a 2025-11-25 task shows the progress its server reports for the task\'s life, on the detail and the row', async () => {
    const { ui } = session.current;
    await ui.show('launcher');
    await ui.launcher.run('demo-legacy', 'build', { durationMs: '6000' });
    const id = await ui.detail.waitForTask();
    await withText(ui.detail.form, 'Experimental tasks (2025-11-25)').waitFor();
    await ui.detail.taskId.waitFor();
    const bar = ui.detail.progressBar;
    await bar.waitFor();
    await expect(bar.getAttribute('aria-valuemax')).resolves.toBe('5');
    // The server's own figure, with its message: not one read from the status message.
    await withText(ui.detail.page.getByTestId('task-progress-message'), /^Step \d\/5: /).waitFor();
    expect(await ui.detail.progressDerived.count()).toBe(0);
    const first = await valueNow(bar);
    await expect.poll(() => valueNow(bar), { timeout: 10_000 }).toBeGreaterThan(first);

    await ui.detail.back.click();
    const row = ui.inbox.row(id);
    await row.progressBar.waitFor();
    const onRow = await valueNow(row.progressBar);
    await expect.poll(() => valueNow(row.progressBar), { timeout: 10_000 }).toBeGreaterThan(onRow);
    await withStatus(row.root, 'completed').waitFor({ timeout: 20_000 });
    await row.progressBar.waitFor({ state: 'detached' });
  }, 60_000);

  it('an extension task without numeric progress gets a bar read from its status message, marked as derived', async () => {
    const { ui } = session.current;
    await ui.show('launcher');
    await ui.launcher.run('demo-extension', 'build', { durationMs: '6000' });
    await ui.detail.waitForTask();
    await withText(ui.detail.statusMessage, /Step [1-4]\/5/).waitFor();
    const bar = ui.detail.progressBar;
    await bar.waitFor();
    await expect(bar.getAttribute('aria-valuemax')).resolves.toBe('5');
    await withText(ui.detail.progressDerived, 'from the status message').waitFor();
    await expect(bar.getAttribute('aria-valuetext')).resolves.toMatch(/^\d+ % \(\d of 5\), from the status message$/);
    const first = await valueNow(bar);
    await expect.poll(() => valueNow(bar), { timeout: 10_000 }).toBeGreaterThan(first);
    await withStatus(ui.detail.badge, 'completed').waitFor({ timeout: 20_000 });
    await bar.waitFor({ state: 'detached' });
  }, 60_000);
});
