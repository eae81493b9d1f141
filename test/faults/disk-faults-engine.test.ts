/**
 * Disk faults through the real engine and real MCP servers over real stdio pipes, with faults
 * the file system really raises (no injected errors, so they work as root too): a `results`
 * path that is a file (the result write fails), and a `tasks.journal` that is a folder (every
 * task save fails). Proves the process keeps running, no call is sent while its pending entry
 * cannot be written (counted on the server's side of the pipe), and every task id the server
 * created is known again after the disk heals and the app restarts. And a stored result found
 * damaged is kept aside, said on its task, and fetched again from the server.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { isTaskFinished, type TrackedTask } from '../../shared/task-model.js';
import type { Engine, SaveProblem } from '../../electron/engine/index.js';
import { FileResultStore } from '../../electron/engine/stores/file-result-store.js';
import { demoServerCommand, type DemoServerForm } from '../helpers/demo-server-process.js';
import { nodeEngine, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';
import { startEngineProcess, type EngineEvent, type EngineProcess } from '../helpers/engine-process-handle.js';
import { lastAppNote } from '../helpers/app-notes.js';

const LAUNCHER = fileURLToPath(new URL('../fixtures/counting-launcher.ts', import.meta.url));
const forms: DemoServerForm[] = ['extension', 'legacy'];

/** The demo server of `form` over stdio, behind the launcher that logs every tools/call it receives to `countFile`. */
function countedServer(form: DemoServerForm, countFile: string): ServerConfig {
  const { command, args, cwd } = demoServerCommand({ form, transport: 'stdio' });
  return { id: `demo-${form}`, name: `Demo ${form}`, transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', LAUNCHER, countFile, command, ...args], cwd };
}

/** The tools/call requests the server received, in order. */
function callsReceived(countFile: string): string[] {
  return existsSync(countFile) ? readFileSync(countFile, 'utf8').split('\n').filter((line) => line !== '') : [];
}

function waitForSaveProblem(engine: Engine, check: (problem: SaveProblem | undefined) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check(engine.saveProblem)) return resolve();
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), 20_000);
    const subscription = engine.onDidChangeSaveProblem((problem) => {
      if (!check(problem)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    });
  });
}

