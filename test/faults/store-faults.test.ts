/**
 * The store's fault table. Each row damages the data folder, or makes a part of it refuse
 * writes with the errors Node raises (EACCES, EPERM, ENOSPC, EROFS through the file-system
 * port), and asserts what the user is shown (the load problems behind the store banner, the
 * save problem behind "Changes cannot be saved", the refusal of a call) and that nothing is
 * lost: every task id held by any good copy on disk (counted) is loaded again. One row uses a
 * real read-only folder (chmod 0500) where the platform enforces it.
 */
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TrackedTaskSchema, type ToolResult, type TrackedServerTask, type TrackedTask } from '../../shared/task-model.js';
import { CallNotSavedError } from '../../electron/engine/calls/call-not-saved-error.js';
import { Emitter } from '../../electron/engine/emitter.js';
import { createEngineParts, type EngineParts } from '../../electron/engine/engine-parts.js';
import type { Logger, SaveProblem } from '../../electron/engine/ports.js';
import { ConfTaskStore, TASK_BACKUP_FILE, TASK_FILE, TASK_JOURNAL_FILE, TASK_OLDER_BACKUP_FILE, TASK_SCHEMA_VERSION, QUARANTINE_FILE } from '../../electron/engine/stores/conf-task-store.js';
import { FileResultStore, RESULTS_FOLDER } from '../../electron/engine/stores/file-result-store.js';
import { McpRequestError } from '../../electron/engine/connections/mcp-request-error.js';
import { MAX_ERROR_BACKOFF_MS } from '../../electron/engine/tasks/task-rules.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { FakeProtocol, snapshot } from '../engine/engine-kit.js';
import { faultyDocument, FaultyFileSystem, type FaultCode } from './faulty-fs.js';

const NOW = Date.parse('2026-12-01T10:00:00.000Z');
const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function task(id: string, extra: Partial<TrackedServerTask> = {}): TrackedServerTask {
  return {
    localId: id,
    serverId: 'server-a',
    form: 'extension',
    phase: 'task',
    serverTaskId: `remote-${id}`,
    toolName: 'build',
    arguments: {},
    createdAt: 1_000,
    updatedAt: 2_000,
    snapshot: { serverTaskId: `remote-${id}`, status: 'working' },
    hasResult: false,
    timeline: [],
    answeredInputKeys: [],
    ...extra,
  };
}

let dir: string;

beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'store-faults-')), 'data');
});

afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined);
  await rm(join(dir, '..'), { recursive: true, force: true });
});

const file = (name: string): string => join(dir, name);
const openStore = (options: Partial<ConstructorParameters<typeof ConfTaskStore>[0]> = {}): ConfTaskStore => new ConfTaskStore({ dir, now: () => NOW, ...options });

/**
 * A data folder with a history: tasks.json = {a, b}, the journal adds c, tasks.json.bak = {a, b}
 * and tasks.json.bak.1 = {a} (each taken by a clean load).
 */
async function history(): Promise<void> {
  for (const [id, compact] of [['a', true], ['b', true], ['c', false]] as const) {
    const store = openStore();
    await store.load();
    await store.save({ upserts: [task(id)], removals: [] });
    if (compact) await store.compact();
  }
}

/**
 * What a person reading the folder would count as kept safe: the ids of the valid records in
 * every well-formed snapshot or copy, and of the valid puts among the journal's whole lines.
 */
