/**
 * Crash cycles: the app is killed with SIGKILL, again and again, while it starts tool calls on
 * two real HTTP MCP servers that run in this test process and so outlive every kill: a
 * 2025-11-25 server on the TS SDK 1.x (experimental tasks, sessions) and the demo's 2026-07-28
 * Tasks extension server. Each server counts, on its own side, every call it receives and every
 * task id it creates.
 *
 * The app is browser mode in its own process — the whole host (server list, engine, stores) that
 * a user runs, driven over the same WebSocket contract its page uses — rather than the engine
 * alone, so start-up, rejoining and the host's own writes are killed too. It runs bundled on plain
 * node (a tsx start costs seconds on a busy machine), with its journal compacted past 16 KiB.
 *
 * Kills come at seeded random moments — while it starts, while it connects and rejoins, while
 * calls go out (before one is sent, between a server creating a task and the answer reaching the
 * app) — and, in some cycles, at the moment a journal append, a compaction's snapshot, the
 * start-up backup or a result starts being written (the data folder is watched). After each kill
 * the app starts again on the same data folder and must know every task id the servers created,
 * or show its call as "outcome unknown" (killed after the server created the task and before its
 * id reached the disk); must know every task id it had answered a call with; must not have resent
 * any call; must have no call left "calling"; and must start without store problems other than a
 * cut-off last journal line. Every fifth restart, and after the last, each known task must reach
 * the status its server has, with its result (after the last, each result is read and must be its
 * own call's): nothing is left stuck.
 *
 * The seed is printed; CRASH_SEED=<n> replays a run's kill plan (where each kill lands; the timing
 * of the app and the servers around it still varies), CRASH_CYCLES=<n> sets the number of cycles
 * (20 by default).
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo, CallOutcome, ServerView, TaskDetail, TaskSummary } from '../../shared/ipc/contract.js';
import { BRIDGE_SOCKET_PATH, TOKEN_COOKIE } from '../../shared/ipc/socket-paths.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { PROJECT_ROOT, buildNodeEntry } from '../../electron/cli/build-electron.js';
import { launchAppProcess, type AppProcess, type LaunchedApp } from '../e2e/app-process.js';
import { startRecordingExtensionServer } from '../fixtures/recording-extension-server.js';
import { startRecordingLegacyServer } from '../fixtures/recording-legacy-server.js';
import type { RecordingServer } from '../fixtures/server-task-log.js';
import { onDataFolderWrite, type DataFolderWrite } from '../helpers/data-folder-writes.js';
import { seedFrom, seededRandom, type SeededRandom } from '../helpers/seeded-random.js';
import { auditTasks, type AuditCounts, type AuditedEntry, type ReportedTask } from '../helpers/task-audit.js';
import { BridgeClient } from '../serve/serve-fixture.js';

const SEED = seedFrom('CRASH_SEED');
const CYCLES = Number(process.env['CRASH_CYCLES'] ?? 20);
/** Every this many restarts, the app is given time to settle every task before the next calls. */
const SETTLE_EVERY = 5;
/** Small enough that the journal is compacted every few cycles. */
const MIN_COMPACTION_BYTES = 16 * 1024;
/** The only store problem a kill may cause: a journal line cut off mid-append (it lost nothing here). */
const TORN_LINE = 'The last change saved to the task list was cut off';
/** The app's entry (from the repository root) and where its bundle goes (inside the repository, so its imports resolve). */
const APP_ENTRY = 'test/fixtures/compacting-browser-mode.ts';
const BUILD_DIR = join(PROJECT_ROOT, 'dist', 'test', 'crash-cycle');
const SETTLE_TIMEOUT_MS = 20_000;

/** The two servers, by the id the app knows each by. */
interface TestServer {
  id: string;
  name: string;
  server: RecordingServer;
}

/** Which part of a run the app is killed in. */
type Phase = 'starting' | 'connecting' | 'calling';

/**
 * One cycle's kill: in `phase`, `afterMs` after the phase began — or at the moment `at` (a write
 * to the data folder) begins, when that comes first.
 */
