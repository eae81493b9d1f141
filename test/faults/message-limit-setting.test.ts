/**
 * The message limit is a setting: a host started with `MCP_TASK_MONITOR_MAX_MESSAGE_MIB=1` refuses
 * a 2 MiB answer (the default 16 MiB would take it) and the task detail says so with the
 * configured figure; a value that is no number of MiB is logged and the default kept.
 * A real host (the Electron/browser-mode core), a real HTTP server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_MIB_ENV } from '../../electron/engine/connections/message-limit.js';
import { startOversizeServer } from '../fixtures/oversize-http-server.js';
import { invoke, startTestHost, tempDir, waitForConnected, type TestHost } from '../host/host-harness.js';

const MIB = 1024 * 1024;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  delete process.env[MAX_MESSAGE_MIB_ENV];
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function hostWith(limit: string, url: string): Promise<TestHost> {
  process.env[MAX_MESSAGE_MIB_ENV] = limit;
  const data = tempDir();
  cleanups.push(data.cleanup);
  const test = await startTestHost({ dataDir: data.dir, defaultServers: [], configuredServers: [{ config: { id: 'oversize', name: 'Oversize', transport: 'http', url }, origin: 'command-line' }] });
  cleanups.push(() => test.stop());
  await waitForConnected(test, ['oversize']);
  return test;
}

describe(`the message limit setting (${MAX_MESSAGE_MIB_ENV})`, () => {
  it('set to 1 MiB: a 2 MiB answer is refused and the task says so with that figure', async () => {
    const server = await startOversizeServer(2 * MIB, MIB / 4);
    cleanups.push(() => server.close());
    const test = await hostWith('1', server.url);
    const outcome = await invoke(test.host, 'tools:call', { serverId: 'oversize', name: 'job', arguments: {} });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    server.mode = 'huge-json';
    const detail = await test.events.waitFor(async () => {
      const task = await invoke(test.host, 'tasks:get', { localId: outcome.task.localId });
      return task?.lastProblem !== undefined ? task : undefined;
    }, 'the refused answer to reach the task');
    expect(detail.lastProblem).toEqual({ kind: 'poll-failed', detail: 'The server sent a response larger than 1 MiB (the limit); it was not read.' });
  });

  it('set to something that is no number of MiB: logged, and the default applies', async () => {
    const server = await startOversizeServer(2 * MIB, MIB / 4);
    cleanups.push(() => server.close());
    const test = await hostWith('lots', server.url);
    expect(test.logger.entries).toContainEqual(expect.objectContaining({ level: 'warn', message: expect.stringContaining(`${MAX_MESSAGE_MIB_ENV}="lots" is not a number of MiB`) }));
    const outcome = await invoke(test.host, 'tools:call', { serverId: 'oversize', name: 'job', arguments: {} });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    server.mode = 'huge-json';
    const answer = await server.nextAnswerDone('huge-json');
    // Under the default 16 MiB: read to its end and applied (its status message cut when stored).
    expect(answer.closedEarly).toBe(false);
  });
});
