/**
 * `npm run bench:engine`: 10,000 tracked tasks across 10 fixture MCP servers (2026-07-28, tasks
 * extension, stdio), poll intervals spread over 1–5 s; our engine against
 * `@modelcontextprotocol/ext-tasks` 0.2.2 as the baseline, in the same run, on the same fixture
 * program with the same seeds and the same window rule.
 *
 * Each client runs in its own worker process (CPU and RSS are its own) and spawns its own
 * servers; workers and servers run as compiled JavaScript on plain `node` (node-build.ts).
 * The clients run one after the other, not at once: on a 2-core machine each would otherwise
 * be slowed by the other's CPU appetite, and its lateness would be the other's doing. The
 * window opens one longest poll interval after a client has resumed every task (the same
 * warm-up rule for both, see SETTLE_MS) and lasts `--window-s`; requests are what the servers
 * counted within it.
 *
 * Every run first times the servers alone (servers-worker.ts): the floor under any client's
 * resume figure.
 *
 * Our engine runs twice, with the protocol log off and on (its default), so that what recording
 * costs is measured in the same run: `protocolLogCpuOverheadPct` compares their CPU per 1,000
 * polls, `protocolLogMb` is what the logs hold at the window's end with 10,000 tasks.
 *
 * Every client runs `--runs` times (a `RUN {json}` line after each run); then one table with
 * the runs side by side, and as its last line `BENCH {json}` (the medians of our figures, the
 * baseline's under `baseline`, whether every run met each goal under `goalsMet`, each run
 * under `runs`). Exits non-zero when anything fails; a goal not met is a result, not a
 * failure. Everything started is stopped and the temp folder removed, also on failure. See
 * README.md beside this file for the definitions of the figures.
 *
 * Flags: --runs 3  --tasks 10000  --servers 10  --window-s 30  --seed bench
 *        --history 2 (timeline entries per persisted task: 2 = fresh, 100 = the cap, reached by a
 *        task whose status message changes every 10 s after about 17 minutes)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TIMELINE_CAP } from '../../shared/timeline.js';
import { minimumRequests, planServers, serverConfigs, type ServerPlan } from './bench-plan.js';
import { clientFigures, round, type ClientFigures } from './figures.js';
import { MAX_POLL_INTERVAL_MS } from './fixture-catalogue.js';
import { judge, type GoalVerdicts } from './goals.js';
import { buildForNode } from './node-build.js';
import { readRequestLogs, summarizeWindow } from './poll-summary.js';
import { renderTable, type RunResult } from './report-table.js';
import { writeBaselineReferences, writeEngineStore } from './resume-stores.js';
import { runWorker } from './run-worker.js';
import type { ServersReport } from './worker-protocol.js';

/** Time a worker gets beyond its window: start-up, resume, shutdown. */
const WORKER_OVERHEAD_MS = 120_000;
/**
 * Warm-up between the end of a client's resume and its window: one longest poll interval.
 * ext-tasks reads every task at once while resuming, so all its polling loops start in phase
 * with the window if it opens right away, and each task then gets about half a poll fewer
 * into the window than its interval allows (~4 % at 30 s). After one longest interval the
 * tasks' phases no longer line up with the window start, for either client.
 */
const SETTLE_MS = MAX_POLL_INTERVAL_MS;

interface BenchOptions {
  /** How many times every client runs; the BENCH line holds each run and the medians. */
  runs: number;
  taskCount: number;
  serverCount: number;
  windowMs: number;
  seed: string;
  /** Timeline entries of each persisted task our engine resumes (its size on disk grows with it). */
  historyEntries: number;
}

/** One client under test: its worker and how its resume data is written. */
interface ClientRun {
  name: string;
  worker: string;
  prepare(dataDir: string): void;
  /** Our engine: whether it records the protocol log. */
  protocolLog?: boolean;
}

