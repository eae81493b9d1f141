/**
 * Addresses in browser mode: every screen and every task has a hash route, Back and Forward move
 * between them inside the app, a reload keeps the open task, an address typed by hand opens
 * what it names, and one naming no task (or nothing) says so (or leads to the inbox).
 */
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import { runTool } from './task-flows.js';

describe('addresses in browser mode', () => {
  const session = sessionForSuite();
  let taskId = '';

  it('every screen and task has an address; Back and Forward move between them in the app', async () => {
    const { ui, page } = session.current;
    expect(ui.hash()).toBe('#/inbox');
    await ui.show('servers');
    expect(ui.hash()).toBe('#/servers');
    await ui.show('inputs');
    expect(ui.hash()).toBe('#/inputs');
    taskId = await runTool(ui, 'demo-extension', 'build', { durationMs: '600000' });
    expect(ui.hash()).toBe(`#/tasks/${encodeURIComponent(taskId)}`);

    await page.goBack();
    await ui.launcher.page.getByTestId('launcher-screen').waitFor();
    expect(ui.hash()).toBe('#/launcher');
    await page.goBack();
    await page.getByTestId('inputs-screen').waitFor();
    expect(await ui.nav('inputs').getAttribute('aria-current')).toBe('page');
    await page.goForward();
    await page.getByTestId('launcher-screen').waitFor();
    await page.goForward();
    expect(await ui.detail.waitForTask()).toBe(taskId);
    // Still the app: Back never left it.
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('a reload keeps the open task', async () => {
    const { ui, page } = session.current;
    await page.reload();
    expect(await ui.detail.waitForTask()).toBe(taskId);
    expect(ui.hash()).toBe(`#/tasks/${encodeURIComponent(taskId)}`);
  });

  it('an address typed by hand opens what it names; one naming no task says so; one naming nothing leads to the inbox', async () => {
    const { ui, page } = session.current;
    await ui.goTo('#/servers');
    await page.getByTestId('servers-screen').waitFor();
    await ui.goTo(`#/tasks/${encodeURIComponent(taskId)}`);
    expect(await ui.detail.waitForTask()).toBe(taskId);

    await ui.goTo('#/tasks/no-such-task');
    await ui.detail.notFound.waitFor();
    await expect(ui.detail.notFound.getByRole('heading').textContent()).resolves.toBe('Task not found');

    await ui.goTo('#/nothing/here');
    await ui.inbox.screen.waitFor();
    await ui.inbox.row(taskId).root.waitFor();
    expect(ui.hash()).toBe('#/inbox');
  });
});