async function idsInGoodCopies(): Promise<Set<string>> {
  const ids = new Set<string>();
  const admit = (record: unknown): void => {
    const parsed = TrackedTaskSchema.safeParse(record);
    if (parsed.success) ids.add(parsed.data.localId);
  };
  for (const name of [TASK_FILE, TASK_BACKUP_FILE, TASK_OLDER_BACKUP_FILE]) {
    const text = await readFile(file(name), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    try {
      const data = JSON.parse(text) as { schemaVersion?: unknown; tasks?: unknown };
      if (data !== null && data.schemaVersion === TASK_SCHEMA_VERSION && Array.isArray(data.tasks)) (data.tasks as unknown[]).forEach(admit);
    } catch {
      // Not a good copy.
    }
  }
  const journal = await readFile(file(TASK_JOURNAL_FILE), 'utf8').catch(() => '');
  for (const line of journal.slice(0, journal.lastIndexOf('\n') + 1).split('\n')) {
    try {
      admit((JSON.parse(line) as { put?: unknown }).put);
    } catch {
      // A damaged line keeps nothing.
    }
  }
  return ids;
}

const bytesOf = (name: string): Promise<Buffer> => readFile(file(name));
const garbled = Buffer.from([0xff, 0xfe, 0x7b, 0x22, 0x00, 0x13, 0x9c, 0x7d, 0x5b]);

interface CorruptRow {
  damage: () => Promise<void>;
  /** What the problems shown in the store banner say (every pattern must match one line). */
  says: RegExp[];
  /** The ids loaded (checked against the count of ids in good copies, too). */
  loads: string[];
}

const corruptRows: Record<string, CorruptRow> = {
  truncated: {
    damage: async () => writeFile(file(TASK_FILE), (await bytesOf(TASK_FILE)).subarray(0, 40)),
    says: [/^The saved task list could not be read because it is not valid JSON\. The file was kept unchanged as "tasks\.json\.corrupt-/, /^The last good copy .* was loaded instead, with the recent changes kept in "tasks\.journal"/],
    loads: ['a', 'b', 'c'],
  },
  garbled: { damage: () => writeFile(file(TASK_FILE), garbled), says: [/because it is not valid JSON/], loads: ['a', 'b', 'c'] },
  'empty file': { damage: () => writeFile(file(TASK_FILE), ''), says: [/because it is not valid JSON/], loads: ['a', 'b', 'c'] },
  'NUL bytes': { damage: () => writeFile(file(TASK_FILE), Buffer.alloc(4096)), says: [/because it is not valid JSON/], loads: ['a', 'b', 'c'] },
  null: { damage: () => writeFile(file(TASK_FILE), 'null'), says: [/because it holds no task list \(JSON null\)/], loads: ['a', 'b', 'c'] },
  '{}': { damage: () => writeFile(file(TASK_FILE), '{}'), says: [/because it holds no task list \(an empty object\)/], loads: ['a', 'b', 'c'] },
  '[]': { damage: () => writeFile(file(TASK_FILE), '[]'), says: [/because it does not have the expected layout/], loads: ['a', 'b', 'c'] },
  'wrong shape': { damage: () => writeFile(file(TASK_FILE), `{"schemaVersion":${TASK_SCHEMA_VERSION},"tasks":{"a":{}}}`), says: [/because it does not have the expected layout/], loads: ['a', 'b', 'c'] },
  'newer version': {
    damage: () => writeFile(file(TASK_FILE), JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION + 1, tasks: [task('z')] })),
    says: [new RegExp(`because it was written by a newer version of the app \\(format ${TASK_SCHEMA_VERSION + 1}\\)`)],
    loads: ['a', 'b', 'c'],
  },
  'one bad record': {
    damage: () => writeFile(file(TASK_FILE), JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [task('a'), task('b'), { id: 'x', phase: 'bogus' }] })),
    says: [/^A saved task \(id "x"\) could not be loaded because its data is invalid .* It was set aside in "tasks\.quarantine\.json"/],
    loads: ['a', 'b', 'c'],
  },
  'torn journal line': {
    damage: () => writeFile(file(TASK_JOURNAL_FILE), `${JSON.stringify({ put: task('c') })}\n{"put":{"id":"d","serv`),
    says: [/^The last change saved to the task list was cut off/],
    loads: ['a', 'b', 'c'],
  },
  'garbled backup': {
    damage: () => writeFile(file(TASK_BACKUP_FILE), garbled),
    says: [/^A good copy of the task list, "tasks\.json\.bak", was damaged \(it is not valid JSON\); it was kept unchanged as "tasks\.json\.bak\.corrupt-/],
    loads: ['a', 'b', 'c'],
  },
  'both garbled': {
    damage: async () => {
      await writeFile(file(TASK_FILE), garbled);
      await writeFile(file(TASK_BACKUP_FILE), 'null');
    },
    says: [/because it is not valid JSON/, /^The last good copy of the task list could not be read either because it holds no task list/, /^The good copy before that, "tasks\.json\.bak\.1", was loaded instead/],
    loads: ['a', 'c'],
  },
  'snapshot and both copies garbled': {
    damage: async () => {
      await writeFile(file(TASK_FILE), garbled);
      await writeFile(file(TASK_BACKUP_FILE), garbled);
      await writeFile(file(TASK_OLDER_BACKUP_FILE), '{}');
    },
    says: [/^The good copy before that, "tasks\.json\.bak\.1", could not be read either .* and the task list starts with only the recent changes kept in "tasks\.journal"\.$/],
    loads: ['c'],
  },
};

