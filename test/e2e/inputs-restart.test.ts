/**
 * The host stopped and started again on the same data folder while a server waits on a deploy
 * question. Over HTTP the servers outlive the host: the extension server asks again on `tasks/get`;
 * the 2025-11-25 server sent its request once, on a stream that ended with the old host, so the
 * host kept it with the task and answers its original id in the rejoined HTTP session. Either way
 * the question shows once, is answered once, and the deploy runs with that answer. Over stdio (the
 * default demo servers) the server process ends with the host, and its tasks with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServerForm, type DemoServerProcess } from '../helpers/demo-server-process.js';
import type { AppPage } from './pages/app-page.js';
import { startSession, type Session } from './session.js';
import { DEMO_SERVER_IDS, completedResult, runTool } from './task-flows.js';
import { withStatus, withText } from './wait.js';

const HTTP_SERVERS: readonly { form: DemoServerForm; id: string; name: string }[] = [
  { form: 'extension', id: 'ext-http', name: 'Extension over HTTP' },
  { form: 'legacy', id: 'legacy-http', name: 'Legacy over HTTP' },
];

/** The timeline note of a delivered answer (engine: `Answered an input request: <action>`). */
const ANSWERED = 'App: Answered';

describe('host restart with a question pending', () => {
  const demos: DemoServerProcess[] = [];
  let session: Session;

  beforeAll(async () => {
    const servers = await Promise.all(HTTP_SERVERS.map(async (server) => {
      const demo = await startDemoServer({ form: server.form, transport: 'http' });
      demos.push(demo);
      return ['--server', JSON.stringify({ id: server.id, name: server.name, transport: 'http', url: demo.url })];
    }));
    session = await startSession(servers.flat());
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await Promise.all(demos.map((demo) => demo.stop()));
  });

  /**
   * Starts a deploy on `serverId` and waits until its question is the one in the queue; resolves
   * with the task's local id and the server's task id.
   */
  async function deployWaitingForAnswer(serverId: string): Promise<{ id: string; serverTaskId: string | null }> {
    const { ui } = session;
    const id = await runTool(ui, serverId, 'deploy', { service: 'api', durationMs: '400' });
    const serverTaskId = await ui.detail.taskId.textContent();
    await ui.show('inputs');
    await ui.inputs.item(id).root.waitFor();
    await withText(ui.inputs.count, /^1\b/).waitFor();
    return { id, serverTaskId };
  }

  /** The timeline entries of the task open in the detail that record a delivered answer. */
  const answeredEntries = (ui: AppPage) => withText(ui.detail.timelineEntries, ANSWERED).allTextContents();

  /** The queue is empty and the navigation counts no question. */
  async function expectNoQuestions(ui: AppPage): Promise<void> {
    await ui.show('inputs');
    await ui.inputs.empty.waitFor();
    await expect(ui.inputs.items.count()).resolves.toBe(0);
    await expect(ui.inputs.count.count()).resolves.toBe(0);
  }

  it.each(HTTP_SERVERS.map((server) => [server.form, server] as const))('%s form over HTTP: the question is asked once more, answered once, and the deploy runs', async (_form, server) => {
    const { id, serverTaskId } = await deployWaitingForAnswer(server.id);

    await session.restart();
    const { ui } = session;
    await ui.show('inputs');
    const item = ui.inputs.item(id);
    await item.root.waitFor();
    await expect(ui.inputs.items.count()).resolves.toBe(1);
    await expect(ui.inputs.count.textContent()).resolves.toMatch(/^1\b/);

    await item.waitUntilAnswerable();
    await withText(item.root, 'Deploy service "api"?').waitFor();
    await item.choose('confirm', true);
    await item.field('environment').selectOption('production');
    await item.accept.click();
    await item.root.waitFor({ state: 'detached' });

    const { text, content } = await completedResult(ui, id);
    expect(text).toBe('Deployed api to production.');
    expect(content).toMatchObject({ service: 'api', started: true, environment: 'production' });
    // The same server task, not a new deploy.
    await expect(ui.detail.taskId.textContent()).resolves.toBe(serverTaskId);
    expect(await answeredEntries(ui)).toHaveLength(1);
    await expectNoQuestions(ui);

    await session.reopen();
    await expectNoQuestions(session.ui);
  });

  // A stdio server is a child of the host: stopping the host ends it, and the new host starts a
  // new server process that never heard of the task.
  it.each(DEMO_SERVER_IDS)('%s over stdio: the task ends as lost with the server process, and its question goes', async (serverId) => {
    const { id } = await deployWaitingForAnswer(serverId);

    await session.restart();
    const { ui } = session;
    const row = ui.inbox.row(id);
    await row.root.waitFor();
    await row.open();
    await withText(ui.detail.timelineEntries, 'App: The server no longer knows this task').waitFor({ timeout: 30_000 });
    await withStatus(ui.detail.badge, 'lost').waitFor();
    expect(await answeredEntries(ui)).toEqual([]);
    await expectNoQuestions(ui);
  });
});