interface KillPlan {
  phase: Phase;
  afterMs: number;
  at?: { write: DataFolderWrite; nth: number };
}

/** What ended each run: the timer, or the write it was killed at. */
type KillCause = 'timer' | DataFolderWrite;

interface Totals {
  callsSent: number;
  kills: Record<Phase, number>;
  killedAt: Record<KillCause, number>;
  tornLines: number;
  /** Temp files left by a kill in the middle of an atomic write, by the file they were to replace. */
  leftovers: Record<string, number>;
  /** Their names (the result store removes its leftovers only when it is next used). */
  leftoverNames: Set<string>;
  snapshotsWritten: number;
  settleChecks: number;
}

/** A started app with its socket, as the browser page would hold it. */
class AppSession {
  private constructor(readonly app: AppProcess, readonly bridge: BridgeClient) {}

  static async open(app: AppProcess): Promise<AppSession> {
    const bridge = await BridgeClient.open(`ws://127.0.0.1:${app.port}${BRIDGE_SOCKET_PATH}`, { cookie: `${TOKEN_COOKIE}=${app.token}`, origin: app.origin });
    return new AppSession(app, bridge);
  }

  /** Invokes a contract channel; rejects with the host's message when it answered with an error. */
  async invoke<T>(channel: string, request: unknown): Promise<T> {
    const result = await this.bridge.invoke(channel, request);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
    return result.value as T;
  }

  close(): void {
    this.bridge.close();
  }
}