describe('fault table: a damaged task store', () => {
  it.each(Object.entries(corruptRows))('%s: the user is told, damaged files are kept, and every task in a good copy is loaded', async (name, row) => {
    await history();
    await row.damage();
    const before = await readdir(dir);
    const goodIds = await idsInGoodCopies();
    const damagedBytes = new Map<string, Buffer>();
    for (const entry of before) damagedBytes.set(entry, await bytesOf(entry));

    const loaded = await openStore().load();

    for (const pattern of row.says) expect(loaded.problems.some((line) => pattern.test(line)), `${pattern} in ${JSON.stringify(loaded.problems)}`).toBe(true);
    const ids = loaded.tasks.map((t) => t.localId).sort();
    expect(ids).toEqual(row.loads);
    expect(ids).toEqual([...goodIds].sort()); // nothing in a good copy is lost
    // Every file that was moved aside is kept byte for byte.
    for (const kept of (await readdir(dir)).filter((entry) => entry.includes('.corrupt-'))) {
      expect(await bytesOf(kept)).toEqual(damagedBytes.get(kept.slice(0, kept.indexOf('.corrupt-'))));
    }
    if (name === 'one bad record') {
      const quarantine = JSON.parse(await readFile(file(QUARANTINE_FILE), 'utf8')) as Array<{ record: { id: string } }>;
      expect(quarantine.map((entry) => entry.record.id)).toEqual(['x']);
    }
    console.log(`${name}: ${ids.length} of ${goodIds.size} task ids in good copies loaded; problems: ${loaded.problems.length}`);
  });
});

/** The engine's parts on the real stores over `fs`, a fake server and a fake clock. */
function engineOn(fs: FaultyFileSystem) {
  const clock = new FakeClock();
  const protocol = new FakeProtocol();
  let created = 0;
  protocol.onCall = () => {
    created += 1;
    return Promise.resolve({ kind: 'task', observation: { snapshot: snapshot(`srv-${created}`) } });
  };
  protocol.onGet = (taskId) => Promise.resolve({ snapshot: snapshot(taskId) });
  const report = (error: unknown): void => {
    throw error;
  };
  const parts: EngineParts = createEngineParts({
    ports: {
      taskStore: new ConfTaskStore({ dir, fs, openDocument: faultyDocument(fs), now: () => NOW }),
      resultStore: new FileResultStore({ dir, fs, now: () => NOW }),
      clock,
      logger: silent,
      random: () => 0,
    },
    emitters: { task: new Emitter(report), removed: new Emitter(report), inputs: new Emitter(report), saveProblem: new Emitter<SaveProblem | undefined>(report) },
    protocolOf: () => protocol,
    rootsOf: () => [],
    notConnected: () => new McpRequestError('not connected', undefined, undefined, 'disconnected'),
  });
  return { clock, protocol, parts };
}

const RESULT: ToolResult = { content: [{ type: 'text', text: 'built' }] };
const REASONS: Record<FaultCode, string> = {
  EACCES: 'permission denied (EACCES)',
  EPERM: 'the operation is not permitted (EPERM)',
  ENOSPC: 'the disk is full (ENOSPC)',
  EROFS: 'the disk is read-only (EROFS)',
  EIO: 'the disk reported an input/output error (EIO)',
};

type Target = 'results folder' | 'journal' | 'task store' | 'data folder';
/** Which paths refuse writes, and which folder the notice names. */
const TARGETS: Record<Target, { refuses: (path: string) => boolean; folder: () => string; refusesCalls: boolean }> = {
  'results folder': { refuses: (path) => path.startsWith(join(dir, RESULTS_FOLDER)), folder: () => join(dir, RESULTS_FOLDER), refusesCalls: false },
  journal: { refuses: (path) => path === join(dir, TASK_JOURNAL_FILE), folder: () => dir, refusesCalls: true },
  'task store': { refuses: (path) => basename(path).startsWith('tasks.'), folder: () => dir, refusesCalls: true },
  'data folder': { refuses: (path) => path === dir || path.startsWith(`${dir}/`), folder: () => dir, refusesCalls: true },
};

const writeRows = (Object.keys(TARGETS) as Target[]).flatMap((target) => (['EACCES', 'EPERM', 'ENOSPC', 'EROFS'] as const).map((code) => [target, code] as const));

