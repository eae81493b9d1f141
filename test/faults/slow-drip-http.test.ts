/**
 * A server that never finishes a `tasks/get` answer — one byte every 50 ms for ever, or headers
 * then nothing — over a real HTTP socket: the request fails at its timeout (30 s, on a fake clock
 * the test moves) with a clear error, the connection is closed, the task stays tracked, and the
 * next poll, answered normally, clears the error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isTaskFinished } from '../../shared/task-model.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { createEngine } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { NORMAL_STATUS, startOversizeServer, type GetMode } from '../fixtures/oversize-http-server.js';
import { pollUntil, tempDataDir, waitForServer } from '../helpers/engine-harness.js';
import { FakeClock } from '../helpers/fake-clock.js';

const MIB = 1024 * 1024;
const SERVER_ID = 'drip';
/** The engine's timeout of a `tasks/get`. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Past the task's poll delay (250 ms) and the back-off after one failure (500 ms). */
const FIRST_POLL_MS = 1_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('an HTTP server that never finishes its answer', () => {
  it.each<GetMode>(['drip', 'stall'])('%s: the poll fails at its timeout with a clear error; the task stays tracked and polls on', async (mode) => {
    const server = await startOversizeServer(MIB, MIB);
    cleanups.push(() => server.close());
    const data = tempDataDir();
    cleanups.push(data.cleanup);
    const clock = new FakeClock();
    const engine = createEngine({ ...createNodePorts(data.dir, createConsoleLogger('error')), clock }, { maxMessageBytes: MIB });
    cleanups.push(() => engine.dispose());
    await engine.start([{ id: SERVER_ID, name: 'Drip', transport: 'http', url: server.url }]);
    await waitForServer(engine, SERVER_ID);
    const outcome = await engine.callTool(SERVER_ID, 'job', {});
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const id = outcome.task.localId;

    const errors: string[] = [];
    engine.onDidUpdateTask((task) => {
      if (task.localId === id && task.lastProblem !== undefined) errors.push(String(task.lastProblem['detail']));
    });

    server.mode = mode;
    const hung = server.nextAnswerDone(mode);
    await clock.advance(FIRST_POLL_MS);
    await pollUntil(() => server.answering === 1, 'the poll to reach the server');
    // Answers from now on are normal: the poll after the failure shows the task is fine.
    server.mode = 'normal';
    // Short of the timeout (counted from a send within FIRST_POLL_MS): still waiting, nothing shown.
    await clock.advance(REQUEST_TIMEOUT_MS - 2 * FIRST_POLL_MS);
    expect(errors).toEqual([]);
    expect(server.answering).toBe(1);
    await clock.advance(3 * FIRST_POLL_MS);
    const answer = await hung;
    expect(answer.closedEarly).toBe(true);
    expect(errors[0]).toBe(`tasks/get timed out after ${REQUEST_TIMEOUT_MS} ms`);
    expect(isTaskFinished(engine.getTask(id)!)).toBe(false);

    await clock.advance(FIRST_POLL_MS);
    await pollUntil(() => engine.getTask(id)?.lastProblem === undefined, 'the next poll to clear the error');
    expect(engine.getTask(id)?.snapshot?.statusMessage).toBe(NORMAL_STATUS);
  });
});
