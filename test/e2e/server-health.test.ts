/**
 * A server's health on its card, in the real UI: a 2025-11-25 HTTP server behind a real
 * node:http proxy starts answering 503 while one of its tasks runs; its card goes from
 * "Connected" to "Degraded since HH:MM — HTTP 503 Service Unavailable (N requests failed)" and
 * back to "Connected" once the server answers again. Browser mode with its default health
 * settings (the task's polls fail first), headless Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEGRADED_AFTER_FAILURES } from '../../electron/engine/index.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startDemoServer, type DemoServerProcess } from '../helpers/demo-server-process.js';
import { startSession, type Session } from './session.js';
import { runTool } from './task-flows.js';
import { withStatus, withText } from './wait.js';

/** Three failed polls, backing off from the demo's 1 s interval, stay well under this. */
const DEGRADED_TIMEOUT_MS = 30_000;

describe('a server that starts answering 503, on its card', () => {
  let demo: DemoServerProcess;
  let proxy: CountingProxy;
  let session: Session;

  beforeAll(async () => {
    demo = await startDemoServer({ form: 'legacy', transport: 'http' });
    proxy = await startCountingProxy(demo.url!);
    session = await startSession(['--server', JSON.stringify({ name: 'Flaky', transport: 'http', url: proxy.url })]);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await proxy?.close();
    await demo?.stop();
  });

  it('goes Degraded with the status, since when and how many requests failed, then Connected again', async () => {
    const { ui } = session;
    await ui.show('servers');
    const card = await ui.servers.openNamed('Flaky');
    await withStatus(card.state, 'connected').waitFor();
    await withText(card.state, 'Connected').waitFor();
    const serverId = (await card.root.getAttribute('data-server-id'))!;
    await runTool(ui, serverId, 'build', { durationMs: '600000' });

    proxy.answerWith(503, { jsonrpc: '2.0', error: { code: -32603, message: 'Service Unavailable' }, id: null });
    await ui.show('servers');
    await ui.servers.open(serverId);
    const degraded = withText(card.state, /^Degraded since \d{2}:\d{2} — HTTP 503 Service Unavailable \((\d+) requests failed\)$/);
    await degraded.waitFor({ timeout: DEGRADED_TIMEOUT_MS });
    await expect(card.state.getAttribute('data-health')).resolves.toBe('degraded');
    const failed = Number(/\((\d+) requests failed\)/.exec((await card.state.textContent()) ?? '')?.[1]);
    expect(failed).toBeGreaterThanOrEqual(DEGRADED_AFTER_FAILURES);
    await withText(ui.servers.row(serverId).getByTestId('server-row-state'), 'degraded').waitFor();

    proxy.restore();
    await withText(card.state, /^Connected$/).waitFor({ timeout: DEGRADED_TIMEOUT_MS });
    await expect(card.state.getAttribute('data-health')).resolves.toBeNull();
  }, 90_000);
});