function parseOptions(): BenchOptions {
  const { values } = parseArgs({
    options: {
      tasks: { type: 'string', default: '10000' },
      servers: { type: 'string', default: '10' },
      'window-s': { type: 'string', default: '30' },
      seed: { type: 'string', default: 'bench' },
      history: { type: 'string', default: '2' },
      runs: { type: 'string', default: '3' },
    },
  });
  const options = {
    runs: Number(values.runs),
    taskCount: Number(values.tasks),
    serverCount: Number(values.servers),
    windowMs: Number(values['window-s']) * 1_000,
    seed: values.seed,
    historyEntries: Number(values.history),
  };
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs must be a positive integer');
  if (!Number.isInteger(options.taskCount) || options.taskCount < 1) throw new Error('--tasks must be a positive integer');
  if (!Number.isInteger(options.serverCount) || options.serverCount < 1) throw new Error('--servers must be a positive integer');
  if (options.taskCount < options.serverCount) throw new Error('--tasks must be at least --servers (every server holds tasks)');
  if (!(options.windowMs >= 1_000)) throw new Error('--window-s must be at least 1');
  if (!Number.isInteger(options.historyEntries) || options.historyEntries < 2 || options.historyEntries > TIMELINE_CAP) {
    throw new Error(`--history must be an integer from 2 to ${TIMELINE_CAP}`);
  }
  return options;
}

/** Absolute path of a module beside this one. */
function source(name: string): string {
  return fileURLToPath(new URL(name, import.meta.url));
}

function progress(text: string): void {
  process.stderr.write(`[bench] ${text}\n`);
}

/** Runs one client in its worker and turns what it and its servers measured into figures. */
async function measure(client: ClientRun, options: BenchOptions, plan: readonly ServerPlan[], fixture: string, epochMs: number, folder: string): Promise<{ figures: ClientFigures; logMb: number | null }> {
  const dataDir = join(folder, 'data');
  const statsDir = join(folder, 'stats');
  mkdirSync(statsDir, { recursive: true });
  client.prepare(dataDir);
  progress(`${client.name}: resuming ${options.taskCount} tasks on ${options.serverCount} servers, ${SETTLE_MS / 1_000} s warm-up, ${options.windowMs / 1_000} s window`);
  const report = await runWorker(client.worker, {
    servers: serverConfigs(plan, fixture, epochMs, statsDir),
    taskCount: options.taskCount,
    settleMs: SETTLE_MS,
    windowMs: options.windowMs,
    dataDir,
    ...(client.protocolLog !== undefined ? { protocolLog: client.protocolLog } : {}),
  }, SETTLE_MS + options.windowMs + WORKER_OVERHEAD_MS);
  const summary = summarizeWindow(readRequestLogs(statsDir), report.windowStartMs, report.windowEndMs);
  const failedPolls = Object.keys(summary.errors).filter((key) => key.startsWith('tasks/get '));
  if (failedPolls.length > 0) throw new Error(`${client.name}: the servers refused polls: ${JSON.stringify(summary.errors)}`);
  const silent = plan.filter((server) => !summary.seedsPolled.has(server.seed));
  if (silent.length > 0) throw new Error(`${client.name}: no poll log from ${silent.map((server) => server.id).join(', ')}`);
  progress(`${client.name}: done; the servers received ${JSON.stringify(summary.methods)}, refused ${JSON.stringify(summary.errors)}`);
  const runStartMs = report.windowStartMs - SETTLE_MS - report.resumeMs;
  const run = { summary: summarizeWindow(readRequestLogs(statsDir), runStartMs, report.windowEndMs), minimumRequests: minimumRequests(plan, report.windowEndMs - runStartMs) };
  return { figures: clientFigures(report, summary, minimumRequests(plan, report.windowEndMs - report.windowStartMs), run), logMb: report.logMb };
}

/** The run's workers, compiled. */
interface Workers {
  fixture: string;
  engine: string;
  baseline: string;
  servers: string;
}

/** Times the servers alone: spawned by a bare Node process until each answered `server/discover`. */
async function measureServersAlone(plan: readonly ServerPlan[], workers: Workers, epochMs: number, folder: string): Promise<number> {
  const statsDir = join(folder, 'stats');
  mkdirSync(statsDir, { recursive: true });
  progress(`the servers alone: starting ${plan.length} servers, each asked server/discover`);
  const report = await runWorker<ServersReport>(workers.servers, { servers: serverConfigs(plan, workers.fixture, epochMs, statsDir) }, WORKER_OVERHEAD_MS);
  return round(report.serversStartMs, 1);
}

/**
 * Runs every client once (our engine with the protocol log off, then on, then the baseline),
 * after timing the servers alone.
 */
