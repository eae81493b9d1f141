/**
 * Size limits on what a stdio server prints (a real child process, a real pipe): a 20 MiB line
 * (default limit 16 MiB) is cut while it is read, and the `tasks/get` it answers fails at once
 * with a clear error instead of waiting for its 30 s timeout; the task stays tracked and the next
 * poll, answered normally, clears the error. A line that names its request only after the huge
 * part cannot be tied to it: that request runs into its timeout (a fake clock moves it), and the
 * polls go on.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { isTaskFinished } from '../../shared/task-model.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { createEngine, type Clock, type Engine } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { STDIO_NORMAL_STATUS } from '../fixtures/oversize-stdio-server.js';
import { fixtureServerConfig } from '../helpers/fixture-engine.js';
import { pollUntil, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';
import { FakeClock } from '../helpers/fake-clock.js';

const MIB = 1024 * 1024;
/** Well within the 30 s request timeout: only an at-once failure arrives in time. */
const AT_ONCE_MS = 10_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function engineWith(args: string[], clock?: Clock): Promise<Engine> {
  const base = fixtureServerConfig('oversize-stdio', 'Oversize stdio', new URL('../fixtures/oversize-stdio-server.ts', import.meta.url));
  if (base.transport !== 'stdio') throw new Error('a fixture server runs over stdio');
  const config = { ...base, args: [...base.args, ...args] };
  const data = tempDataDir();
  cleanups.push(data.cleanup);
  const ports = createNodePorts(data.dir, createConsoleLogger('error'));
  const engine = createEngine(clock === undefined ? ports : { ...ports, clock });
  cleanups.push(() => engine.dispose());
  await engine.start([config]);
  await waitForServer(engine, config.id);
  return engine;
}

describe('a stdio server printing a line larger than the limit', () => {
  it('a 20 MiB answer fails its request at once with a clear error; the task stays tracked and polls on', async () => {
    const engine = await engineWith(['--huge-bytes', String(20 * MIB)]);
    const outcome = await engine.callTool('oversize-stdio', 'job', {});
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const failed = await waitForTask(engine, outcome.task.localId, (task) => task.lastProblem !== undefined, AT_ONCE_MS, 'the huge answer to fail its poll');
    expect(failed.lastProblem).toEqual({ kind: 'poll-failed', detail: 'The server sent a message larger than 16 MiB (the limit); it was not read.' });
    expect(isTaskFinished(failed)).toBe(false);
    expect(engine.listServers()[0]?.status).toBe('connected');
    const recovered = await waitForTask(engine, outcome.task.localId, (task) => task.lastProblem === undefined && task.snapshot?.statusMessage === STDIO_NORMAL_STATUS, 20_000, 'the next poll');
    expect(recovered.snapshot?.status).toBe('working');
  });

  it('a 20 MiB answer naming its request only at its end: the request runs into its timeout, then polls go on', async () => {
    const clock = new FakeClock();
    const engine = await engineWith(['--huge-bytes', String(20 * MIB), '--id-last'], clock);
    const outcome = await engine.callTool('oversize-stdio', 'job', {});
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const id = outcome.task.localId;
    const errors: string[] = [];
    engine.onDidUpdateTask((task) => {
      if (task.localId === id && task.lastProblem !== undefined) errors.push(String(task.lastProblem['detail']));
    });
    await clock.advance(1_000);
    // The 20 MiB line goes by and is dropped: which request it answered is not known, so it waits.
    await delay(2_000);
    expect(errors).toEqual([]);
    await clock.advance(30_000);
    await pollUntil(() => engine.getTask(id)?.snapshot?.statusMessage === STDIO_NORMAL_STATUS, 'the next poll');
    expect(errors[0]).toBe('tasks/get timed out after 30000 ms');
    expect(engine.getTask(id)?.lastProblem).toBeUndefined();
    expect(isTaskFinished(engine.getTask(id)!)).toBe(false);
  });
});
