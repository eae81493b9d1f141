/**
 * 2025-11-25 over Streamable HTTP: a server (TS SDK 1.x) asks its task's question on the session's
 * GET stream at once, before the answer to `tools/call` names the task. The question is held until
 * the task is known, attached to it, and answered — every time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskFinished } from '../../shared/task-model.js';
import type { Engine } from '../../electron/engine/index.js';
import { EARLY_HTTP_MESSAGE } from '../fixtures/early-question-http-server.js';
import { nodeEngine, tempDataDir, waitForInput, waitForServer, waitForTask } from '../helpers/engine-harness.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/early-question-http-server.ts', import.meta.url));

describe('a question on the GET stream before the task is known (2025-11-25, HTTP)', () => {
  let server: ChildProcess;
  let engine: Engine;
  const data = tempDataDir();

  beforeAll(async () => {
    server = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = await createInterface({ input: server.stdout! })[Symbol.asyncIterator]().next().then((next) => [next.value as string]);
    const { url } = JSON.parse(line!) as { url: string };
    engine = nodeEngine(data.dir);
    await engine.start([{ id: 'early', name: 'Early', transport: 'http', url }]);
    await waitForServer(engine, 'early');
  });
  afterAll(async () => {
    await engine.dispose();
    server.kill('SIGKILL');
    data.cleanup();
  });

  it.each([1, 2, 3, 4, 5])('run %i: the question is attached to its task and answered', async (run) => {
    const outcome = await engine.callTool('early', 'early_question', {});
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const input = await waitForInput(engine, outcome.task.localId, 5_000);
    expect(input).toMatchObject({ request: { method: 'elicitation/create', params: expect.objectContaining({ message: EARLY_HTTP_MESSAGE }) } });
    await engine.answerInput(outcome.task.localId, input.key, { action: 'accept', content: { region: `eu-${run}` } });
    const done = await waitForTask(engine, outcome.task.localId, isTaskFinished, 10_000, 'the task to complete');
    expect(done.snapshot?.status).toBe('completed');
    expect(JSON.stringify(await engine.getResult(outcome.task.localId))).toContain(`eu-${run}`);
  });
});
