/**
 * The theme setting and "Run again…" in browser mode: a chosen theme shows at once, survives a
 * reload and wins over the OS; "system" follows the OS. Run again… opens the launcher with the
 * task's server, tool and arguments, sends nothing until Run, and runs what the form then holds.
 */
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import { withStatus } from './wait.js';

const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';
const DARK_BACKGROUND = 'rgb(21, 23, 27)';

describe('theme setting', () => {
  const session = sessionForSuite();

  it('system follows the OS; a chosen theme shows at once, survives a reload and wins over the OS', async () => {
    const { ui, page } = session.current;
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(ui.themeSwitch.inputValue()).resolves.toBe('system');
    expect(await ui.backgroundColour()).toBe(LIGHT_BACKGROUND);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await ui.backgroundColour()).toBe(DARK_BACKGROUND);

    await ui.themeSwitch.selectOption('light');
    expect(await ui.backgroundColour()).toBe(LIGHT_BACKGROUND);
    await page.reload();
    await ui.themeSwitch.waitFor();
    await expect(ui.themeSwitch.inputValue()).resolves.toBe('light');
    expect(await ui.backgroundColour()).toBe(LIGHT_BACKGROUND);

    await page.emulateMedia({ colorScheme: 'light' });
    await ui.themeSwitch.selectOption('dark');
    expect(await ui.backgroundColour()).toBe(DARK_BACKGROUND);
    await page.reload();
    await ui.themeSwitch.waitFor();
    expect(await ui.backgroundColour()).toBe(DARK_BACKGROUND);

    await ui.themeSwitch.selectOption('system');
    expect(await ui.backgroundColour()).toBe(LIGHT_BACKGROUND);
  });
});

describe('Run again…', () => {
  const session = sessionForSuite();

  it('opens the launcher prefilled and editable; only Run starts a new task', async () => {
    const { ui } = session.current;
    await ui.inbox.emptyRunTool.click();
    await ui.launcher.run('demo-extension', 'build', { durationMs: '700' });
    const first = await ui.detail.waitForTask();
    await withStatus(ui.detail.badge, 'completed').waitFor();

    await ui.detail.runAgainButton.click();
    await ui.launcher.form.waitFor();
    expect(ui.hash()).toBe('#/launcher');
    await expect(ui.launcher.server.inputValue()).resolves.toBe('demo-extension');
    await expect(ui.launcher.tool.inputValue()).resolves.toBe('build');
    await expect(ui.launcher.field('durationMs').inputValue()).resolves.toBe('700');
    await expect(ui.inboxCount.textContent()).resolves.toBe('1 task');

    await ui.launcher.field('durationMs').fill('300');
    await ui.launcher.runButton.click();
    await withStatus(ui.detail.badge, 'completed').waitFor();
    expect(await ui.detail.waitForTask()).not.toBe(first);
    await expect(ui.inboxCount.textContent()).resolves.toBe('2 tasks');
  });
});
