/**
 * The servers screen in browser mode: stdio is locked (with the reason said), an HTTP server is
 * added, connects and is removed, and a Claude Desktop config is imported with a report of what
 * was imported and what was skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServerProcess } from '../helpers/demo-server-process.js';
import { startSession, type Session } from './session.js';
import { withStatus, withText } from './wait.js';

const LOCKED_NOTE = /In browser mode, servers that run a command \(stdio\) cannot be added or edited here/;

describe('servers in browser mode', () => {
  let demo: DemoServerProcess;
  let session: Session;

  beforeAll(async () => {
    [demo, session] = await Promise.all([startDemoServer({ form: 'legacy', transport: 'http' }), startSession()]);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await demo?.stop();
  });

  it('locks stdio with an explanation: no stdio in the add form, demo commands not editable', async () => {
    const { ui } = session;
    const { servers } = ui;
    await ui.show('servers');
    await withText(servers.stdioLocked, LOCKED_NOTE).waitFor();
    const extension = await servers.open('demo-extension');
    await withStatus(extension.state, 'connected').waitFor();
    await expect(extension.root.getByTestId('server-edit').isDisabled()).resolves.toBe(true);
    await expect(extension.root.getByTestId('server-edit').getAttribute('aria-describedby')).resolves.toBe('stdio-locked-note');

    await servers.addButton.click();
    await servers.form.root().waitFor();
    await expect(servers.form.stdio().isDisabled()).resolves.toBe(true);
    await expect(servers.form.http().isChecked()).resolves.toBe(true);
    await servers.page.getByTestId('server-form-cancel').click();
    await servers.form.root().waitFor({ state: 'detached' });
  });

  it('adds an HTTP server that connects, then removes it', async () => {
    const { ui } = session;
    const { servers } = ui;
    await ui.show('servers');
    await withText(ui.serversCount, '2').waitFor();

    await servers.addHttpServer('Legacy over HTTP', demo.url!);
    // Saving shows the added server's detail.
    const card = servers.detail((await servers.rowNamed('Legacy over HTTP').getAttribute('data-server-id'))!);
    await withStatus(card.state, 'connected').waitFor();
    await withText(card.era, '2025-11-25').waitFor();
    await withText(card.root.getByTestId('server-url'), demo.url!).waitFor();
    await withText(ui.serversCount, '3').waitFor();
    expect(await servers.form.error().count()).toBe(0);

    // The launcher offers it (option values are server ids).
    const serverId = await card.root.getAttribute('data-server-id');
    await ui.show('launcher');
    await expect(ui.launcher.server.locator(`option[value="${serverId}"]`).textContent()).resolves.toBe('Legacy over HTTP');

    await ui.show('servers');
    await card.remove();
    await card.root.waitFor({ state: 'detached' });
    await withText(ui.serversCount, '2').waitFor();
    await expect(servers.rows.count()).resolves.toBe(2);
  });

  it('imports a pasted Claude Desktop config and reports imported and skipped entries', async () => {
    const { ui } = session;
    const { servers } = ui;
    await ui.show('servers');
    const config = {
      mcpServers: {
        'Remote builds': { type: 'http', url: 'http://127.0.0.1:9/mcp' },
        'Local files': { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
        'Old SSE': { type: 'sse', url: 'http://127.0.0.1:9/sse' },
      },
    };
    await servers.importConfig(JSON.stringify(config, null, 2));

    const imported = await servers.importPanel.imported().allTextContents();
    expect(imported).toEqual(['Remote builds — HTTP', 'Old SSE — HTTP+SSE']);
    const skipped = await servers.importPanel.skipped().allTextContents();
    expect(skipped).toHaveLength(1);
    expect(skipped.find((entry) => entry.startsWith('Local files:'))).toContain('Commands cannot be added or changed from the browser');
    await withText(servers.importPanel.report(), 'Imported (2)').waitFor();
    await withText(servers.importPanel.report(), 'Skipped (1)').waitFor();

    const card = await servers.openNamed('Remote builds');
    await withText(card.root, 'imported').waitFor();
    await withText((await servers.openNamed('Old SSE')).root.getByTestId('server-http-transport'), 'HTTP+SSE').waitFor();
    await withText(servers.rowNamed('Old SSE').getByTestId('server-row-transport'), 'HTTP+SSE').waitFor();
    await withText(ui.serversCount, '4').waitFor();
  });
});
