/**
 * The Servers screen in browser mode never shows an environment value: a stdio server given on
 * the command line with an API key shows the variable's name and "(value hidden)", and the value
 * is in neither the page's text nor its DOM. Its Remove is disabled, with the reason.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoServerCommand } from '../../electron/demo-server/default-servers.js';
import { sessionForSuite } from './session.js';
import { withStatus, withText } from './wait.js';

const API_KEY = `sk-${randomBytes(16).toString('hex')}`;
const keyed = { id: 'keyed', name: 'Keyed', transport: 'stdio', ...demoServerCommand({ form: 'extension', transport: 'stdio' }), env: { API_KEY } };

describe('secrets on the Servers screen in browser mode', () => {
  const session = sessionForSuite(['--server', JSON.stringify(keyed)]);

  it('shows the variable by name with "(value hidden)", never its value', async () => {
    const { ui, page } = session.current;
    await ui.show('servers');
    const card = await ui.servers.open('keyed');
    await withStatus(card.state, 'connected').waitFor();
    await withText(card.root.getByTestId('server-env'), 'API_KEY').waitFor();
    expect(await page.locator('body').innerText()).not.toContain(API_KEY);
    expect(await page.content()).not.toContain(API_KEY);
    await expect(card.root.getByTestId('server-env').innerText()).resolves.toBe('API_KEY (value hidden)');
  });

  it('offers no Remove for a stdio server, and says why', async () => {
    const { ui } = session.current;
    await ui.show('servers');
    const card = await ui.servers.open('demo-extension');
    await expect(card.root.getByTestId('server-remove').isDisabled()).resolves.toBe(true);
    await withText(card.root.getByTestId('server-remove-locked'), /could not add it back/).waitFor();
  });
});
