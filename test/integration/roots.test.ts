/**
 * Roots end to end, through a real host and real stdio servers:
 * - out of any task, a 2025-11-25 SDK server's `roots/list` (test/fixtures/roots-server.ts) is
 *   answered with exactly the folders configured for it; a change of them reaches it as
 *   `notifications/roots/list_changed` without a reconnect (same process); a mute-only change
 *   sends nothing;
 * - inside a task, the demo servers' `index_workspace` asks `roots/list` (the legacy form on its
 *   `tasks/result` stream, the extension as `inputRequests`): the question shows the configured
 *   roots, the host accepts exactly those as the answer, and the task reports them.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingInputView, TaskDetail } from '../../shared/ipc/contract.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { defaultDemoServers } from '../../electron/demo-server/default-servers.js';
import type { RootsReport } from '../fixtures/roots-server.js';
import { invoke, invokeError, startTestHost, waitForConnected, type TestHost } from '../host/host-harness.js';

const FIXTURE = 'roots-fixture';
const FIXTURE_SCRIPT = fileURLToPath(new URL('../fixtures/roots-server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEMO_SERVERS = ['demo-legacy', 'demo-extension'] as const;

let test: TestHost;

beforeAll(async () => {
  test = await startTestHost({
    defaultServers: [
      ...defaultDemoServers(),
      { id: FIXTURE, name: 'Roots fixture', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', FIXTURE_SCRIPT], cwd: REPO_ROOT },
    ],
  });
  await waitForConnected(test, [FIXTURE, ...DEMO_SERVERS]);
});

afterAll(async () => {
  await test?.stop();
});

async function listRoots(): Promise<RootsReport> {
  const outcome = await invoke(test.host, 'tools:call', { serverId: FIXTURE, name: 'list_roots', arguments: {} });
  if (outcome.kind !== 'result') throw new Error(`expected a result, got ${outcome.kind}`);
  return outcome.result['structuredContent'] as RootsReport;
}

describe('roots outside a task (2025-11-25 SDK server over stdio)', () => {
  it('are answered from the configured folders; a change is announced without reconnecting', async () => {
    const first = await listRoots();
    expect(first).toMatchObject({ roots: [], listChanged: 0 });

    await invoke(test.host, 'servers:update-settings', { id: FIXTURE, roots: [{ location: '/srv/data', name: 'Data' }, { location: '/home/me/a b' }] });
    expect(await listRoots()).toEqual({ roots: [{ uri: 'file:///srv/data', name: 'Data' }, { uri: 'file:///home/me/a%20b' }], listChanged: 1, pid: first.pid });

    // Muting changes no roots: nothing is announced. Removing them is announced again.
    await invoke(test.host, 'servers:update-settings', { id: FIXTURE, notificationsMuted: true });
    expect(await listRoots()).toMatchObject({ listChanged: 1, pid: first.pid });
    await invoke(test.host, 'servers:update-settings', { id: FIXTURE, roots: [] });
    expect(await listRoots()).toEqual({ roots: [], listChanged: 2, pid: first.pid });
  });
});

describe.each(DEMO_SERVERS)('roots inside a task (index_workspace on %s)', (serverId) => {
  it('the question shows the configured roots, and only they are sent', async () => {
    const roots = [{ uri: 'file:///srv/project', name: 'Project' }];
    await invoke(test.host, 'servers:update-settings', { id: serverId, roots: [{ location: '/srv/project', name: 'Project' }] });
    const outcome = await invoke(test.host, 'tools:call', { serverId, name: 'index_workspace', arguments: { durationMs: 50 } });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const taskId = outcome.task.localId;
    const question = await test.events.waitFor(
      () => test.events.of('inputs:changed').flatMap((payload) => payload.inputs).find((input: PendingInputView) => input.localId === taskId),
      'the roots question',
    );
    expect(question).toMatchObject({ kind: 'roots', method: 'roots/list', roots });

    expect((await invokeError(test.host, 'inputs:answer', { localId: taskId, serverId: question.serverId, key: question.key, response: { roots: [] } })).message).toMatch(/only with the roots configured/);
    await invoke(test.host, 'inputs:answer', { localId: taskId, serverId: question.serverId, key: question.key, response: { roots } });
    const done = await test.events.waitFor(async () => {
      const task: TaskDetail | null = await invoke(test.host, 'tasks:get', { localId: taskId });
      return task !== null && isTaskFinished(task) ? task : undefined;
    }, 'index_workspace to finish');
    expect(done.snapshot?.status).toBe('completed');
    const result = await invoke(test.host, 'tasks:result', { localId: taskId });
    expect(result?.['structuredContent']).toEqual({ roots: ['file:///srv/project'], count: 1 });
  });
});