/** `waiting`, or a failure naming the exit code as soon as the app process exits (a crash). */
function unlessItExits<T>(app: EngineProcess, waiting: Promise<T>): Promise<T> {
  const exited = once(app.child, 'exit').then(([code]: unknown[]) => {
    throw new Error(`The app exited with code ${String(code)}`);
  });
  return Promise.race([waiting, exited]);
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(forms)('disk faults against the %s demo server over stdio', (form) => {
  it('a task that completes while its result cannot be written does not crash the app; the result is saved once the disk heals and is there after a restart', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const resultsPath = join(data.dir, 'results');
    writeFileSync(resultsPath, 'a file where the results folder should be'); // every result write fails (EEXIST/ENOTDIR)
    const server = countedServer(form, join(data.dir, 'calls.log'));

    let app: EngineProcess = startEngineProcess(data.dir, server, { tool: 'build', args: { durationMs: 600, project: 'app' } });
    cleanups.push(() => app.kill());
    const isDone = (event: EngineEvent): boolean => event.event === 'task' && isTaskFinished(event.task as TrackedTask) && (event.task as TrackedTask).hasResult;
    const done = (await unlessItExits(app, app.waitFor(isDone, 'the build task to complete'))).task as TrackedTask;
    const refused = await unlessItExits(app, app.waitFor((event) => event.event === 'save-problem' && event.problem !== null, 'the save problem'));
    expect(refused.problem).toEqual({ reason: expect.stringMatching(/\((EEXIST|ENOTDIR)\)$/), folder: resultsPath });
    // Still running, and still showing the result (kept in memory).
    expect(app.child.exitCode).toBeNull();
    const shown = await app.waitFor((event) => event.event === 'result' && event.id === done.localId, 'the result, from memory');
    expect(shown.result).toMatchObject({ structuredContent: { project: 'app' } });

    rmSync(resultsPath); // the disk heals: the retry writes the result
    await unlessItExits(app, app.waitFor((event) => event.event === 'save-problem' && event.problem === null, 'saving to work again'));
    expect(app.child.exitCode).toBeNull();
    await app.kill();

    app = startEngineProcess(data.dir, server);
    const started = await app.waitFor((event) => event.event === 'started', 'the restart');
    const known = (started.tasks as TrackedTask[]).find((task) => task.serverTaskId === done.serverTaskId);
    expect(known).toMatchObject({ localId: done.localId, hasResult: true, snapshot: { status: 'completed' } });
    expect(await new FileResultStore({ dir: data.dir }).get(done.localId)).toMatchObject({ structuredContent: { project: 'app' } });
    expect(callsReceived(join(data.dir, 'calls.log'))).toEqual(['build']);
  });

  it('while the task journal cannot be written, a call is refused before it is sent, running tasks are followed in memory, and after the disk heals and a restart every task id the server created is known', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const countFile = join(data.dir, 'calls.log');
    const server = countedServer(form, countFile);
    const engine = nodeEngine(data.dir);
    cleanups.push(() => engine.dispose());
    await engine.start([server]);
    await waitForServer(engine, server.id);

    const first = await engine.callTool(server.id, 'build', { durationMs: 1_500, project: 'first' });
    if (first.kind !== 'task') throw new Error(`expected a task, got ${first.kind}`);
    const journal = join(data.dir, 'tasks.journal');
    renameSync(journal, `${journal}.held`);
    mkdirSync(journal); // every append now fails with EISDIR, a real error of the file system

    await expect(engine.callTool(server.id, 'build', { durationMs: 100, project: 'refused' })).rejects.toThrow(
      /^The call was not sent: it could not be saved first \(the file system refused the write \(EISDIR\), folder .+\)\. A call is only sent once it is saved/,
    );
    expect(engine.saveProblem).toEqual({ reason: 'the file system refused the write (EISDIR)', folder: data.dir });
    expect(callsReceived(countFile)).toEqual(['build']); // the server never saw the refused call
    expect(engine.listTasks().map((task) => task.arguments.project)).toEqual(['first']);
    // The running task is followed to its end in memory.
    const finished = await waitForTask(engine, first.task.localId, isTaskFinished, 20_000, 'the first build to finish');
    expect(finished.snapshot?.status).toBe('completed');

    rmdirSync(journal);
    renameSync(`${journal}.held`, journal); // the disk heals
    await waitForSaveProblem(engine, (problem) => problem === undefined, 'the retry to save the tasks');
    const second = await engine.callTool(server.id, 'build', { durationMs: 100, project: 'second' });
    if (second.kind !== 'task') throw new Error(`expected a task, got ${second.kind}`);
    expect(callsReceived(countFile)).toEqual(['build', 'build']);
    await engine.dispose();

    const restarted = nodeEngine(data.dir);
    cleanups.push(() => restarted.dispose());
    expect(await restarted.start([])).toEqual([]);
    const serverTaskIds = restarted.listTasks().map((task) => task.serverTaskId);
    expect(serverTaskIds).toEqual([first.task.serverTaskId, second.task.serverTaskId]);
    expect(restarted.getTask(first.task.localId)).toMatchObject({ snapshot: { status: 'completed' }, hasResult: true });
  });

  it('a damaged stored result is kept aside, said on its task, and fetched again from the server that still holds the task', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const server = countedServer(form, join(data.dir, 'calls.log'));
    const engine = nodeEngine(data.dir);
    cleanups.push(() => engine.dispose());
    await engine.start([server]);
    await waitForServer(engine, server.id);
    const outcome = await engine.callTool(server.id, 'build', { durationMs: 300, project: 'kept' });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    await waitForTask(engine, outcome.task.localId, (task) => isTaskFinished(task) && task.hasResult, 20_000, 'the build to finish');
    const resultsDir = join(data.dir, 'results');
    const [stored] = readdirSync(resultsDir);
    writeFileSync(join(resultsDir, stored!), '{"content":[{"type":"te'); // damaged: cut off

    const result = await engine.getResult(outcome.task.localId);

    expect(result).toMatchObject({ structuredContent: { project: 'kept' } });
    const keptAs = readdirSync(resultsDir).find((name) => name.includes('.corrupt-'));
    expect(keptAs).toBeDefined();
    expect(readFileSync(join(resultsDir, keptAs!), 'utf8')).toBe('{"content":[{"type":"te');
    const task = engine.getTask(outcome.task.localId)!;
    expect(lastAppNote(task)).toBe(`The stored result was damaged and kept as ${keptAs}. It was fetched again from the server.`);
    expect(task.hasResult).toBe(true);
    expect(await new FileResultStore({ dir: data.dir }).get(outcome.task.localId)).toEqual(result); // stored anew
  });
});
