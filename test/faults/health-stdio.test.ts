/**
 * Server health over stdio: a server process that stops answering (SIGSTOP: alive, silent) is
 * shown as not responding once a ping gets no answer in time, is left running (never killed or
 * restarted for it), and is connected again on its next answer (SIGCONT). Pings go out whether
 * or not the server has tracked work. Real demo server processes over real pipes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { isAlive, listDescendants } from '../../electron/engine/connections/process-tree.js';
import { demoServerCommand } from '../helpers/demo-server-process.js';
import { waitForServer, waitForServerState, waitForTask } from '../helpers/engine-harness.js';
import { disposeHealthEngines, FAST_HEALTH, healthEngine, isHealthy, isNotResponding, recordStates, startTask } from './health-kit.js';

const frozen = new Set<number>();
afterEach(async () => {
  for (const pid of frozen) if (isAlive(pid)) process.kill(pid, 'SIGCONT');
  frozen.clear();
  await disposeHealthEngines();
});

/** Stops (`SIGSTOP`) or resumes (`SIGCONT`) every process in `pids`. */
function signalAll(pids: readonly number[], signal: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of pids) {
    process.kill(pid, signal);
    if (signal === 'SIGSTOP') frozen.add(pid);
    else frozen.delete(pid);
  }
}

describe.skipIf(process.platform === 'win32')('a stdio server that stops answering', () => {
  it.each([
    ['2025-11-25', 'ping', 'legacy'],
    ['2026-07-28', 'server/discover', 'extension'],
  ] as const)('%s: not responding after an unanswered %s (the process left running), connected again on its next answer', async (_era, probe, form) => {
    const engine = healthEngine();
    const before = new Set(await listDescendants(process.pid));
    const config: ServerConfig = { id: 'frozen', name: 'Frozen', transport: 'stdio', ...demoServerCommand({ form, transport: 'stdio' }) };
    await engine.start([config]);
    await waitForServer(engine, config.id);
    // The `ps` that listed them is among the descendants and already gone.
    const server = (await listDescendants(process.pid)).filter((pid) => !before.has(pid) && isAlive(pid));
    expect(server.length).toBeGreaterThan(0);
    const states = recordStates(engine, config.id);
    const stoppedAt = Date.now();
    signalAll(server, 'SIGSTOP');

    // No tracked work: the pings alone notice it.
    const silent = await waitForServerState(engine, config.id, isNotResponding, 10_000, 'the server to be shown not responding');
    expect(silent.health).toEqual({ condition: 'not-responding', probe, since: expect.any(Number), pingTimeoutMs: FAST_HEALTH.pingTimeoutMs });
    expect(silent.health!.since).toBeGreaterThanOrEqual(stoppedAt - FAST_HEALTH.pingIntervalMs);
    expect(server.every(isAlive)).toBe(true);

    signalAll(server, 'SIGCONT');
    await waitForServerState(engine, config.id, isHealthy, 10_000, 'the server to be connected again');
    // The same process went on: never reconnected, and it still runs tasks.
    expect(states.map((state) => state.status)).not.toContain('reconnecting');
    const build = await startTask(engine, config.id, 'build', { durationMs: 300 });
    expect((await waitForTask(engine, build.localId, isTaskFinished, 20_000, 'the build to finish')).snapshot?.status).toBe('completed');
  });
});
