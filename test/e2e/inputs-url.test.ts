/**
 * URL-mode questions (`open_dashboard`) through the real UI in browser mode, on both embedded demo
 * servers: the consent panel shows the full address and the host it really goes to; browser mode
 * cannot open pages, so Open says to open it yourself and then offers to accept without it.
 * Hostile addresses show their real host and the warning, and are not offered for accepting.
 */
import { describe, expect, it } from 'vitest';
import { sessionForSuite } from './session.js';
import { DEMO_SERVER_IDS, completedResult, openQuestion, runTool } from './task-flows.js';
import { withText } from './wait.js';

describe('URL-mode questions in browser mode', () => {
  const session = sessionForSuite();

  /** Runs open_dashboard (with `url` when given) and opens its question. */
  async function dashboardQuestion(serverId: string, url?: string) {
    const { ui } = session.current;
    const id = await runTool(ui, serverId, 'open_dashboard', { service: 'web', durationMs: '300', ...(url !== undefined ? { url } : {}) });
    return { id, item: await openQuestion(ui, id) };
  }

  describe.each(DEMO_SERVER_IDS)('on %s', (serverId) => {
    it('accept: the full address and its host are shown; after "open it yourself" the accept starts the rollout', async () => {
      const { id, item } = await dashboardQuestion(serverId);
      await expect(item.url.full().textContent()).resolves.toBe('https://example.com/dashboard');
      await expect(item.url.host().textContent()).resolves.toBe('example.com');
      await expect(item.url.warnings().count()).resolves.toBe(0);
      await expect(item.form.count()).resolves.toBe(0);

      await item.url.open().click();
      await withText(item.url.openError(), 'open this address yourself').waitFor();
      // Nothing was answered by the failed Open: the question still waits.
      await expect(item.root.isVisible()).resolves.toBe(true);
      await item.url.acceptSelf().click();
      await item.root.waitFor({ state: 'detached' });

      const { content } = await completedResult(session.current.ui, id);
      expect(content).toEqual({ service: 'web', started: true, action: 'accept' });
    });

    it('decline: the rollout does not start', async () => {
      const { id, item } = await dashboardQuestion(serverId);
      await item.decline.click();
      await item.root.waitFor({ state: 'detached' });
      const { content } = await completedResult(session.current.ui, id);
      expect(content).toEqual({ service: 'web', started: false, action: 'decline' });
    });

    it('an address with user info before "@": the real host and the warning, and no way to accept', async () => {
      const hostile = 'https://example.com@evil.example/';
      const { id, item } = await dashboardQuestion(serverId, hostile);
      await expect(item.url.full().textContent()).resolves.toBe(hostile);
      await expect(item.url.host().textContent()).resolves.toBe('evil.example');
      await withText(item.url.warnings(), 'It really goes to evil.example. This app will not open such addresses.').waitFor();
      await expect(item.url.open().count()).resolves.toBe(0);
      await expect(item.url.acceptSelf().count()).resolves.toBe(0);

      await item.decline.click();
      await item.root.waitFor({ state: 'detached' });
      const { content } = await completedResult(session.current.ui, id);
      expect(content).toEqual({ service: 'web', started: false, action: 'decline' });
    });
  });

  it('a punycode host is shown as it really is, with the look-alike warning', async () => {
    const { id, item } = await dashboardQuestion('demo-extension', 'https://xn--exmple-cua.com/login');
    await expect(item.url.host().textContent()).resolves.toBe('xn--exmple-cua.com');
    await withText(item.url.warnings(), 'written in punycode').waitFor();
    await item.cancel.click();
    await item.root.waitFor({ state: 'detached' });
    const { content } = await completedResult(session.current.ui, id);
    expect(content).toEqual({ service: 'web', started: false, action: 'cancel' });
  });
});
