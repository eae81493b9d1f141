/**
 * Running tasks through the real UI in browser mode: a build that advances and completes, a
 * cancelled sleep, and a failing flaky task. The cancel runs against an HTTP demo server behind
 * a proxy that holds `tasks/cancel` until the test has seen "cancel requested" (without it the
 * host sends both changes in one 16 ms batch and the state may never render).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServerProcess } from '../helpers/demo-server-process.js';
import { startGatedProxy, type GatedProxy } from './gated-proxy.js';
import { startSession, type Session } from './session.js';
import { buildStep, withStatus, withText } from './wait.js';

const GATED_SERVER = { id: 'ext-gated', name: 'Extension over HTTP (cancel held)' } as const;

describe('tasks in browser mode', () => {
  let demo: DemoServerProcess;
  let proxy: GatedProxy;
  let session: Session;

  beforeAll(async () => {
    demo = await startDemoServer({ form: 'extension', transport: 'http' });
    proxy = await startGatedProxy(demo.url!, 'tasks/cancel');
    session = await startSession(['--server', JSON.stringify({ ...GATED_SERVER, transport: 'http', url: proxy.url })]);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await proxy?.close();
    await demo?.stop();
  });

  it('runs build from the launcher and follows its steps to completed with the artifact', async () => {
    const { ui, page } = session;
    await ui.show('launcher');
    // 5 steps of 1 s each: every step stays on screen long enough to be seen live.
    await ui.launcher.run('demo-extension', 'build', { durationMs: '5000' });

    const id = await ui.detail.waitForTask();
    await expect(ui.detail.form.textContent()).resolves.toBe('Tasks extension (2026-07-28)');
    await withText(ui.detail.statusMessage, /Step \d\/5/).waitFor();
    const seenInDetail = buildStep(await ui.detail.statusMessage.textContent())!;
    await withStatus(ui.detail.badge, 'working').waitFor();

    // The inbox row follows the same task live: a later step than the detail showed.
    await ui.detail.back.click();
    const row = ui.inbox.row(id);
    const laterStep = new RegExp(`Step [${seenInDetail + 1}-5]/5`);
    await withText(row.message, laterStep).waitFor();
    await withStatus(row.root, 'working').waitFor();

    await withStatus(row.root, 'completed').waitFor();
    await expect(row.badge.textContent()).resolves.toBe('Completed');

    await row.open();
    await withStatus(ui.detail.badge, 'completed').waitFor();
    await withText(ui.detail.resultText, 'Built demo-app in 5000 ms (5 steps): dist/demo-app.tar.gz').waitFor();
    await withText(ui.detail.resultStructured, 'dist/demo-app.tar.gz').waitFor();
    expect(await ui.detail.resultErrorBanner.count()).toBe(0);

    // The timeline recorded the steps in order, ending with the last one and completion.
    const timeline = await ui.detail.timelineEntries.allTextContents();
    const steps = timeline.map(buildStep).filter((step) => step !== undefined);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps.at(-1)).toBe(5);
    await withStatus(ui.detail.timelineEntries.last().getByTestId('status-badge'), 'completed').waitFor();
    expect(page.url()).not.toContain('token=');
  });

  it('cancels a sleep: "cancel requested" first, then cancelled once the server confirms', async () => {
    const { ui } = session;
    await ui.show('launcher');
    await ui.launcher.run(GATED_SERVER.id, 'sleep');
    const id = await ui.detail.waitForTask();
    await withStatus(ui.detail.badge, 'working').waitFor();

    await ui.detail.cancel();
    await proxy.held();
    await ui.detail.cancelRequested.waitFor();
    await withStatus(ui.detail.badge, 'cancel-requested').waitFor();
    await expect(ui.detail.cancelButton.count()).resolves.toBe(0);

    proxy.open();
    await withStatus(ui.detail.badge, 'cancelled').waitFor();
    await ui.detail.cancelRequested.waitFor({ state: 'detached' });
    await withText(ui.detail.page.getByTestId('task-explanation'), 'Cancelled at your request; the server confirmed it.').waitFor();
    expect(await ui.detail.cancelError.count()).toBe(0);
    const notes = await ui.detail.timelineEntries.allTextContents();
    expect(notes.some((entry) => entry.includes('App: Cancel requested'))).toBe(true);

    await ui.detail.back.click();
    await withStatus(ui.inbox.row(id).root, 'cancelled').waitFor();
  });

  it('shows the error code and message of a failed flaky task', async () => {
    const { ui } = session;
    await ui.show('launcher');
    await ui.launcher.run('demo-extension', 'flaky', { delayMs: '200' });
    const id = await ui.detail.waitForTask();

    await withStatus(ui.detail.badge, 'failed').waitFor();
    await ui.detail.error.waitFor();
    await expect(ui.detail.errorCode.textContent()).resolves.toBe('-32603');
    await expect(ui.detail.errorMessage.textContent()).resolves.toBe('Flaky build agent lost');
    expect(await ui.detail.result.count()).toBe(0);

    await ui.detail.back.click();
    await withStatus(ui.inbox.row(id).root, 'failed').waitFor();
    await expect(ui.inbox.count.textContent()).resolves.toBe('3 tasks');
  });
});
