/**
 * The bench's servers: which tasks each fixture server holds, and the stdio configuration that
 * starts it. Both clients get the same plan; only the folder the servers log into differs.
 */
import type { StdioServerConfig } from '../../shared/server-config.js';
import { fixtureTasks, serverSeed, type FixtureTask } from './fixture-catalogue.js';

/** One fixture server of the run. */
export interface ServerPlan {
  /** The server id both clients file its tasks under. */
  id: string;
  seed: string;
  tasks: FixtureTask[];
}

/** Spreads `taskCount` tasks over `serverCount` servers as evenly as possible. */
export function planServers(runSeed: string, taskCount: number, serverCount: number): ServerPlan[] {
  return Array.from({ length: serverCount }, (_, index) => {
    const count = Math.floor(taskCount / serverCount) + (index < taskCount % serverCount ? 1 : 0);
    const seed = serverSeed(runSeed, index);
    return { id: `bench-server-${index}`, seed, tasks: fixtureTasks(seed, count) };
  });
}

/** Stdio configurations starting the planned servers (compiled `fixtureEntry`) on plain `node`. */
export function serverConfigs(plan: readonly ServerPlan[], fixtureEntry: string, epochMs: number, statsDir: string): StdioServerConfig[] {
  return plan.map((server, index) => ({
    id: server.id,
    name: `Bench server ${index}`,
    transport: 'stdio',
    command: process.execPath,
    args: [fixtureEntry, '--seed', server.seed, '--tasks', String(server.tasks.length), '--epoch', String(epochMs), '--stats-dir', statsDir],
  }));
}

/**
 * The "minimum the intervals allow": the `tasks/get` requests a client polling every
 * task exactly at its interval sends in `windowMs`, Σ window ÷ interval.
 */
export function minimumRequests(plan: readonly ServerPlan[], windowMs: number): number {
  let sum = 0;
  for (const server of plan) for (const task of server.tasks) sum += windowMs / task.pollIntervalMs;
  return sum;
}
