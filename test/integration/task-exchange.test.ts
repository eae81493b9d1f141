/**
 * A task's exchange against a real 2025-11-25 server over a real stdio pipe
 * (test/fixtures/quirky-legacy-server.ts, whose `forgetful` task stays `working` and is only
 * ever polled): 300 identical `tasks/get` polls read as one line with a count of 300, first and
 * last time and the last duration; the exchange is written to the data folder when the task ends
 * and a restarted engine still has it, and its export is one valid JSON document. The poll timers
 * run on a fake clock, so 300 polls take as long as 300 round trips.
 */
import { resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { ExchangeLineSchema } from '../../shared/server-log.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { createEngine, type Engine } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { QUIRKY_POLL_INTERVAL_MS } from '../fixtures/quirky-legacy-server.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { pollUntil, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const POLLS = 300;
const engines: Engine[] = [];
const data = tempDataDir();
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
});
afterAll(() => data.cleanup());

function engineOn(clock: FakeClock): Engine {
  const engine = createEngine({ ...createNodePorts(data.dir, createConsoleLogger('error')), clock, random: () => 0 });
  engines.push(engine);
  return engine;
}

describe('a task\'s exchange', () => {
  it(`collapses ${POLLS} identical polls into one line, and survives a restart`, async () => {
    const clock = new FakeClock();
    const engine = engineOn(clock);
    const config: ServerConfig = { id: 'quirky', name: 'Quirky', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', 'test/fixtures/quirky-legacy-server.ts'], cwd: REPO_ROOT };
    await engine.start([config]);
    await waitForServer(engine, 'quirky');
    const outcome = await engine.callTool('quirky', 'forgetful', {});
    if (outcome.kind !== 'task') throw new Error('forgetful did not become a task');
    const id = outcome.task.localId;
    const answeredPolls = () => engine.protocolLog('quirky', { localId: id }).filter((entry) => entry.method === 'tasks/get' && entry.kind === 'response').length;
    for (let poll = 1; poll <= POLLS; poll++) {
      await clock.advance(QUIRKY_POLL_INTERVAL_MS);
      await pollUntil(() => answeredPolls() >= poll, `poll ${poll}`);
    }
    expect(answeredPolls()).toBe(POLLS);
    const live = await engine.taskExchange(id);
    const polls = live.filter((line) => line.method === 'tasks/get');
    expect(polls).toHaveLength(1);
    expect(polls[0]).toMatchObject({ count: POLLS, direction: 'sent', kind: 'request', outcome: 'result', summary: 'working' });
    expect(polls[0]!.lastAt).toBeGreaterThan(polls[0]!.at);
    expect(polls[0]!.durationMs).toBeGreaterThanOrEqual(0);

    // The server forgets the task: the next poll ends it, and its exchange is written.
    await engine.callTool('quirky', 'forget', {});
    await clock.advance(QUIRKY_POLL_INTERVAL_MS);
    const ended = await waitForTask(engine, id, isTaskFinished, 20_000, 'the forgotten task to end');
    await clock.advance(1_000);
    const before = await engine.taskExchange(id);
    expect(before.at(-1)).toMatchObject({ method: 'tasks/get', outcome: 'error', count: 1 });
    await engine.dispose();

    const restarted = engineOn(new FakeClock());
    await restarted.start([]);
    const after = await restarted.taskExchange(id);
    expect(after).toEqual(before.map((line) => ExchangeLineSchema.parse(line)));
    expect(after.find((line) => line.method === 'tasks/get')?.count).toBe(POLLS);
    const exported = await restarted.exportTask(id);
    const document = JSON.parse(JSON.stringify(exported)) as { task: { localId: string; endReason?: string }; exchange: unknown[]; exportedAt: string };
    expect(document.task).toMatchObject({ localId: id, endReason: ended.endReason });
    expect(document.exchange).toEqual(after);
    expect(new Date(document.exportedAt).toString()).not.toBe('Invalid Date');

    await restarted.removeTask(id);
    expect(await restarted.taskExchange(id)).toEqual([]);
  }, 120_000);
});
