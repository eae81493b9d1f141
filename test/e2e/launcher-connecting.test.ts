/**
 * The launcher and a server that is not connected yet. Choosing it lists no tools ("Could not
 * list the tools"): the host cannot ask a server it has no connection to. Once the server is
 * up, the tool list follows on its own (the renderer refetches a server's tools when
 * `servers:changed` reports it newly connected); "Try again" also works.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServerProcess } from '../helpers/demo-server-process.js';
import { NOT_CONNECTED_SUFFIX } from './pages/launcher-page.js';
import { startSession, type Session } from './session.js';
import { withText } from './wait.js';

const LATE_SERVER = { id: 'late-http', name: 'Starts late' } as const;

/** A loopback port that was free a moment ago (the demo server binds it later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('launcher: a server that connects after it was chosen', () => {
  let port: number;
  let demo: DemoServerProcess | undefined;
  let session: Session;

  beforeAll(async () => {
    port = await freePort();
    session = await startSession(['--server', JSON.stringify({ ...LATE_SERVER, transport: 'http', url: `http://127.0.0.1:${port}/mcp` })]);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await demo?.stop();
  });

  it('says the tools cannot be listed while the server is down, and shows it connected once up', async () => {
    const { ui, page } = session;
    await ui.show('launcher');
    await withText(ui.launcher.serverOption(LATE_SERVER.id), NOT_CONNECTED_SUFFIX).waitFor({ state: 'attached' });
    await ui.launcher.server.selectOption(LATE_SERVER.id);
    await withText(page.getByRole('alert'), 'Could not list the tools').waitFor();
    await expect(ui.launcher.tool.isDisabled()).resolves.toBe(true);

    demo = await startDemoServer({ form: 'extension', transport: 'http', port });
    await ui.launcher.serverOption(LATE_SERVER.id).filter({ hasNotText: NOT_CONNECTED_SUFFIX }).waitFor({ state: 'attached' });
  });

  it('lists the tools on its own once the chosen server connected, and the error is gone', async () => {
    const { ui, page } = session;
    await ui.launcher.chooseTool('build');
    await ui.launcher.field('durationMs').waitFor();
    await expect(withText(page.getByRole('alert'), 'Could not list the tools').count()).resolves.toBe(0);
  });
});
