/**
 * Size limits on what an HTTP server sends (real node:http server, real sockets): a `tasks/get`
 * answer past the message limit is refused while it is read — the connection is closed inside
 * the body, never read to its end — and the task shows why, stays tracked, and polls fine again
 * once the server answers normally. Over SSE the limit is per event, not per stream.
 * Most cases use a 1 MiB limit to stay fast; one runs at the default 16 MiB.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isTaskFinished, type TrackedTask } from '../../shared/task-model.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { createEngine, type Engine } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../../electron/engine/connections/message-limit.js';
import { NORMAL_STATUS, startOversizeServer, type GetMode, type OversizeServer } from '../fixtures/oversize-http-server.js';
import { tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';

const MIB = 1024 * 1024;
const SERVER_ID = 'oversize';
/** The body a hostile server sends: valid JSON, 64 MiB. */
const HUGE_BYTES = 64 * MIB;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real engine (limit `maxMessageBytes`) connected to a fresh oversize server, with one task being polled. */
async function setUp(maxMessageBytes?: number): Promise<{ engine: Engine; server: OversizeServer; task: TrackedTask }> {
  // `many-sse` events of 40% of the limit: four of them are 160% of it, none is over it.
  const server = await startOversizeServer(HUGE_BYTES, Math.floor((maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES) * 0.4));
  cleanups.push(() => server.close());
  const data = tempDataDir();
  cleanups.push(data.cleanup);
  const engine = createEngine(createNodePorts(data.dir, createConsoleLogger('error')), maxMessageBytes === undefined ? {} : { maxMessageBytes });
  cleanups.push(() => engine.dispose());
  await engine.start([{ id: SERVER_ID, name: 'Oversize', transport: 'http', url: server.url }]);
  await waitForServer(engine, SERVER_ID);
  const outcome = await engine.callTool(SERVER_ID, 'job', {});
  if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
  return { engine, server, task: outcome.task };
}

/** Switches the server to `mode` and waits for the first answer written that way. */
function nextAnswerIn(server: OversizeServer, mode: GetMode) {
  server.mode = mode;
  return server.nextAnswerDone(mode);
}

/** The task shows `error`, is still tracked and running; a normal answer afterwards clears it. */
async function expectTrackedThroughError(engine: Engine, server: OversizeServer, task: TrackedTask, error: RegExp): Promise<void> {
  const failed = await waitForTask(engine, task.localId, (current) => current.lastProblem !== undefined, 20_000, 'the refused answer to reach the task');
  expect(failed.lastProblem).toEqual({ kind: 'poll-failed', detail: expect.stringMatching(error) });
  expect(isTaskFinished(failed)).toBe(false);
  expect(failed.snapshot?.status).toBe('working');
  expect(engine.listServers().find((state) => state.id === SERVER_ID)?.status).toBe('connected');
  server.mode = 'normal';
  const recovered = await waitForTask(engine, task.localId, (current) => current.lastProblem === undefined, 20_000, 'a normal poll after the refused one');
  expect(recovered.snapshot?.statusMessage).toBe(NORMAL_STATUS);
}

describe('an HTTP server sending answers larger than the limit', () => {
  it('a 64 MiB JSON body (1 MiB limit) is cut while read: the socket closes early and the task shows why', async () => {
    const { engine, server, task } = await setUp(MIB);
    const answer = await nextAnswerIn(server, 'huge-json');
    expect(answer.closedEarly).toBe(true);
    // The limit, plus what socket buffers took in before the close: far below the body.
    expect(answer.writtenBytes).toBeLessThan(16 * MIB);
    expect(answer.writtenBytes).toBeLessThan(answer.plannedBytes);
    await expectTrackedThroughError(engine, server, task, /^The server sent a response larger than 1 MiB \(the limit\); it was not read\.$/);
  });

  it('a Content-Length above the limit is refused before the body is read', async () => {
    const { engine, server, task } = await setUp(MIB);
    const answer = await nextAnswerIn(server, 'huge-json-declared');
    expect(answer.closedEarly).toBe(true);
    expect(answer.writtenBytes).toBeLessThan(16 * MIB);
    await expectTrackedThroughError(engine, server, task, /larger than 1 MiB \(the limit\); it was not read/);
  });

  it('one SSE event of 64 MiB (1 MiB limit) is cut while read and its request fails at once, saying why', async () => {
    const { engine, server, task } = await setUp(MIB);
    const answer = await nextAnswerIn(server, 'huge-sse');
    expect(answer.closedEarly).toBe(true);
    expect(answer.writtenBytes).toBeLessThan(16 * MIB);
    await expectTrackedThroughError(engine, server, task, /^The server sent a response larger than 1 MiB \(the limit\); it was not read\.$/);
  });

  it('an SSE stream is limited per event: events below the limit that add up above it are all read', async () => {
    const { engine, server, task } = await setUp(MIB);
    const answer = await nextAnswerIn(server, 'many-sse');
    expect(answer.plannedBytes).toBeGreaterThan(MIB);
    // All of it reached the socket (the client may close it once the answer arrived).
    expect(answer.writtenBytes).toBe(answer.plannedBytes);
    const polled = await waitForTask(engine, task.localId, (current) => current.updatedAt > task.updatedAt || current.lastProblem !== undefined, 10_000, 'the streamed answer to be applied');
    expect(polled.lastProblem).toBeUndefined();
    expect(polled.snapshot?.statusMessage).toBe(NORMAL_STATUS);
  });

  it('a question whose form is larger than 256 KiB is not kept: the task says why, no input is filed', async () => {
    // 1 MiB limit: `many-sse`'s 40% is the size of the form (~410 KiB), well within the limit.
    const { engine, server, task } = await setUp(MIB);
    server.mode = 'huge-form';
    const failed = await waitForTask(engine, task.localId, (current) => current.lastProblem !== undefined, 20_000, 'the huge form to be refused');
    expect(failed.lastProblem).toEqual({ kind: 'poll-failed', detail: 'Malformed task from the server: input request "form" is larger than 256 KiB' });
    expect(failed.snapshot?.status).toBe('working');
    expect(engine.listInputs()).toEqual([]);
    await expectTrackedThroughError(engine, server, task, /input request "form" is larger than 256 KiB/);
  });

  it(`at the default limit (${DEFAULT_MAX_MESSAGE_BYTES / MIB} MiB), a 64 MiB JSON body is refused too`, async () => {
    const { engine, server, task } = await setUp();
    const answer = await nextAnswerIn(server, 'huge-json');
    expect(answer.closedEarly).toBe(true);
    expect(answer.writtenBytes).toBeLessThan(40 * MIB);
    await expectTrackedThroughError(engine, server, task, /^The server sent a response larger than 16 MiB \(the limit\); it was not read\.$/);
  });
});