describe('fault table: a disk that refuses writes (the errors Node raises, through the file-system port)', () => {
  it.each(writeRows)('%s refusing with %s: the app runs on, says why and where, refuses new calls only when their entry cannot be saved, and loses nothing', async (target, code) => {
    await history();
    const fs = new FaultyFileSystem();
    const { clock, protocol, parts } = engineOn(fs);
    expect((await parts.registry.load()).problems).toEqual([]);
    const running = await parts.calls.call('server-a', 'build', {});
    if (running.kind !== 'task') throw new Error('expected a task');

    fs.fail(code, TARGETS[target].refuses);
    // The running task completes while the disk refuses: nothing throws, it shows its result.
    await parts.watcher.observe(running.task.localId, { snapshot: snapshot('srv-1', { status: 'completed' }), result: RESULT }, clock.monotonic());
    await parts.registry.flush();
    expect(parts.ledger.get(running.task.localId)).toMatchObject({ hasResult: true, snapshot: { status: 'completed' } });
    expect(await parts.results.get(running.task.localId)).toEqual(RESULT);

    const expected = { reason: REASONS[code], folder: TARGETS[target].folder() };
    let later: TrackedTask | undefined;
    if (TARGETS[target].refusesCalls) {
      const refusal = parts.calls.call('server-a', 'build', { n: 2 });
      await expect(refusal).rejects.toBeInstanceOf(CallNotSavedError);
      await expect(refusal).rejects.toThrow(`The call was not sent: it could not be saved first (${expected.reason}, folder ${expected.folder}).`);
      expect(protocol.count('tools/call')).toBe(1); // nothing was sent
    } else {
      const sent = await parts.calls.call('server-a', 'build', { n: 2 });
      if (sent.kind !== 'task') throw new Error('expected a task');
      later = sent.task;
      expect(protocol.count('tools/call')).toBe(2);
    }
    expect(parts.saveHealth.problem).toEqual(expected); // the banner: "Changes cannot be saved: <reason>, folder <path>"
    expect(fs.refused).toBeGreaterThan(0);

    fs.heal();
    for (let waited = 0; parts.saveHealth.problem !== undefined && waited < 10 * MAX_ERROR_BACKOFF_MS; waited += 1_000) {
      await clock.advance(1_000); // the retries' back-off
      await new Promise((resolve) => setTimeout(resolve, 5)); // let the real file system answer
    }
    expect(parts.saveHealth.problem).toBeUndefined(); // the banner clears
    await parts.registry.dispose();
    parts.results.dispose();

    // A restart finds everything: the history, the task that completed, its result, the later call.
    const reloaded = await openStore().load();
    const ids = reloaded.tasks.map((t) => t.localId);
    const expectedIds = ['a', 'b', 'c', running.task.localId, ...(later === undefined ? [] : [later.localId])];
    expect(ids.sort()).toEqual(expectedIds.sort());
    expect(reloaded.tasks.find((t) => t.localId === running.task.localId)).toMatchObject({ hasResult: true, serverTaskId: 'srv-1' });
    expect(await new FileResultStore({ dir }).get(running.task.localId)).toEqual(RESULT);
  });

  it('a real read-only data folder (chmod 0500) refuses the entry of a new call, which is then not sent', async (context) => {
    await history();
    const { protocol, parts } = engineOn(new FaultyFileSystem());
    await parts.registry.load();
    await chmod(dir, 0o500);
    const probe = join(dir, 'probe');
    const isEnforced = await writeFile(probe, '').then(() => false, () => true);
    if (!isEnforced) {
      await rm(probe);
      console.log('The real read-only folder case cannot be shown here: this process runs as root, which ignores folder permissions. The port cases above carry it.');
      context.skip('cannot be shown as root: root ignores chmod 0500, so the folder is not read-only for this process');
      return;
    }
    // A folder's permissions do not stop appends to a file already in it: the journal is made read-only too.
    await chmod(file(TASK_JOURNAL_FILE), 0o400);
    await expect(parts.calls.call('server-a', 'build', {})).rejects.toThrow(/^The call was not sent: it could not be saved first \(permission denied \(EACCES\)/);
    expect(protocol.count('tools/call')).toBe(0);
    await chmod(file(TASK_JOURNAL_FILE), 0o600);
    await chmod(dir, 0o700);
    expect((await openStore().load()).tasks.map((t) => t.localId).sort()).toEqual(['a', 'b', 'c']);
  });
});
