/**
 * Nothing is lost across restarts: an engine killed with SIGKILL mid-task is replaced by a new
 * one on the same data folder, which resumes the task and gets its result; a call in flight when
 * the engine died becomes "outcome unknown" and is never resent; a server restarted without its
 * state makes its tasks end as lost.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import type { TrackedTask } from '../../shared/task-model.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startEngineProcess, type EngineEvent, type EngineProcess } from '../helpers/engine-process-handle.js';
import { nodeEngine, pollUntil, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';
import type { Engine } from '../../electron/engine/index.js';
import { lastAppNote } from '../helpers/app-notes.js';

const processes: EngineProcess[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((engine) => engine.kill()));
});
afterAll(async () => {
  await stopAllDemoServers();
  for (const cleanup of cleanups) cleanup();
});

function dataDir(): string {
  const data = tempDataDir();
  cleanups.push(data.cleanup);
  return data.dir;
}

function spawnEngine(data: string, server: ServerConfig, call?: { tool: string; args: Record<string, unknown> }): EngineProcess {
  const engine = startEngineProcess(data, server, call);
  processes.push(engine);
  return engine;
}

const taskOf = (event: EngineEvent): TrackedTask | undefined => (event.event === 'task' ? (event.task as TrackedTask) : undefined);

describe('resume after the engine is killed (SIGKILL)', () => {
  it('extension form over HTTP: the new engine resumes the build and receives its result', async () => {
    const server = await startDemoServer({ form: 'extension', transport: 'http' });
    const config: ServerConfig = { id: 'ext', name: 'Extension demo', transport: 'http', url: server.url! };
    const data = dataDir();
    const first = spawnEngine(data, config, { tool: 'build', args: { durationMs: 4_000, project: 'resume-me' } });
    const started = taskOf(await first.waitFor((event) => taskOf(event)?.snapshot?.statusMessage?.startsWith('Step 2') === true, 'the build to reach step 2'))!;
    await first.kill();

    const second = spawnEngine(data, config);
    const loaded = await second.waitFor((event) => event.event === 'started', 'the second engine to start');
    expect((loaded.tasks as TrackedTask[]).map((task) => task.serverTaskId)).toEqual([started.serverTaskId]);
    const result = await second.waitFor((event) => event.event === 'result' && event.id === started.localId, 'the resumed build result');
    expect(result.result).toMatchObject({ structuredContent: { project: 'resume-me' } });
  });

  it('2025-11-25 over HTTP: the new engine rejoins the task\'s session and receives its result', async () => {
    const server = await startDemoServer({ form: 'legacy', transport: 'http' });
    const config: ServerConfig = { id: 'legacy', name: 'Legacy demo', transport: 'http', url: server.url! };
    const data = dataDir();
    const first = spawnEngine(data, config, { tool: 'build', args: { durationMs: 4_000, project: 'rejoin-me' } });
    const started = taskOf(await first.waitFor((event) => taskOf(event)?.snapshot?.statusMessage?.startsWith('Step 2') === true, 'the build to reach step 2'))!;
    expect(started.legacy?.session?.id).toEqual(expect.any(String));
    await first.kill();

    const second = spawnEngine(data, config);
    const result = await second.waitFor((event) => event.event === 'result' && event.id === started.localId, 'the resumed build result');
    expect(result.result).toMatchObject({ structuredContent: { project: 'rejoin-me' } });
  });

  it('a call in flight when the engine died becomes outcome-unknown and is never resent', async () => {
    const server = await startDemoServer({ form: 'extension', transport: 'http' });
    const proxy: CountingProxy = await startCountingProxy(server.url!, 'tools/call');
    try {
      const config: ServerConfig = { id: 'ext', name: 'Extension demo', transport: 'http', url: proxy.url };
      const data = dataDir();
      const first = spawnEngine(data, config, { tool: 'build', args: { durationMs: 1_000 } });
      await first.waitFor((event) => taskOf(event)?.phase === 'calling', 'the pending call entry');
      await pollUntil(() => proxy.count('tools/call') === 1, 'the held tools/call to reach the server');
      await first.kill();

      const second = spawnEngine(data, config);
      await second.waitFor((event) => event.event === 'server' && (event.state as { status: string }).status === 'connected', 'reconnection');
      const loaded = await second.waitFor((event) => event.event === 'started', 'the second engine to start');
      const [task] = loaded.tasks as TrackedTask[];
      expect(task).toMatchObject({ phase: 'outcome-unknown', toolName: 'build' });
      expect(lastAppNote(task)).toContain('outcome is unknown');
      expect(proxy.count('tools/call')).toBe(1);
    } finally {
      await proxy.close();
    }
  });
});

describe('a server restarted without its state', () => {
  let engine: Engine | undefined;
  afterEach(async () => {
    await engine?.dispose();
  });

  it('2025-11-25 over HTTP: a session the restarted server lost means a fresh session and lost tasks', async () => {
    const original = await startDemoServer({ form: 'legacy', transport: 'http' });
    const port = Number(new URL(original.url!).port);
    const config: ServerConfig = { id: 'legacy', name: 'Legacy demo', transport: 'http', url: original.url! };
    const data = dataDir();
    const first = spawnEngine(data, config, { tool: 'build', args: { durationMs: 10_000 } });
    // Step 2 comes after the first polls, so the task id is on disk by then (a push can show
    // the task as working a moment before its id is durable).
    const started = taskOf(await first.waitFor((event) => taskOf(event)?.snapshot?.statusMessage?.startsWith('Step 2') === true, 'the build to reach step 2'))!;
    await first.kill();
    await original.stop();
    await startDemoServer({ form: 'legacy', transport: 'http', port });

    const second = spawnEngine(data, config);
    const ended = await second.waitFor((event) => taskOf(event)?.localId === started.localId && taskOf(event)?.endReason !== undefined, 'the task to end');
    expect(taskOf(ended)!.endReason).toBe('lost');
    await second.waitFor((event) => event.event === 'server' && (event.state as { status: string }).status === 'connected', 'a fresh session');
  });

  it('ends its tasks as lost once the new server answers', async () => {
    const original = await startDemoServer({ form: 'extension', transport: 'http' });
    const port = Number(new URL(original.url!).port);
    engine = nodeEngine(dataDir());
    await engine.start([{ id: 'ext', name: 'Extension demo', transport: 'http', url: original.url! }]);
    await waitForServer(engine, 'ext');
    const outcome = await engine.callTool('ext', 'sleep', { durationMs: 600_000 });
    if (outcome.kind !== 'task') throw new Error('expected a task');
    await waitForTask(engine, outcome.task.localId, (task) => task.snapshot?.status === 'working');
    await original.stop();
    await startDemoServer({ form: 'extension', transport: 'http', port });
    const lost = await waitForTask(engine, outcome.task.localId, (task) => task.endReason !== undefined, 20_000, 'the task to end');
    expect(lost.endReason).toBe('lost');
    expect(lastAppNote(lost)).toMatch(/no longer knows this task/);
  });
});
