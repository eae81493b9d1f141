/**
 * The theme setting and "Run again…" in browser mode: a chosen theme shows at once, survives a
 * reload and wins over the OS; "system" follows the OS. Run again… opens the launcher with the
 * task's server, tool and arguments, sends nothing until Run, and runs what the form then holds.
 * The launcher keeps its form and Run button in place when another tool or server is chosen.
 */
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import type { Locator } from 'playwright';
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

describe('launcher layout', () => {
  const session = sessionForSuite();

  /** Where the element's top edge is on the page, in px. */
  async function top(locator: Locator): Promise<number> {
    const box = await locator.boundingBox();
    if (box === null) throw new Error('not laid out');
    return box.y;
  }

  it('the tool picker, the form and its Run button stay where they are when a server or tool is chosen', async () => {
    const { ui } = session.current;
    await ui.show('launcher');
    const toolPicker = await top(ui.launcher.tool);
    await ui.launcher.chooseServer('demo-extension');
    expect(await top(ui.launcher.tool)).toBe(toolPicker);
    await ui.launcher.chooseTool('build');
    const form = ui.launcher.form;
    const where = { form: await top(form), run: await top(ui.launcher.runButton) };

    await ui.launcher.chooseTool('configure_release');
    expect({ form: await top(form), run: await top(ui.launcher.runButton) }).toEqual(where);

    await ui.launcher.chooseServer('demo-legacy');
    await ui.launcher.chooseTool('flaky');
    expect({ form: await top(form), run: await top(ui.launcher.runButton) }).toEqual(where);
  });
});
