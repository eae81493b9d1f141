/**
 * A stdio server that cannot start (`node /nonexistent.js`): its state says why — the exit code
 * and the stderr line that explains it, not the SDK's wording about the probe — and after
 * `MAX_FAILED_STARTS` failed starts within `FAILED_START_WINDOW_MS` the engine stops starting it
 * and says so, until the user asks for a retry.
 *
 * Real processes, counted as they start (a `--require` preload given in NODE_OPTIONS appends one
 * line per Node process to a file); the engine's retry timers run on a fake clock, so the test
 * walks the backoff without waiting for it.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FAILED_START_WINDOW_MS, MAX_FAILED_STARTS, type ServerConfig, type ServerState } from '../../shared/server-config.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { createEngine, type Engine } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { pollUntil, tempDataDir, waitForServerState } from '../helpers/engine-harness.js';

const engines: Engine[] = [];
const dataDirs: ReturnType<typeof tempDataDir>[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  for (const data of dataDirs.splice(0)) data.cleanup();
});

interface Setup {
  engine: Engine;
  clock: FakeClock;
  config: ServerConfig;
  /** How many Node processes the server's command started so far. */
  spawns(): number;
}

/** An engine on a fake clock with one stdio server, `node /nonexistent.js`, whose starts are counted. */
async function cannotStart(): Promise<Setup> {
  const data = tempDataDir();
  dataDirs.push(data);
  const counter = join(data.dir, 'count-spawns.cjs');
  const log = join(data.dir, 'spawns.log');
  writeFileSync(counter, "require('node:fs').appendFileSync(process.env.SPAWN_LOG, process.pid + '\\n');\n");
  const clock = new FakeClock();
  const engine = createEngine({ ...createNodePorts(data.dir, createConsoleLogger('error')), clock, random: () => 0 });
  engines.push(engine);
  const config: ServerConfig = {
    id: 'broken',
    name: 'Broken',
    transport: 'stdio',
    command: process.execPath,
    args: ['/nonexistent.js'],
    env: { NODE_OPTIONS: `--require ${counter}`, SPAWN_LOG: log },
  };
  await engine.start([config]);
  const spawns = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);
  return { engine, clock, config, spawns };
}

const stateOf = (engine: Engine) => engine.listServers().find((state) => state.id === 'broken')!;
const isWaitingToRetry = (state: ServerState) => state.status === 'reconnecting' && state.nextRetryAt !== undefined;

/** Lets every retry the engine asks for happen at once, until it stops retrying. */
async function walkBackoff({ engine, clock }: Setup): Promise<ServerState> {
  for (;;) {
    const state = await waitForServerState(engine, 'broken', (current) => isWaitingToRetry(current) || current.status === 'failed', 20_000, 'a failed start');
    if (state.status === 'failed') return state;
    await clock.advance(state.nextRetryAt! - clock.now());
  }
}

describe('a stdio server that cannot start', () => {
  it('says why: the exit code and the stderr line that explains it', async () => {
    const { engine } = await cannotStart();
    const state = await waitForServerState(engine, 'broken', isWaitingToRetry, 20_000, 'the first failed start');
    expect(state.exit).toMatchObject({ code: 1 });
    expect(state.exit?.signal).toBeUndefined();
    expect(state.exit?.stderr).toEqual([expect.stringMatching(/^Error: Cannot find module '\/nonexistent\.js'/)]);
  });

  it(`stops after ${MAX_FAILED_STARTS} failed starts within ${FAILED_START_WINDOW_MS / 60_000} minutes, starts nothing more, and starts again on Retry now`, async () => {
    const setup = await cannotStart();
    const { engine, clock, spawns } = setup;
    const stopped = await walkBackoff(setup);
    expect(spawns()).toBe(MAX_FAILED_STARTS);
    expect(stopped).toMatchObject({ status: 'failed', failedStarts: MAX_FAILED_STARTS, exit: { code: 1 } });
    expect(stopped.nextRetryAt).toBeUndefined();
    // Nothing is waiting to start it again, however long one waits.
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(spawns()).toBe(MAX_FAILED_STARTS);
    expect(stateOf(engine).status).toBe('failed');

    engine.retryServer('broken');
    await pollUntil(() => spawns() === MAX_FAILED_STARTS + 1, 'the retry to start the server again');
    // A fresh round of attempts: it waits to retry again instead of stopping at once.
    const retried = await waitForServerState(engine, 'broken', isWaitingToRetry, 20_000, 'the retried start to fail');
    expect(retried.failedStarts).toBe(1);
    expect(await walkBackoff(setup)).toMatchObject({ status: 'failed' });
    expect(spawns()).toBe(2 * MAX_FAILED_STARTS);
  });

  it('Retry now while it waits between retries starts it at once', async () => {
    const { engine, spawns } = await cannotStart();
    await waitForServerState(engine, 'broken', isWaitingToRetry, 20_000, 'the first failed start');
    expect(spawns()).toBe(1);
    engine.retryServer('broken');
    await pollUntil(() => spawns() === 2, 'the retry to start the server again');
  });
});
