/**
 * Starting, the engine launches its stdio servers while the saved tasks load (they boot
 * meanwhile), but no server is connected, nor spoken to, before the tasks are loaded: each
 * then resumes the saved tasks. A real demo server over stdio; the store's load is held open by
 * a decorator around the real store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine, TaskStore, TaskStoreLoad } from '../../electron/engine/index.js';
import type { TaskStoreChanges } from '../../electron/engine/ports.js';
import { spawnProcess, type ProcessLauncher } from '../../electron/engine/connections/process-launcher.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import type { ServerConfig, ServerState } from '../../shared/server-config.js';
import { demoServerCommand } from '../helpers/demo-server-process.js';
import { nodeEngine, pollUntil, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';

/** The real store, whose `load` waits until `release()`. */
class HeldTaskStore implements TaskStore {
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => {
    this.open = resolve;
  });
  isReleased = false;
  constructor(private readonly inner: TaskStore) {}
  release(): void {
    this.isReleased = true;
    this.open();
  }
  async load(): Promise<TaskStoreLoad> {
    await this.gate;
    return this.inner.load();
  }
  save(changes: TaskStoreChanges): Promise<void> {
    return this.inner.save(changes);
  }
}

const engines: Engine[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe.skipIf(process.platform === 'win32')('stdio servers launched while the saved tasks load', () => {
  it('boots the server during the load, connects only after it, and resumes the saved task', async () => {
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const server: ServerConfig = { id: 'demo', name: 'Demo', transport: 'stdio', ...demoServerCommand({ form: 'extension', transport: 'stdio' }) };

    // A first engine leaves an unfinished task behind; its server process ends with it.
    const first = nodeEngine(data.dir);
    await first.start([server]);
    await waitForServer(first, 'demo');
    const outcome = await first.callTool('demo', 'sleep', { durationMs: 600_000 });
    if (outcome.kind !== 'task') throw new Error('expected a task');
    await first.dispose();

    const launchedWhileLoading: boolean[] = [];
    const launch: ProcessLauncher = (parameters) => {
      launchedWhileLoading.push(!held.isReleased);
      return spawnProcess(parameters);
    };
    const ports = createNodePorts(data.dir, createConsoleLogger('warn'));
    const held = new HeldTaskStore(ports.taskStore);
    const second = nodeEngine(data.dir, undefined, { taskStore: held, launchProcess: launch });
    engines.push(second);
    const states: ServerState['status'][] = [];
    second.onDidChangeServer((state) => states.push(state.status));
    const started = second.start([server]);

    expect(launchedWhileLoading).toEqual([true]);
    // Long enough for the server to boot: it is still not spoken to, nor connected.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(second.listServers().map((state) => state.status)).toEqual(['connecting']);
    expect(states).not.toContain('connected');
    expect(second.protocolLog('demo')).toEqual([]);

    held.release();
    const problems = await started;
    expect(problems).toEqual([]);
    await waitForServer(second, 'demo');
    expect(launchedWhileLoading).toEqual([true]);
    // The saved task was resumed: its server (a new process) no longer knows it.
    const lost = await waitForTask(second, outcome.task.localId, (task) => task.endReason !== undefined, 20_000, 'the saved task to end');
    expect(lost.endReason).toBe('lost');
    await pollUntil(() => second.debugCounts.scheduled === 0, 'nothing left to poll');
  });
});
