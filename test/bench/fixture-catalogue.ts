/**
 * The bench fixture's task catalogue: which tasks a fixture server holds and what each one
 * looks like at a given moment. Everything derives from a seed and the clock, so the servers
 * of both runs, the stores both clients resume from, and the analysis agree without talking.
 * Node built-ins only: it is part of the fixture server, which must start fast.
 */
import { createHash } from 'node:crypto';

/** Poll intervals are spread evenly over this range (the "1–5 s"). */
export const MIN_POLL_INTERVAL_MS = 1_000;
export const MAX_POLL_INTERVAL_MS = 5_000;
/** Each task's status message changes once per this period, at a task-specific phase. */
export const STATUS_PERIOD_MS = 10_000;
/**
 * Tasks were created this long before the bench epoch, so the app "restarts" mid-run, and long
 * enough ago for a full timeline of history (100 status changes, see resume-stores.ts).
 */
const CREATED_BEFORE_EPOCH_MS = 3_600_000;
/** The TTL every task advertises: a day, far beyond any bench run. */
const TTL_MS = 86_400_000;

/** One task of a fixture server. */
export interface FixtureTask {
  /** Position in the server's catalogue (0-based). */
  index: number;
  /** 32 hex characters from a hash: unguessable-looking, as real task ids should be. */
  taskId: string;
  pollIntervalMs: number;
  /** Offset of this task's status changes within `STATUS_PERIOD_MS`. */
  phaseMs: number;
}

/** A task as `tasks/get` reports it (the 2026-07-28 `DetailedTask` of a working task). */
export interface FixtureTaskState {
  taskId: string;
  status: 'working';
  statusMessage: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
}

/** The `count` tasks of the server seeded with `seed`, identical on every call. */
export function fixtureTasks(seed: string, count: number): FixtureTask[] {
  const tasks: FixtureTask[] = [];
  for (let index = 0; index < count; index += 1) {
    const digest = createHash('sha256').update(`${seed}/${index}`).digest();
    const spread = MAX_POLL_INTERVAL_MS - MIN_POLL_INTERVAL_MS + 1;
    tasks.push({
      index,
      taskId: digest.subarray(0, 16).toString('hex'),
      pollIntervalMs: MIN_POLL_INTERVAL_MS + (digest.readUInt32BE(16) % spread),
      phaseMs: digest.readUInt32BE(20) % STATUS_PERIOD_MS,
    });
  }
  return tasks;
}

/** The server seed of server `serverIndex` in a bench run seeded with `runSeed`. */
export function serverSeed(runSeed: string, serverIndex: number): string {
  return `${runSeed}/server-${serverIndex}`;
}

/**
 * What `task` looks like at `nowMs` for servers started with bench epoch `epochMs`: always
 * `working`, its status message moving to the next step every `STATUS_PERIOD_MS`.
 */
export function taskStateAt(task: FixtureTask, epochMs: number, nowMs: number): FixtureTaskState {
  const createdAtMs = epochMs - CREATED_BEFORE_EPOCH_MS;
  const step = Math.max(0, Math.floor((nowMs - createdAtMs - task.phaseMs) / STATUS_PERIOD_MS));
  const changedAtMs = step === 0 ? createdAtMs : createdAtMs + task.phaseMs + step * STATUS_PERIOD_MS;
  return {
    taskId: task.taskId,
    status: 'working',
    statusMessage: `Building, step ${step}`,
    createdAt: new Date(createdAtMs).toISOString(),
    lastUpdatedAt: new Date(changedAtMs).toISOString(),
    ttlMs: TTL_MS,
    pollIntervalMs: task.pollIntervalMs,
  };
}