async function measureRun(options: BenchOptions, plan: readonly ServerPlan[], workers: Workers, folder: string): Promise<RunResult> {
  const epochMs = Date.now();
  const { fixture, engine: engineWorker, baseline: baselineWorker } = workers;
  const serversStartMs = await measureServersAlone(plan, workers, epochMs, join(folder, 'servers-alone'));
  const engineRun = (protocolLog: boolean): ClientRun => ({
    name: protocolLog ? 'our engine' : 'our engine, protocol log off',
    worker: engineWorker,
    prepare: (dataDir) => writeEngineStore(dataDir, plan, epochMs, Date.now(), options.historyEntries),
    protocolLog,
  });
  const withoutLog = (await measure(engineRun(false), options, plan, fixture, epochMs, join(folder, 'engine-log-off'))).figures;
  const { figures: ours, logMb } = await measure(engineRun(true), options, plan, fixture, epochMs, join(folder, 'engine'));
  const { figures: baseline } = await measure({
    name: 'ext-tasks 0.2.2',
    worker: baselineWorker,
    prepare: (dataDir) => writeBaselineReferences(dataDir, plan),
  }, options, plan, fixture, epochMs, join(folder, 'baseline'));
  const protocolLog = {
    protocolLogCpuOverheadPct: round((ours.cpuMsPer1000Polls / withoutLog.cpuMsPer1000Polls - 1) * 100, 1),
    protocolLogMb: round(logMb ?? 0, 1),
    protocolLogOffCpuMsPer1000Polls: withoutLog.cpuMsPer1000Polls,
    protocolLogOffRssMb: withoutLog.rssMb,
  };
  return { ours, baseline, protocolLog, serversStartMs, verdicts: judge(ours, baseline, protocolLog.protocolLogCpuOverheadPct) };
}

/** The median of `values` (of two middle values, their mean, to 4 decimals). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : round((sorted[middle - 1]! + sorted[middle]!) / 2, 4);
}

/** Per figure, the median over `all`; null where any of them has none. */
function medians<T extends object>(all: readonly T[]): { [K in keyof T]: number | null } {
  return Object.fromEntries(Object.keys(all[0]!).map((key) => {
    const values = all.map((one) => one[key as keyof T] as number | null);
    return [key, values.some((value) => value === null) ? null : median(values as number[])];
  })) as { [K in keyof T]: number | null };
}

/** Per verdict, whether every run met it. */
function everyRun(runs: readonly RunResult[]): GoalVerdicts {
  const keys = Object.keys(runs[0]!.verdicts) as (keyof GoalVerdicts)[];
  return Object.fromEntries(keys.map((key) => [key, runs.every((run) => run.verdicts[key])])) as unknown as GoalVerdicts;
}

async function main(): Promise<void> {
  const options = parseOptions();
  const root = mkdtempSync(join(tmpdir(), 'mtm-bench-'));
  try {
    const [fixture, engine, baseline, servers] = buildForNode(join(root, 'build'), [
      source('./fixture-server.ts'),
      source('./engine-worker.ts'),
      source('./baseline-worker.ts'),
      source('./servers-worker.ts'),
    ]) as [string, string, string, string];
    const workers: Workers = { fixture, engine, baseline, servers };
    const plan = planServers(options.seed, options.taskCount, options.serverCount);
    const runs: RunResult[] = [];
    for (let index = 1; index <= options.runs; index += 1) {
      progress(`run ${index}/${options.runs}`);
      const run = await measureRun(options, plan, workers, join(root, `run-${index}`));
      runs.push(run);
      console.log(`RUN ${JSON.stringify({ run: index, ...runLine(run) })}`);
    }
    console.log(`Engine bench: ${options.taskCount} tasks, ${options.serverCount} servers, window ${options.windowMs / 1_000} s, seed "${options.seed}", history ${options.historyEntries}, ${options.runs} run${options.runs === 1 ? '' : 's'}`);
    for (const line of renderTable(runs)) console.log(line);
    const setup = { tasks: options.taskCount, servers: options.serverCount, seed: options.seed, history: options.historyEntries, runCount: runs.length };
    const goalsMet = everyRun(runs);
    console.log(`BENCH ${JSON.stringify({
      ...setup,
      ...medians(runs.map((run) => run.ours)),
      ...medians(runs.map((run) => run.protocolLog)),
      ...medians(runs.map((run) => ({ serversStartMs: run.serversStartMs }))),
      baseline: medians(runs.map((run) => run.baseline)),
      goalsMet,
      runs: runs.map(runLine),
    })}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** One run as the `RUN` line and the BENCH line's `runs` show it. */
function runLine(run: RunResult) {
  return { ...run.ours, ...run.protocolLog, serversStartMs: run.serversStartMs, baseline: run.baseline, goalsMet: run.verdicts };
}

main().catch((error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
