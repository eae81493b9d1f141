/**
 * The save problem on its way to the user through the real host: `app:info` carries it and
 * `app:changed` pushes it when it appears, and again when a retried write works and it clears;
 * a call refused because its entry cannot be saved reaches the launcher as a plain error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { demoServerCommand } from '../../electron/demo-server/default-servers.js';
import type { TrackedTask } from '../../shared/task-model.js';
import { ConfTaskStore } from '../../electron/engine/stores/conf-task-store.js';
import { FileResultStore } from '../../electron/engine/stores/file-result-store.js';
import { invoke, invokeError, startTestHost, tempDir, waitForConnected, type TestHost } from '../host/host-harness.js';
import { FaultyFileSystem } from './faulty-fs.js';

const seeded: TrackedTask = {
  localId: 'a',
  serverId: 'gone',
  form: 'extension',
  phase: 'task',
  serverTaskId: 'remote-a',
  toolName: 'build',
  arguments: {},
  createdAt: 1_000,
  updatedAt: 2_000,
  snapshot: { serverTaskId: 'remote-a', status: 'completed' },
  hasResult: false,
  timeline: [],
  answeredInputKeys: [],
};

const stops: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

it('app:info carries the save problem and app:changed pushes it, then pushes its end once a retried write works', async () => {
  const temp = tempDir();
  stops.push(temp.cleanup);
  const seed = new ConfTaskStore({ dir: temp.dir });
  await seed.load();
  await seed.save({ upserts: [seeded], removals: [] });
  const fs = new FaultyFileSystem();
  const test: TestHost = await startTestHost({
    dataDir: temp.dir,
    defaultServers: [],
    ports: { taskStore: new ConfTaskStore({ dir: temp.dir, fs }), resultStore: new FileResultStore({ dir: temp.dir, fs }) },
  });
  stops.push(() => test.stop());
  expect((await invoke(test.host, 'app:info', {})).saveProblem).toBeUndefined();

  fs.fail('ENOSPC', temp.dir);
  await invoke(test.host, 'tasks:remove', { localId: 'a' }); // the removal cannot be written

  const shown = await test.events.waitFor(() => test.events.of('app:changed').find(({ info }) => info.saveProblem !== undefined), 'the save problem');
  const problem = { reason: 'the disk is full (ENOSPC)', folder: temp.dir };
  expect(shown.info.saveProblem).toEqual(problem);
  expect((await invoke(test.host, 'app:info', {})).saveProblem).toEqual(problem);

  fs.heal(); // the registry's retry (1 s later) writes the removal
  await test.events.waitFor(() => test.events.of('app:changed').find(({ info }) => info.saveProblem === undefined), 'the notice to clear');
  expect((await invoke(test.host, 'app:info', {})).saveProblem).toBeUndefined();
  await test.stop();
  expect((await new ConfTaskStore({ dir: temp.dir }).load()).tasks).toEqual([]); // the removal reached the disk
});

it('tools:call answers the launcher with the refusal, in plain words, and the server is sent nothing', async () => {
  const temp = tempDir();
  stops.push(temp.cleanup);
  const countFile = join(temp.dir, 'calls.log');
  const launcher = fileURLToPath(new URL('../fixtures/counting-launcher.ts', import.meta.url));
  const { command, args, cwd } = demoServerCommand({ form: 'extension', transport: 'stdio' });
  const fs = new FaultyFileSystem();
  const test = await startTestHost({
    dataDir: temp.dir,
    defaultServers: [{ id: 'demo', name: 'Demo', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', launcher, countFile, command, ...args], cwd }],
    ports: { taskStore: new ConfTaskStore({ dir: temp.dir, fs }), resultStore: new FileResultStore({ dir: temp.dir, fs }) },
  });
  stops.push(() => test.stop());
  await waitForConnected(test, ['demo']);
  fs.fail('EACCES', join(temp.dir, 'tasks.journal'));

  const error = await invokeError(test.host, 'tools:call', { serverId: 'demo', name: 'build', arguments: { durationMs: 100 } });

  expect(error).toEqual({
    message:
      `The call was not sent: it could not be saved first (permission denied (EACCES), folder ${temp.dir}). ` +
      'A call is only sent once it is saved, so the task it starts cannot be lost. Try again once saving works.',
  });
  expect(existsSync(countFile) ? readFileSync(countFile, 'utf8') : '').toBe('');
  expect((await invoke(test.host, 'app:info', {})).saveProblem).toEqual({ reason: 'permission denied (EACCES)', folder: temp.dir });
});
