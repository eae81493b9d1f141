/**
 * An answer on its way is not asked again: while a `tasks/update` is in flight, the extension
 * server still lists the question on every `tasks/get` (it has not applied the answer yet). A
 * loopback proxy holds the update (and `subscriptions/listen`, so the engine keeps polling at the
 * server's pace) in front of the real demo server over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/index.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { nodeEngine, pollUntil, tempDataDir, waitForInput, waitForServer } from '../helpers/engine-harness.js';

describe('an answer in flight (extension over HTTP)', () => {
  let proxy: CountingProxy;
  let engine: Engine;
  let cleanup: () => void;

  beforeAll(async () => {
    const server = await startDemoServer({ form: 'extension', transport: 'http' });
    proxy = await startCountingProxy(server.url!, ['tasks/update', 'subscriptions/listen']);
    const data = tempDataDir();
    cleanup = data.cleanup;
    engine = nodeEngine(data.dir);
    await engine.start([{ id: 'ext', name: 'Extension demo', transport: 'http', url: proxy.url }]);
    await waitForServer(engine, 'ext');
  });

  afterAll(async () => {
    await engine.dispose();
    await proxy.close();
    await stopAllDemoServers();
    cleanup();
  });

  it('is not shown again by the reads the server answers before it has applied it', async () => {
    const outcome = await engine.callTool('ext', 'deploy', { service: 'api', durationMs: 200 });
    if (outcome.kind !== 'task') throw new Error('expected a task');
    const input = await waitForInput(engine, outcome.task.localId);
    const answering = engine.answerInput(outcome.task.localId, input.key, { action: 'decline' });
    answering.catch(() => undefined);
    await pollUntil(() => proxy.count('tasks/update') === 1, 'the update to reach the proxy');
    const readsBefore = proxy.count('tasks/get');
    // The server still lists the question on these reads (the poll interval is 500 ms).
    await pollUntil(() => proxy.count('tasks/get') >= readsBefore + 2, 'two more reads', 10_000);
    expect(engine.listInputs().filter((pending) => pending.localId === outcome.task.localId)).toEqual([]);
    expect(engine.getTask(outcome.task.localId)?.snapshot?.status).toBe('input_required');
  });
});
