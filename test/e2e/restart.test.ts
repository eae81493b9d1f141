/**
 * Stopping and restarting the host mid-task: a build runs on an HTTP demo server that outlives
 * the host (stdio demo servers end with it); a new host on the same data folder picks the task
 * up by its persisted id and follows it to completion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServerProcess } from '../helpers/demo-server-process.js';
import { startAppProcess } from './app-process.js';
import { startSession, type Session } from './session.js';
import { buildStep, withStatus, withText } from './wait.js';

const HTTP_SERVER = { id: 'ext-http', name: 'Extension over HTTP' } as const;

describe('host restart mid-task', () => {
  let demo: DemoServerProcess;
  let serverArgs: string[];
  let session: Session;

  beforeAll(async () => {
    demo = await startDemoServer({ form: 'extension', transport: 'http' });
    serverArgs = ['--server', JSON.stringify({ ...HTTP_SERVER, transport: 'http', url: demo.url })];
    session = await startSession(serverArgs);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await demo?.stop();
  });

  it('finds the running build after a restart and sees it finish', async () => {
    const { ui } = session;
    await ui.show('launcher');
    await ui.launcher.run(HTTP_SERVER.id, 'build', { durationMs: '6000', project: 'restart-app' });
    const id = await ui.detail.waitForTask();
    await withText(ui.detail.server, HTTP_SERVER.name).waitFor();
    // The server's task id is on disk once it is shown; a step proves the task is under way.
    await ui.detail.taskId.waitFor();
    const serverTaskId = await ui.detail.taskId.textContent();
    await withText(ui.detail.statusMessage, /Step [12]\/5/).waitFor();

    await session.app.stop();
    await ui.disconnectedBanner.waitFor();

    session.app = await startAppProcess(session.dataDir, [...session.uiArgs, ...serverArgs]);
    await session.reopen();
    const row = session.ui.inbox.row(id);
    await row.root.waitFor();
    expect(['working', 'completed']).toContain(await row.root.getAttribute('data-status'));

    await row.open();
    const detail = session.ui.detail;
    await expect(detail.taskId.textContent()).resolves.toBe(serverTaskId);
    await withStatus(detail.badge, 'completed').waitFor();
    await withText(detail.resultStructured, 'dist/restart-app.tar.gz').waitFor();
    const steps = (await detail.timelineEntries.allTextContents()).map(buildStep).filter((step) => step !== undefined);
    expect(steps.at(-1)).toBe(5);
    await expect(session.ui.inboxCount.textContent()).resolves.toBe('1 task');
  });
});
