/**
 * Shared pieces of the health part of the fault suite: engines with short health intervals on
 * temp data folders, the states a server went through, and the cleanup of it all.
 */
import type { ServerState } from '../../shared/server-config.js';
import type { TrackedTask } from '../../shared/task-model.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { createEngine, type Engine, type HealthOptions } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { tempDataDir } from '../helpers/engine-harness.js';

/** Pings every 200 ms that wait 1 s: an outage shows within a couple of seconds. */
export const FAST_HEALTH: Required<HealthOptions> = { failuresBeforeDegraded: 3, pingIntervalMs: 200, pingTimeoutMs: 1_000 };

const engines: Engine[] = [];
const dataDirs: ReturnType<typeof tempDataDir>[] = [];

/** A real engine on a temp data folder with `FAST_HEALTH` (disposed by `disposeHealthEngines`). */
export function healthEngine(health: HealthOptions = FAST_HEALTH): Engine {
  const data = tempDataDir();
  dataDirs.push(data);
  const engine = createEngine(createNodePorts(data.dir, createConsoleLogger('error')), { health });
  engines.push(engine);
  return engine;
}

/** Ends every engine `healthEngine` made and removes their folders (for `afterEach`). */
export async function disposeHealthEngines(): Promise<void> {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  for (const data of dataDirs.splice(0)) data.cleanup();
}

/** Every state of server `id` the engine reports from now on. */
export function recordStates(engine: Engine, id: string): ServerState[] {
  const states: ServerState[] = [];
  engine.onDidChangeServer((state) => {
    if (state.id === id) states.push(state);
  });
  return states;
}

/** Connected and answering: what the card shows as "Connected". */
export const isHealthy = (state: ServerState): boolean => state.status === 'connected' && state.health === undefined;
export const isDegraded = (state: ServerState): boolean => state.status === 'connected' && state.health?.condition === 'degraded';
export const isNotResponding = (state: ServerState): boolean => state.status === 'connected' && state.health?.condition === 'not-responding';

/** Calls `tool` and returns its task (throws when the call did not make one). */
export async function startTask(engine: Engine, serverId: string, tool: string, args: Record<string, unknown>): Promise<TrackedTask> {
  const outcome = await engine.callTool(serverId, tool, args);
  if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
  return outcome.task;
}
