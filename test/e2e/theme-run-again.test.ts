/**
 * The theme setting and "Run again…" in browser mode: a chosen theme shows at once, survives a
 * reload and wins over the OS; "system" follows the OS.
 */
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';

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