describe('crash cycles (kill -9 of the running app)', () => {
  let root: string;
  let dataDir: string;
  let entry: string;
  let serverArgs: string[];
  let servers: TestServer[];
  const launches: LaunchedApp[] = [];

  beforeAll(async () => {
    // Built once, run on plain node: a tsx start costs seconds on a busy 2-core machine, 21 times.
    entry = await buildNodeEntry(APP_ENTRY, BUILD_DIR, 'compacting-browser-mode.js');
    root = mkdtempSync(join(tmpdir(), 'mtm-crash-'));
    dataDir = join(root, 'data');
    mkdirSync(join(root, 'site'));
    writeFileSync(join(root, 'site', 'index.html'), '<!doctype html><title>MCP Task Monitor</title>');
    // An empty server list: no embedded demo servers, only the two given on the command line.
    mkdirSync(join(dataDir, 'results'), { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'servers.json'), JSON.stringify({ schemaVersion: 1, servers: [] }));
    servers = [
      { id: 'legacy', name: 'Recording 2025-11-25 (SDK 1.x)', server: await startRecordingLegacyServer() },
      { id: 'extension', name: 'Recording 2026-07-28 (tasks extension)', server: await startRecordingExtensionServer() },
    ];
    serverArgs = ['--ui', join(root, 'site'), '--min-compaction-bytes', String(MIN_COMPACTION_BYTES)];
    for (const { id, name, server } of servers) serverArgs.push('--server', JSON.stringify({ id, name, transport: 'http', url: server.url }));
  }, 60_000);

  afterAll(async () => {
    for (const launched of launches) await launched.kill();
    for (const { server } of servers ?? []) await server.close();
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  it(`loses no task id, resends no call and leaves nothing stuck across ${CYCLES} kill -9 cycles (seed ${SEED})`, async () => {
    console.log(`crash-cycle: seed ${SEED} (replay with CRASH_SEED=${SEED}), ${CYCLES} cycles`);
    const started = Date.now();
    const totals: Totals = {
      callsSent: 0,
      kills: { starting: 0, connecting: 0, calling: 0 },
      killedAt: { 'timer': 0, 'journal-append': 0, 'snapshot-write': 0, 'backup-write': 0, 'result-write': 0 },
      tornLines: 0,
      leftovers: {},
      leftoverNames: new Set(),
      snapshotsWritten: 0,
      settleChecks: 0,
    };
    const reported: ReportedTask[] = [];
    const refused: string[] = [];
    let readyMs = 1_500;
    let snapshotId: string | undefined;
    let counts: AuditCounts | undefined;

    /** Kills `launched` as `plan` says, counting from now, and notes what the kill left behind. */
    const killAsPlanned = async (launched: LaunchedApp, plan: KillPlan): Promise<void> => {
      let cause: KillCause = 'timer';
      let watch: { dispose(): void } | undefined;
      const written = new Promise<void>((resolve) => {
        if (plan.at === undefined) return;
        const { write, nth } = plan.at;
        watch = onDataFolderWrite(dataDir, write, nth, () => {
          cause = write;
          // At once, from the watcher's callback: the write is under way now.
          void launched.kill();
          resolve();
        });
      });
      await Promise.race([delay(plan.afterMs), written]);
      watch?.dispose();
      await launched.kill();
      totals.kills[plan.phase] += 1;
      totals.killedAt[cause] += 1;
      snapshotId = inspectDataFolder(dataDir, snapshotId, totals);
    };

    for (let cycle = 0; cycle <= CYCLES; cycle += 1) {
      const where = `seed ${SEED}, cycle ${cycle}`;
      const isLast = cycle === CYCLES;
      const plan = planKill(seededRandom(SEED + cycle * 2), readyMs);
      const launchedAt = Date.now();
      const launched = launchAppProcess(dataDir, serverArgs, { entry });
      launches.push(launched);
      if (!isLast && plan.phase === 'starting') {
        // Killed while it loads the store, removes leftovers, refreshes the backup...
        launched.ready.catch(() => undefined);
        await killAsPlanned(launched, plan);
        continue;
      }
      const app = await launched.ready;
      readyMs = Date.now() - launchedAt;
      const session = await AppSession.open(app);

      // What the restarted app knows, before it is asked to do anything new.
      const info = await session.invoke<AppInfo>('app:info', {});
      const unexpected = info.storeProblems.filter((problem) => !problem.startsWith(TORN_LINE));
      expect(unexpected, `${where}: store problems at start`).toEqual([]);
      totals.tornLines += info.storeProblems.length - unexpected.length;
      const audit = auditTasks(await auditedEntries(session), servers.map(({ id, server }) => ({ serverId: id, log: server.log })), reported);
      expect(audit.problems, `${where}: what the app knows after the restart`).toEqual([]);
      counts = audit.counts;

      if (isLast || cycle % SETTLE_EVERY === SETTLE_EVERY - 1) {
        await expectEverythingSettles(session, servers, where, isLast);
        totals.settleChecks += 1;
      }
      if (isLast) {
        session.close();
        await app.stop();
        expect(errorLines(app.stderr()), `${where}: errors the app logged`).toEqual([]);
        break;
      }

      if (plan.phase === 'connecting') {
        // Killed while it connects, rejoins the 2025-11-25 session and polls what it found.
        await killAsPlanned(launched, plan);
      } else {
        await waitForConnected(session, servers, where);
        const calls = keepCalling(session, servers, seededRandom(SEED + cycle * 2 + 1), `c${cycle}`, reported, refused);
        await killAsPlanned(launched, plan);
        totals.callsSent += calls.stop();
        expect(refused, `${where}: calls the app refused`).toEqual([]);
      }
      session.close();
      expect(errorLines(app.stderr()), `${where}: errors the app logged before it was killed`).toEqual([]);
    }

    const summary = {
      seed: SEED,
      cycles: CYCLES,
      kills: totals.kills,
      killedAt: totals.killedAt,
      callsSent: totals.callsSent,
      callsReceived: counts?.received,
      taskIdsCreated: counts?.created,
      taskIdsKnown: counts?.knownById,
      outcomeUnknownAfterServerCreated: counts?.outcomeUnknownByServer,
      outcomeUnknownNeverReceived: counts?.unknownNeverReceived,
      appEntries: counts?.entries,
      tornJournalLines: totals.tornLines,
      leftoverTempFiles: totals.leftovers,
      snapshotsWritten: totals.snapshotsWritten,
      settleChecks: totals.settleChecks,
      seconds: (Date.now() - started) / 1000,
    };
    console.log(`CRASH-CYCLE ${JSON.stringify(summary)}`);
    expect(counts!.created, 'the servers created tasks').toBeGreaterThan(0);
    expect(counts!.created).toBe(counts!.knownById + counts!.outcomeUnknown);
  }, CYCLES * 10_000 + 60_000);
});

/** Where this cycle's kill lands; `readyMs` is how long the last start took. */
function planKill(random: SeededRandom, readyMs: number): KillPlan {
  const roll = random.next();
  if (roll < 0.08) {
    // Half of them at the backup refresh every start does, the rest anywhere in the start.
    return random.chance(0.5)
      ? { phase: 'starting', afterMs: readyMs * 2, at: { write: 'backup-write', nth: 1 } }
      : { phase: 'starting', afterMs: Math.round(readyMs * (0.5 + random.next() * 0.6)) };
  }
  if (roll < 0.16) {
    return random.chance(0.5)
      ? { phase: 'connecting', afterMs: 1_000, at: { write: 'journal-append', nth: 1 } }
      : { phase: 'connecting', afterMs: random.int(0, 400) };
  }
  const afterMs = random.int(20, 1_200);
  const at = random.next();
  if (at < 0.2) return { phase: 'calling', afterMs, at: { write: 'journal-append', nth: random.int(1, 30) } };
  if (at < 0.35) return { phase: 'calling', afterMs, at: { write: 'result-write', nth: 1 } };
  // Often: a compaction is rare once the set is large (it waits for three snapshots' worth of journal).
  if (at < 0.7) return { phase: 'calling', afterMs, at: { write: 'snapshot-write', nth: 1 } };
  return { phase: 'calling', afterMs };
}

/** The app's task list, with the call's tag for entries that have no task id (read from their arguments). */
async function auditedEntries(session: AppSession): Promise<AuditedEntry[]> {
  const summaries = await session.invoke<TaskSummary[]>('tasks:list', {});
  const entries: AuditedEntry[] = [];
  for (const summary of summaries) {
    const entry: AuditedEntry = {
      id: summary.localId,
      serverId: summary.serverId,
      phase: summary.phase,
      ...(summary.endReason !== undefined ? { endReason: summary.endReason } : {}),
      ...(summary.serverTaskId !== undefined ? { taskId: summary.serverTaskId } : {}),
    };
    if (summary.serverTaskId === undefined) {
      const detail = await session.invoke<TaskDetail | null>('tasks:get', { localId: summary.localId });
      const project = detail?.arguments['project'];
      if (typeof project === 'string') entry.tag = project;
    }
    entries.push(entry);
  }
  return entries;
}

/**
 * Waits until every task the app follows has the terminal status its server has, with its result
 * where it completed (with `checkResults`, the result is read and must be the one of its call).
 */
async function expectEverythingSettles(session: AppSession, servers: readonly TestServer[], where: string, checkResults: boolean): Promise<void> {
  const byId = new Map(servers.map((entry) => [entry.id, entry.server]));
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let pending: string[] = [];
  for (;;) {
    const summaries = await session.invoke<TaskSummary[]>('tasks:list', {});
    pending = [];
    for (const task of summaries) {
      if (task.phase === 'outcome-unknown') continue;
      const onServer = task.serverTaskId === undefined ? undefined : await byId.get(task.serverId)?.statusOf(task.serverTaskId);
      const inApp = task.snapshot?.status;
      const isSettled = isTaskFinished(task) && inApp === onServer && (inApp !== 'completed' || task.hasResult);
      if (!isSettled) pending.push(`${task.serverId}/${task.serverTaskId ?? task.localId}: app ${inApp ?? task.phase}${task.endReason !== undefined ? ` (${task.endReason})` : ''}, server ${onServer ?? 'unknown'}`);
    }
    if (pending.length === 0) {
      if (checkResults) await expectResultsOfTheirCalls(session, summaries, servers, where);
      return;
    }
    if (Date.now() > deadline) break;
    await delay(200);
  }
  expect(pending, `${where}: tasks that did not settle within ${SETTLE_TIMEOUT_MS} ms`).toEqual([]);
}

/** Every completed task's stored result names the project of the call that created it. */
async function expectResultsOfTheirCalls(session: AppSession, summaries: readonly TaskSummary[], servers: readonly TestServer[], where: string): Promise<void> {
  const tagOf = new Map(servers.flatMap(({ id, server }) => server.log.created.map(({ taskId, tag }) => [`${id}\u0000${taskId}`, tag] as const)));
  const wrong: string[] = [];
  for (const task of summaries) {
    if (task.serverTaskId === undefined || task.snapshot?.status !== 'completed') continue;
    const tag = tagOf.get(`${task.serverId}\u0000${task.serverTaskId}`);
    const result = await session.invoke<Record<string, unknown> | null>('tasks:result', { localId: task.localId });
    if (tag === undefined || !new RegExp(`(?<![\\w-])${tag}(?![\\w-])`).test(JSON.stringify(result ?? {}))) wrong.push(`${task.serverId}/${task.serverTaskId} (call ${tag}): ${JSON.stringify(result)?.slice(0, 200)}`);
  }
  expect(wrong, `${where}: results that are not their call's`).toEqual([]);
}

async function waitForConnected(session: AppSession, servers: readonly TestServer[], where: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const views = await session.invoke<ServerView[]>('servers:list', {});
    const waiting = servers.filter(({ id }) => views.find((view) => view.id === id)?.state?.status !== 'connected');
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${where}: not connected within 15 s: ${waiting.map(({ id }) => id).join(', ')}`);
    await delay(25);
  }
}

/**
 * Starts `build` calls one after another, a random 0–120 ms apart, each on a random server with
 * a unique tag as its project; the task ids the app answers with are added to `reported`, and
 * the app's refusals (none are expected: the servers are connected) to `refused`.
 * `stop()` ends the loop and returns how many calls were sent.
 */
function keepCalling(session: AppSession, servers: readonly TestServer[], random: SeededRandom, prefix: string, reported: ReportedTask[], refused: string[]): { stop(): number } {
  let isStopped = false;
  let sent = 0;
  void (async () => {
    while (!isStopped) {
      const { id: serverId } = random.pick(servers);
      const tag = `${prefix}-${sent}`;
      sent += 1;
      session.bridge.invoke('tools:call', { serverId, name: 'build', arguments: { project: tag, durationMs: random.int(100, 1_500) } }).then(
        (result) => {
          if (!result.ok) {
            refused.push(`${tag} on ${serverId}: ${result.error.message}`);
            return;
          }
          const outcome = result.value as CallOutcome;
          if (outcome.kind === 'task' && outcome.task.serverTaskId !== undefined) reported.push({ serverId, taskId: outcome.task.serverTaskId });
        },
        // The app was killed before it answered: what became of the call is checked after the restart.
        () => undefined,
      );
      await delay(random.int(0, 120));
    }
  })();
  return {
    stop() {
      isStopped = true;
      return sent;
    },
  };
}

/**
 * Counts what the kill left in the data folder — temp files of an interrupted atomic write (the
 * snapshot, the backup, a result) — and whether a new snapshot was written since the last look;
 * returns the snapshot's identity for the next look.
 */
function inspectDataFolder(dir: string, lastSnapshotId: string | undefined, totals: Totals): string | undefined {
  const names = [...listFolder(dir), ...listFolder(join(dir, 'results')).map((name) => `results/${name}`)];
  for (const name of names) {
    const match = /^(.*)\.tmp-[0-9a-f]+$/.exec(name);
    if (match === null || totals.leftoverNames.has(name)) continue;
    totals.leftoverNames.add(name);
    const file = match[1]!.startsWith('results/') ? 'result' : match[1]!;
    totals.leftovers[file] = (totals.leftovers[file] ?? 0) + 1;
  }
  let snapshotId: string | undefined;
  try {
    const stat = statSync(join(dir, 'tasks.json'));
    snapshotId = `${stat.ino}:${stat.mtimeMs}`;
  } catch {
    snapshotId = undefined;
  }
  if (snapshotId !== undefined && snapshotId !== lastSnapshotId) totals.snapshotsWritten += 1;
  return snapshotId;
}

function listFolder(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The error-level lines of the app's log (JSON lines on stderr). */
function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { level?: unknown }).level === 'error';
    } catch {
      return false;
    }
  });
}
