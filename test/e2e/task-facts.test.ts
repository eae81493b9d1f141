/**
 * The facts a task's page states, against a real server over stdio through the real UI. The
 * hostile fixture server (test/fixtures/hostile-server.ts) suggests a poll interval of about
 * 31,700 years while its `chaos` task waits for approval (the engine keeps at most one day of
 * it, then polls every 60 s), and dates its steps one second apart, so its completion's own
 * `lastUpdatedAt - createdAt` is 18 s however long the walk took on this machine.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGE_PREFIX, ChaosStep } from '../fixtures/hostile-server.js';
import { sessionForSuite } from './session.js';
import { openQuestion, runTool } from './task-flows.js';
import { withStatus, withText } from './wait.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_SCRIPT = fileURLToPath(new URL('../fixtures/hostile-server.ts', import.meta.url));
const HOSTILE = { id: 'hostile', name: 'Hostile' } as const;

describe('task facts in browser mode', () => {
  const session = sessionForSuite([
    '--server',
    JSON.stringify({ ...HOSTILE, transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', SERVER_SCRIPT], cwd: REPO_ROOT }),
  ]);

  it("states the poll interval the app uses, the server's own duration, and no TTL once done", async () => {
    const { ui } = session.current;
    const id = await runTool(ui, HOSTILE.id, 'chaos');

    await withText(ui.detail.statusMessage, APPROVAL_MESSAGE_PREFIX).waitFor();
    await withText(ui.detail.pollInterval, 'every 60 s (the server suggested 86400 s; the app waits at most 60 s between polls)').waitFor();
    await expect(ui.detail.ttl.textContent()).resolves.toMatch(/^TTL \d+s left$/);

    const question = await openQuestion(ui, id);
    await question.choose('ok', true);
    await question.accept.click();

    await ui.show('inbox');
    const row = ui.inbox.row(id);
    await withStatus(row.root, 'completed').waitFor();
    const took = `took ${ChaosStep.completed}s`;
    await expect(row.time.textContent()).resolves.toBe(took);
    await expect(row.time.getAttribute('title')).resolves.toMatch(/server's clock/);
    await expect(row.root.textContent()).resolves.not.toContain('TTL');

    await row.open();
    await withStatus(ui.detail.badge, 'completed').waitFor();
    await expect(ui.detail.timing.textContent()).resolves.toBe(took);
    await expect(ui.detail.ttl.count()).resolves.toBe(0);
    await expect(ui.detail.pollInterval.textContent()).resolves.toBe('none: the task has ended');
  }, 60_000);
});
