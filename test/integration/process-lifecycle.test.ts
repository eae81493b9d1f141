/**
 * stdio server processes: closing a server ends its whole process tree (a launcher that ignores
 * SIGTERM and its server child included), and a crashed server is restarted with backoff.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/index.js';
import { isAlive, listDescendants } from '../../electron/engine/connections/process-tree.js';
import { demoServerCommand } from '../helpers/demo-server-process.js';
import { nodeEngine, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';

const LAUNCHER = fileURLToPath(new URL('../fixtures/launcher.ts', import.meta.url));

describe.skipIf(process.platform === 'win32')('stdio server processes', () => {
  let engine: Engine | undefined;
  let cleanup = (): void => undefined;
  afterEach(async () => {
    await engine?.dispose();
    cleanup();
  });

  function startEngine(): Engine {
    const data = tempDataDir();
    cleanup = data.cleanup;
    engine = nodeEngine(data.dir);
    return engine;
  }

  it('ends the whole tree behind a launcher when the engine closes', async () => {
    const before = new Set(await listDescendants(process.pid));
    const server = demoServerCommand({ form: 'extension', transport: 'stdio' });
    const current = startEngine();
    await current.start([{ id: 'wrapped', name: 'Wrapped', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', LAUNCHER, server.command, ...server.args], cwd: server.cwd }]);
    await waitForServer(current, 'wrapped');
    // An answer proves the server behind the launcher runs (connect returns once the era is known).
    expect((await current.callTool('wrapped', 'quick', {})).kind).toBe('result');
    const tree = (await listDescendants(process.pid)).filter((pid) => !before.has(pid));
    // The launcher, the server and the stubborn helper it started.
    expect(tree.filter(isAlive).length).toBeGreaterThanOrEqual(3);
    await current.dispose();
    engine = undefined;
    // Our direct child may linger a moment as a zombie until Node reaps it.
    const deadline = Date.now() + 3_000;
    while (tree.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tree.filter(isAlive)).toEqual([]);
  });

  it('restarts a crashed server and ends the tasks the new process does not know', async () => {
    const before = new Set(await listDescendants(process.pid));
    const current = startEngine();
    await current.start([{ id: 'crashy', name: 'Crashy', transport: 'stdio', ...demoServerCommand({ form: 'extension', transport: 'stdio' }) }]);
    await waitForServer(current, 'crashy');
    const outcome = await current.callTool('crashy', 'sleep', { durationMs: 600_000 });
    if (outcome.kind !== 'task') throw new Error('expected a task');
    const servers = (await listDescendants(process.pid)).filter((pid) => !before.has(pid));
    // The `ps` that listed them is among the descendants and already gone.
    for (const pid of servers.filter(isAlive)) process.kill(pid, 'SIGKILL');

    const states: string[] = [];
    current.onDidChangeServer((state) => states.push(state.status));
    const lost = await waitForTask(current, outcome.task.localId, (task) => task.endReason !== undefined, 20_000, 'the task to end after the restart');
    expect(lost.endReason).toBe('lost');
    expect(states).toContain('reconnecting');
    expect(current.listServers()[0]?.status).toBe('connected');
  });
});
