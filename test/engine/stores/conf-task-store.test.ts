import { mkdir, mkdtemp, readFile, readdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackedCall, TrackedServerTask, TrackedTask } from '../../../shared/task-model.js';
import type { TaskStoreChanges } from '../../../electron/engine/ports.js';
import Conf from 'conf';
import { ConfTaskStore, SNAPSHOTS_PER_COMPACTION, TASK_SCHEMA_VERSION, type ConfTaskStoreOptions, type TaskDocumentOptions } from '../../../electron/engine/stores/conf-task-store.js';

const NOW = Date.parse('2025-01-02T03:04:05.678Z');
const STAMP = '2025-01-02T03-04-05.678Z';
const isPosix = process.platform !== 'win32';

function task(id: string, extra: Partial<TrackedServerTask> = {}): TrackedServerTask {
  return {
    localId: id,
    serverId: 'server-1',
    form: 'extension',
    phase: 'task',
    serverTaskId: `remote-${id}`,
    toolName: 'slow-tool',
    arguments: { size: 3, label: 'ünïcode ✓' },
    createdAt: 1_000,
    updatedAt: 2_000,
    observedAt: 1_500,
    snapshot: { serverTaskId: `remote-${id}`, status: 'working', statusMessage: 'step 1 of 3', pollIntervalMs: 500 },
    hasResult: false,
    timeline: [{ at: 1_500, status: 'working' }],
    answeredInputKeys: [],
    ...extra,
  };
}

/** A call (no task on its server yet) with `task`'s other fields. */
function call(id: string, extra: Partial<TrackedCall> = {}): TrackedCall {
  const { phase: _phase, serverTaskId: _id, observedAt: _observed, snapshot: _snapshot, legacy: _legacy, ...fields } = task(id);
  return { ...fields, phase: 'calling', ...extra };
}

let dir: string;

beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'task-store-')), 'data');
});

afterEach(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true });
});

function open(options: Partial<ConfTaskStoreOptions> = {}): ConfTaskStore {
  return new ConfTaskStore({ dir, now: () => NOW, ...options });
}

/** `save` argument: these tasks added or replaced, these ids removed. */
function changes(upserts: TrackedTask[], removals: string[] = []): TaskStoreChanges {
  return { upserts, removals };
}

/** Saves with a store of its own (load first); `compact` also folds the journal into tasks.json. */
async function saveWithFreshStore(saved: TaskStoreChanges, { compact = false } = {}): Promise<void> {
  const store = open();
  await store.load();
  await store.save(saved);
  if (compact) await store.compact();
}

/** Resolves once every operation queued so far (including a compaction a save queued) has run. */
const settle = (store: ConfTaskStore): Promise<void> => store.save(changes([]));

const putLine = (t: TrackedTask): string => `{"put":${JSON.stringify(t)}}\n`;
const delLine = (id: string): string => `{"del":${JSON.stringify(id)}}\n`;
const file = (name: string): string => join(dir, name);
const readText = (name: string): Promise<string> => readFile(file(name), 'utf8');
const sizeOf = async (name: string): Promise<number> => (await stat(file(name))).size;

const TORN =
  'The last change saved to the task list was cut off (the app stopped while writing it), so it was left out; the task it changed may show an earlier state.';

describe('ConfTaskStore', () => {
  it('starts empty in a new folder, which it creates private', async () => {
    const loaded = await open().load();

    expect(loaded).toEqual({ tasks: [], problems: [] });
    if (isPosix) expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('round-trips tasks through the journal, and through tasks.json after compaction', async () => {
    const tasks = [task('a'), call('b')];
    await saveWithFreshStore(changes(tasks));

    expect(await open().load()).toEqual({ tasks, problems: [] });

    const store = open();
    await store.load();
    await store.compact();
    expect(await open().load()).toEqual({ tasks, problems: [] });
  });

  it('appends compact, owner-only journal lines, compacts into a compact, versioned, owner-only file, and counts the bytes', async () => {
    const store = open();
    await store.load();
    await store.save(changes([task('a'), task('b')]));

    const journal = await readText('tasks.journal');
    expect(journal).toBe(putLine(task('a')) + putLine(task('b')));
    expect(store.stats).toEqual({ writes: 1, bytesWritten: Buffer.byteLength(journal), compactions: 0 });
    if (isPosix) expect((await stat(file('tasks.journal'))).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).not.toContain('tasks.json');

    await store.compact();

    const text = await readText('tasks.json');
    expect(text).not.toMatch(/[\n\t]/);
    expect(JSON.parse(text)).toEqual({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [task('a'), task('b')] });
    expect(store.stats).toEqual({ writes: 1, bytesWritten: Buffer.byteLength(journal) + Buffer.byteLength(text), compactions: 1 });
    expect(await sizeOf('tasks.journal')).toBe(0);
    if (isPosix) expect((await stat(file('tasks.json'))).mode & 0o777).toBe(0o600);
  });

  it('applies upserts and removals; tasks a save does not mention are kept', async () => {
    const store = open();
    await store.load();
    await store.save(changes([task('a'), task('b'), task('c')]));
    await store.save(changes([task('b', { updatedAt: 9_000 })], ['c', 'never-saved']));

    expect((await open().load()).tasks).toEqual([task('a'), task('b', { updatedAt: 9_000 })]);
    expect(await readText('tasks.journal')).toBe(
      [task('a'), task('b'), task('c'), task('b', { updatedAt: 9_000 })].map(putLine).join('') + delLine('c') + delLine('never-saved'),
    );
  });

  it('appends only the changed records: the journal grows by their size and the snapshot is untouched', async () => {
    const all = Array.from({ length: 50 }, (_, i) => task(`t${i}`));
    const store = open();
    await store.load();
    await store.save(changes(all));
    await store.compact();
    const snapshotBefore = await readFile(file('tasks.json'));
    const snapshotTimeBefore = (await stat(file('tasks.json'))).mtimeMs;
    const statsBefore = store.stats;

    const changed = [task('t7', { updatedAt: 7_777 }), task('t42', { snapshot: { serverTaskId: 'remote-t42', status: 'completed' } }), task('new')];
    await store.save(changes(changed, ['t3']));

    const expected = changed.map(putLine).join('') + delLine('t3');
    expect(await readText('tasks.journal')).toBe(expected);
    const appended = Buffer.byteLength(expected);
    expect(store.stats).toEqual({ writes: statsBefore.writes + 1, bytesWritten: statsBefore.bytesWritten + appended, compactions: 1 });
    expect(appended).toBeLessThan(snapshotBefore.length / 10);
    expect(await readFile(file('tasks.json'))).toEqual(snapshotBefore);
    expect((await stat(file('tasks.json'))).mtimeMs).toBe(snapshotTimeBefore);
  });

  it('loads the snapshot with the journal replayed over it in order (later lines win, del removes)', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [task('a'), task('b'), task('c')] }));
    const journal = [
      putLine(task('b', { updatedAt: 3_000 })),
      delLine('c'),
      putLine(task('d')),
      putLine(task('b', { updatedAt: 4_000 })),
      delLine('d'),
      putLine(task('d', { updatedAt: 5_000 })),
      delLine('unknown'),
    ].join('');
    await writeFile(file('tasks.journal'), journal);

    const loaded = await open().load();

    expect(loaded).toEqual({ tasks: [task('a'), task('b', { updatedAt: 4_000 }), task('d', { updatedAt: 5_000 })], problems: [] });
    expect(await readText('tasks.journal')).toBe(journal); // loading alone rewrites nothing
  });

  it('loads a format-1 store (local id `id`, server id `taskId`) in today\'s names and writes format 2 at the next compaction', async () => {
    // Written the way versions before format 2 wrote them: the snapshot file and a journal line.
    const formatOne = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => {
      const { localId, serverTaskId, snapshot, ...rest } = task(id);
      return { id: localId, ...rest, taskId: serverTaskId, snapshot: { ...snapshot, serverTaskId: undefined, taskId: snapshot?.serverTaskId }, ...extra };
    };
    const calling = { ...formatOne('c'), phase: 'calling', taskId: undefined, observedAt: undefined, snapshot: undefined };
    await mkdir(dir, { recursive: true });
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: 1, tasks: [formatOne('a'), formatOne('b'), calling, { id: 'x', phase: 'bogus' }] }));
    await writeFile(file('tasks.journal'), `{"put":${JSON.stringify(formatOne('b', { updatedAt: 3_000 }))}}\n`);

    const store = open();
    const loaded = await store.load();

    const expectedCalling = call('c');
    expect(loaded.tasks).toEqual([task('a'), task('b', { updatedAt: 3_000 }), expectedCalling]);
    expect(loaded.problems).toEqual([expect.stringMatching(/^A saved task \(id "x"\) could not be loaded because its data is invalid/)]);
    // The quarantine keeps the bad record exactly as it was saved.
    const quarantine = JSON.parse(await readText('tasks.quarantine.json')) as { record: unknown }[];
    expect(quarantine.map((entry) => entry.record)).toEqual([{ id: 'x', phase: 'bogus' }]);

    await store.compact();
    const written = JSON.parse(await readText('tasks.json')) as { schemaVersion: number; tasks: Record<string, unknown>[] };
    expect(written.schemaVersion).toBe(TASK_SCHEMA_VERSION);
    expect(written.tasks.map((record) => [record.localId, record.serverTaskId, 'id' in record, 'taskId' in record])).toEqual([
      ['a', 'remote-a', false, false],
      ['b', 'remote-b', false, false],
      ['c', undefined, false, false],
    ]);
    expect(await open().load()).toEqual({ tasks: loaded.tasks, problems: [] });
  });

  it('loads a format-2 store (a 2025-11-25 task\'s session and kept requests apart) grouped as `legacy`, and writes format 3 at the next compaction', async () => {
    const session = { id: 'session-1', protocolVersion: '2025-11-25', taskCapabilities: { list: {} } };
    const kept = [{ key: 'ask', requestId: 4, request: { method: 'elicitation/create', params: { message: 'Deploy?' } }, receivedAt: 3 }];
    // Written the way format-2 versions wrote them: the snapshot file and a journal line.
    const formatTwo = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ ...task(id, { form: 'legacy' }), legacySession: session, ...extra });
    await mkdir(dir, { recursive: true });
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: 2, tasks: [formatTwo('a'), task('plain'), formatTwo('b')] }));
    await writeFile(file('tasks.journal'), `{"put":${JSON.stringify(formatTwo('b', { legacyPendingRequests: kept }))}}\n`);

    const store = open();
    const loaded = await store.load();

    expect(loaded).toEqual({
      tasks: [
        task('a', { form: 'legacy', legacy: { session } }),
        task('plain'),
        task('b', { form: 'legacy', legacy: { session, pendingRequests: kept } }),
      ],
      problems: [],
    });
    await store.compact();
    const written = JSON.parse(await readText('tasks.json')) as { schemaVersion: number; tasks: Record<string, unknown>[] };
    expect(written.schemaVersion).toBe(3);
    expect(written.tasks.every((record) => !('legacySession' in record) && !('legacyPendingRequests' in record))).toBe(true);
    expect(await open().load()).toEqual({ tasks: loaded.tasks, problems: [] });
  });

  it('ends with the newest changes when saves overlap, and queued saves collapse into one append', async () => {
    const store = open();
    await store.load();
    const batches = Array.from({ length: 20 }, (_, n) => changes(Array.from({ length: n + 1 }, (_, i) => task(`t${i}`, { updatedAt: n }))));

    await Promise.all(batches.map((batch) => store.save(batch)));

    expect((await open().load()).tasks).toEqual(batches.at(-1)!.upserts);
    expect(store.stats.writes).toBe(1);
    expect((await readText('tasks.journal')).split('\n')).toHaveLength(21); // one line per task, then the final newline
  });

  it('keeps saving in call order across separate turns of the event loop', async () => {
    const store = open();
    await store.load();
    const first = store.save(changes([task('first'), task('x', { updatedAt: 1 })]));
    await new Promise((done) => setImmediate(done));
    const second = store.save(changes([task('second'), task('x', { updatedAt: 2 })], ['first']));

    await Promise.all([first, second]);

    expect((await open().load()).tasks).toEqual([task('x', { updatedAt: 2 }), task('second')]);
  });

  it('queues a save issued while load is still running behind it', async () => {
    await saveWithFreshStore(changes([task('old')]));
    const store = open();

    const [loaded] = await Promise.all([store.load(), store.save(changes([task('new')], ['old']))]);

    expect(loaded.tasks).toEqual([task('old')]);
    expect((await open().load()).tasks).toEqual([task('new')]);
  });

  it('refuses to save (or compact) before load', async () => {
    await expect(open().save(changes([task('a')]))).rejects.toThrow(/before load/);
    await expect(open().compact()).rejects.toThrow(/before load/);
  });

  it('keeps the changes of a failed save and writes them with the next one', async () => {
    const store = open();
    await store.load();
    await mkdir(file('tasks.journal')); // a directory: appending fails with EISDIR

    await expect(store.save(changes([task('a')]))).rejects.toThrow(/EISDIR/);
    await rmdir(file('tasks.journal'));
    await store.save(changes([task('b')]));

    expect(await readText('tasks.journal')).toBe(putLine(task('a')) + putLine(task('b')));
    expect((await open().load()).tasks).toEqual([task('a'), task('b')]);
    expect(store.stats.writes).toBe(1);
  });

  it('moves a damaged file aside, loads the last good copy and says so', async () => {
    await saveWithFreshStore(changes([task('a')]), { compact: true });
    await saveWithFreshStore(changes([task('b')]), { compact: true }); // this load copied {a} to tasks.json.bak
    expect(JSON.parse(await readText('tasks.json.bak'))).toEqual({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [task('a')] });
    const damaged = `{"schemaVersion":${TASK_SCHEMA_VERSION},"tasks":[{"id":"a",`;
    await writeFile(file('tasks.json'), damaged);

    const store = open();
    const loaded = await store.load();

    expect(loaded.tasks).toEqual([task('a')]);
    expect(loaded.problems).toEqual([
      `The saved task list could not be read because it is not valid JSON. The file was kept unchanged as "tasks.json.corrupt-${STAMP}".`,
      'The last good copy of the task list, taken when the app last started, was loaded instead; changes made after that are missing.',
    ]);
    expect(await readText(`tasks.json.corrupt-${STAMP}`)).toBe(damaged);
    await store.save(changes([task('c')], ['a']));
    expect((await open().load()).tasks).toEqual([task('c')]);
  });

  it('keeps the journal in the last good copy, and applies the recent changes to it when the snapshot is damaged', async () => {
    await saveWithFreshStore(changes([task('a')]), { compact: true });
    await saveWithFreshStore(changes([task('b')])); // journal only
    const store = open();
    await store.load(); // the backup now holds the whole set: snapshot and journal
    expect(JSON.parse(await readText('tasks.json.bak'))).toEqual({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [task('a'), task('b')] });
    await store.save(changes([task('c')]));
    await store.compact(); // tasks.json = {a, b, c}, journal empty
    await store.save(changes([task('a', { updatedAt: 5_000 })])); // journal: a changed
    await writeFile(file('tasks.json'), 'garbage');

    const loaded = await open().load();

    expect(loaded.tasks).toEqual([task('a', { updatedAt: 5_000 }), task('b')]); // c was only in the damaged snapshot
    expect(loaded.problems).toEqual([
      `The saved task list could not be read because it is not valid JSON. The file was kept unchanged as "tasks.json.corrupt-${STAMP}".`,
      'The last good copy of the task list, taken when the app last started, was loaded instead, with the recent changes kept in ' +
        '"tasks.journal" applied to it; other changes made after that may be missing.',
    ]);
  });

  it('starts empty when a damaged file has no backup, keeping the damaged file', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(file('tasks.json'), '');

    const loaded = await open().load();

    expect(loaded).toEqual({
      tasks: [],
      problems: [
        `The saved task list could not be read because it is not valid JSON. The file was kept unchanged as "tasks.json.corrupt-${STAMP}".`,
        'There is no earlier copy of the task list, so it starts empty.',
      ],
    });
    expect(await readText(`tasks.json.corrupt-${STAMP}`)).toBe('');
    expect(await readdir(dir)).not.toContain('tasks.json');
  });

  it('keeps the recent changes of the journal when a damaged file has no backup', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(file('tasks.json'), '{');
    await writeFile(file('tasks.journal'), putLine(task('recent')));

    const loaded = await open().load();

    expect(loaded.tasks).toEqual([task('recent')]);
    expect(loaded.problems[1]).toBe('There is no earlier copy of the task list, so it holds only the recent changes kept in "tasks.journal".');
  });

  it('keeps both files and starts empty when the backup is damaged too', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(file('tasks.json'), 'garbage');
    await writeFile(file('tasks.json.bak'), '[1,2,3]');

    const store = open();
    const loaded = await store.load();

    expect(loaded).toEqual({
      tasks: [],
      problems: [
        `The saved task list could not be read because it is not valid JSON. The file was kept unchanged as "tasks.json.corrupt-${STAMP}".`,
        'The last good copy of the task list could not be read either because it does not have the expected layout. ' +
          `It was kept unchanged as "tasks.json.bak.corrupt-${STAMP}", and the task list starts empty.`,
      ],
    });
    expect(await readText(`tasks.json.corrupt-${STAMP}`)).toBe('garbage');
    expect(await readText(`tasks.json.bak.corrupt-${STAMP}`)).toBe('[1,2,3]');
    expect((await readdir(dir)).sort()).toEqual([`tasks.json.bak.corrupt-${STAMP}`, `tasks.json.corrupt-${STAMP}`]);
    await store.save(changes([task('a')]));
    expect((await open().load()).tasks).toEqual([task('a')]);
  });

  it('never overwrites an earlier damaged file moved aside in the same millisecond', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(file('tasks.json'), 'first');
    await open().load();
    await writeFile(file('tasks.json'), 'second');

    const loaded = await open().load();

    expect(loaded.problems[0]).toContain(`"tasks.json.corrupt-${STAMP}-1"`);
    expect(await readText(`tasks.json.corrupt-${STAMP}`)).toBe('first');
    expect(await readText(`tasks.json.corrupt-${STAMP}-1`)).toBe('second');
  });

  it('keeps a file written by a newer version instead of reading it', async () => {
    await mkdir(dir, { recursive: true });
    const newer = JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION + 1, tasks: [{ id: 'x' }] });
    await writeFile(file('tasks.json'), newer);

    const loaded = await open().load();

    expect(loaded.tasks).toEqual([]);
    expect(loaded.problems[0]).toBe(
      `The saved task list could not be read because it was written by a newer version of the app (format ${TASK_SCHEMA_VERSION + 1}). The file was kept unchanged as "tasks.json.corrupt-${STAMP}".`,
    );
    expect(await readText(`tasks.json.corrupt-${STAMP}`)).toBe(newer);
  });

  it('quarantines records that fail the schema or repeat an id, and loads the rest', async () => {
    await mkdir(dir, { recursive: true });
    const bad = { ...task('bad'), snapshot: { serverTaskId: 'r', status: 'exploded' } };
    const duplicate = task('a', { toolName: 'second copy' });
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [task('a'), bad, task('b'), duplicate] }));

    const loaded = await open().load();

    expect(loaded.tasks).toEqual([task('a'), task('b')]);
    expect(loaded.problems).toHaveLength(2);
    expect(loaded.problems[0]).toMatch(
      /^A saved task \(id "bad"\) could not be loaded because its data is invalid \(snapshot\.status: .+\)\. It was set aside in "tasks\.quarantine\.json" and left out of the task list\.$/,
    );
    expect(loaded.problems[1]).toBe(
      'A saved task (id "a") could not be loaded because another saved task has the same id. It was set aside in "tasks.quarantine.json" and left out of the task list.',
    );
    const quarantine = JSON.parse(await readText('tasks.quarantine.json')) as unknown[];
    expect(quarantine).toEqual([
      { quarantinedAt: '2025-01-02T03:04:05.678Z', reason: expect.stringMatching(/^its data is invalid/) as unknown, record: bad },
      { quarantinedAt: '2025-01-02T03:04:05.678Z', reason: 'another saved task has the same id', record: duplicate },
    ]);

    // Set aside once: the file no longer holds them, so the next start is clean.
    expect(await open().load()).toEqual({ tasks: [task('a'), task('b')], problems: [] });
    expect(JSON.parse(await readText('tasks.quarantine.json'))).toHaveLength(2);
  });

  it('appends to an existing quarantine file and keeps records that are not even objects', async () => {
    await mkdir(dir, { recursive: true });
    const earlier = { quarantinedAt: '2024-12-31T00:00:00.000Z', reason: 'earlier', record: 1 };
    await writeFile(file('tasks.quarantine.json'), JSON.stringify([earlier]));
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [null, task('a')] }));

    const loaded = await open().load();

    expect(loaded.tasks).toEqual([task('a')]);
    expect(loaded.problems[0]).toMatch(/^A saved task could not be loaded because its data is invalid \(record: /);
    const quarantine = JSON.parse(await readText('tasks.quarantine.json')) as { record: unknown }[];
    expect(quarantine.map((entry) => entry.record)).toEqual([1, null]);
  });

  it('ignores a torn last journal line, says so, and cuts it off so later appends stay readable', async () => {
    await mkdir(dir, { recursive: true });
    const whole = putLine(task('a')) + putLine(task('b'));
    const torn = putLine(task('a', { updatedAt: 9_999 })).slice(0, 40);
    await writeFile(file('tasks.journal'), whole + torn);

    const store = open();
    const loaded = await store.load();

    expect(loaded).toEqual({ tasks: [task('a'), task('b')], problems: [TORN] });
    expect(await readText('tasks.journal')).toBe(whole);
    await store.save(changes([task('c')]));
    expect(await open().load()).toEqual({ tasks: [task('a'), task('b'), task('c')], problems: [] });
  });

  it('quarantines malformed journal lines in the middle with a reason, loads the rest, and sets them aside once', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [task('a'), task('b')] }));
    const invalidB = { ...task('b', { updatedAt: 3_000 }), snapshot: { serverTaskId: 'r', status: 'exploded' } };
    const invalidNew = { ...task('new'), phase: 'nonsense' };
    const lines = [
      putLine(task('a', { updatedAt: 3_000 })),
      '{"put":{"id":"x","serverId"\n', // not JSON
      '{"zap":"a"}\n', // JSON, not a change
      `{"put":${JSON.stringify(invalidB)}}\n`, // a change to b, with invalid data
      `{"put":${JSON.stringify(invalidNew)}}\n`, // a new task, with invalid data
      putLine(task('c')),
    ];
    await writeFile(file('tasks.journal'), lines.join(''));

    const loaded = await open().load();

    expect(loaded.tasks).toEqual([task('a', { updatedAt: 3_000 }), task('b'), task('c')]);
    expect(loaded.problems).toEqual([
      'A saved change to the task list could not be read because it is not valid JSON (line 2 of tasks.journal). ' +
        'It was set aside in "tasks.quarantine.json"; the task it changed may show an earlier state.',
      'A saved change to the task list could not be read because it is not a change this version of the app understands (line 3 of tasks.journal). ' +
        'It was set aside in "tasks.quarantine.json"; the task it changed may show an earlier state.',
      expect.stringMatching(
        /^A saved change to a task \(id "b"\) could not be loaded because its data is invalid \(snapshot\.status: .+; line 4 of tasks\.journal\)\. It was set aside in "tasks\.quarantine\.json", and the task was loaded as it was saved at another time\.$/,
      ),
      expect.stringMatching(/^A saved change to a task \(id "new"\) could not be loaded because .+ and left out of the task list\.$/),
    ]);
    const quarantine = JSON.parse(await readText('tasks.quarantine.json')) as { reason: string; record: unknown }[];
    expect(quarantine.map((entry) => entry.record)).toEqual(['{"put":{"id":"x","serverId"', { zap: 'a' }, invalidB, invalidNew]);
    expect(quarantine[0]!.reason).toBe('it is not valid JSON (line 2 of tasks.journal)');

    // Set aside once: the snapshot now holds the loaded set and the journal is empty.
    expect(await sizeOf('tasks.journal')).toBe(0);
    expect(await open().load()).toEqual({ tasks: loaded.tasks, problems: [] });
    expect(JSON.parse(await readText('tasks.quarantine.json'))).toHaveLength(4);
  });

  it('compacts once the journal exceeds max(threshold, three snapshot sizes), never sooner, and a reload gives the same set', async () => {
    const threshold = 3_000;
    const store = open({ minCompactionBytes: threshold });
    await store.load();
    const lineBytes = Buffer.byteLength(putLine(task('t0')));
    const tasks: TrackedTask[] = [];
    const saveOne = async (): Promise<void> => {
      const next = task(`t${tasks.length}`);
      tasks.push(next);
      await store.save(changes([next]));
      await settle(store);
    };

    // The journal may reach the threshold; only more than that compacts.
    while ((tasks.length + 1) * lineBytes <= threshold) await saveOne();
    expect(store.stats.compactions).toBe(0);
    expect(await readdir(dir)).not.toContain('tasks.json');
    await saveOne();
    expect(store.stats.compactions).toBe(1);
    expect(await sizeOf('tasks.journal')).toBe(0);
    const snapshotBytes = await sizeOf('tasks.json');
    expect(snapshotBytes).toBeGreaterThan(threshold);
    expect(await open().load()).toEqual({ tasks, problems: [] });

    // Now three snapshots are larger than the threshold, so they set the bar.
    while ((await sizeOf('tasks.journal')) + lineBytes <= SNAPSHOTS_PER_COMPACTION * snapshotBytes) {
      await saveOne();
      expect(store.stats.compactions).toBe(1);
    }
    await saveOne();
    expect(store.stats.compactions).toBe(2);
    expect(await sizeOf('tasks.journal')).toBe(0);
    expect(await open().load()).toEqual({ tasks, problems: [] });
  });

  it('reloads correctly after a crash between the snapshot write and the journal truncation', async () => {
    const store = open();
    await store.load();
    await store.save(changes([task('a'), task('b'), task('c')]));
    await store.save(changes([task('b', { updatedAt: 7_000 })], ['c']));
    await store.save(changes([task('c', { updatedAt: 8_000 })]));
    const journalBeforeCompaction = await readFile(file('tasks.journal'));
    await store.compact();
    // The crash: the new snapshot is in place, the journal was never truncated.
    await writeFile(file('tasks.journal'), journalBeforeCompaction);
    const expected = [task('a'), task('b', { updatedAt: 7_000 }), task('c', { updatedAt: 8_000 })];

    const reopened = open();
    expect(await reopened.load()).toEqual({ tasks: expected, problems: [] });
    await reopened.save(changes([task('d')], ['a']));
    expect(await open().load()).toEqual({ tasks: [...expected.slice(1), task('d')], problems: [] });
  });

  it('round-trips 10,000 tasks; a save of 100 changed tasks writes about their size', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      task(`task-${i}`, { timeline: [{ at: 1_500, note: 'Task created' }, { at: 2_000, status: 'working', statusMessage: `step ${i}` }] }),
    );
    const store = open();
    await store.load();
    await store.save(changes(many));
    await store.compact();
    const snapshotBytes = await sizeOf('tasks.json');

    let started = performance.now();
    const loaded = await open().load();
    const loadMs = performance.now() - started;
    expect(loaded.tasks).toEqual(many);

    const reopened = open();
    await reopened.load();
    const changed = many.slice(0, 100).map((t) => ({ ...t, updatedAt: 9_000 }));
    const before = reopened.stats;
    started = performance.now();
    await reopened.save(changes(changed));
    const saveMs = performance.now() - started;
    const appended = reopened.stats.bytesWritten - before.bytesWritten;
    expect(appended).toBe(Buffer.byteLength(changed.map(putLine).join('')));

    started = performance.now();
    const withJournal = await open().load();
    const loadWithJournalMs = performance.now() - started;
    expect(withJournal.tasks).toEqual([...changed, ...many.slice(100)]);

    console.log(
      `10,000 tasks: snapshot ${(snapshotBytes / 1e6).toFixed(2)} MB, load ${loadMs.toFixed(0)} ms, ` +
        `save of 100 changed tasks ${saveMs.toFixed(1)} ms / ${appended} bytes, load with that journal ${loadWithJournalMs.toFixed(0)} ms`,
    );
    expect(loadMs).toBeLessThan(5_000); // generous: about 0.2 s on a 2-core machine
  });

  it('removes leftovers of interrupted writes of its own files only', async () => {
    await mkdir(dir, { recursive: true });
    const stale = ['tasks.json.tmp-1736000000a1b2c3', 'tasks.json.bak.tmp-0123456789ab', 'tasks.quarantine.json.tmp-1736000000ffffff'];
    const foreign = ['settings.json.tmp-1736000000a1b2c3', 'tasks.json.tmp-not-hex', `tasks.json.corrupt-${STAMP}`];
    for (const name of [...stale, ...foreign]) await writeFile(file(name), 'x');

    await open().load();

    expect((await readdir(dir)).sort()).toEqual([...foreign].sort());
  });

  it('does not overwrite a file it cannot read: saves are refused for the session', async () => {
    await mkdir(file('tasks.json'), { recursive: true }); // a directory: reading it fails with EISDIR

    const store = open();
    const loaded = await store.load();

    expect(loaded).toEqual({
      tasks: [],
      problems: [
        'The saved task list could not be opened (EISDIR). Task changes will not be saved until the app is restarted, so the saved file is not overwritten.',
      ],
    });
    await expect(store.save(changes([task('a')]))).rejects.toThrow(/not saved in this session/);
    await expect(store.compact()).rejects.toThrow(/not saved in this session/);
    expect((await stat(file('tasks.json'))).isDirectory()).toBe(true);
    expect(await readdir(dir)).not.toContain('tasks.journal');
  });

  it('does not append to a journal it cannot read: saves are refused for the session', async () => {
    await mkdir(file('tasks.journal'), { recursive: true });

    const store = open();
    const loaded = await store.load();

    expect(loaded.problems).toEqual([
      'The saved task list could not be opened (EISDIR). Task changes will not be saved until the app is restarted, so the saved file is not overwritten.',
    ]);
    await expect(store.save(changes([task('a')]))).rejects.toThrow(/not saved in this session/);
  });

  it('opens the file through an injected factory with the options an electron-store needs, when it first writes it', async () => {
    const seen: TaskDocumentOptions[] = [];
    const store = new ConfTaskStore({
      dir,
      openDocument: (options) => {
        seen.push(options);
        return new Conf<Record<string, unknown>>({ cwd: options.cwd, configName: options.name, serialize: options.serialize, configFileMode: options.fileMode });
      },
    });
    await store.load();
    await store.save(changes([task('a')]));
    expect(seen).toEqual([]); // loading parses the file itself; appends do not need the document

    await store.compact();

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ cwd: dir, name: 'tasks', fileMode: 0o600 });
    expect(store.stats.bytesWritten).toBe((await stat(file('tasks.json'))).size + Buffer.byteLength(putLine(task('a'))));
  });

  it('keeps conf\'s internal key when it rewrites the snapshot', async () => {
    await mkdir(dir, { recursive: true });
    const internal = { migrations: { version: '1.0.0' } };
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [task('a')], __internal__: internal }));
    const store = open();
    await store.load();
    await store.save(changes([task('b')]));

    await store.compact();

    expect(JSON.parse(await readText('tasks.json'))).toEqual({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [task('a'), task('b')], __internal__: internal });
  });

  it('refuses a factory that opens some other file, and writes nothing there', async () => {
    const elsewhere = join(dir, '..', 'elsewhere');
    const store = new ConfTaskStore({ dir, openDocument: (options) => new Conf({ cwd: elsewhere, configName: options.name }) });
    await store.load();
    await store.save(changes([task('a')]));

    await expect(store.compact()).rejects.toThrow(/^The task document opened .*elsewhere/);
    await expect(readdir(elsewhere)).resolves.toEqual([]);
    expect((await open().load()).tasks).toEqual([task('a')]); // the change is still safe in the journal
  });

  it('refuses a factory that opens some other file when loading needs to write, and saves nothing', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION, tasks: [null, task('a')] }));
    const elsewhere = join(dir, '..', 'elsewhere');
    const store = new ConfTaskStore({ dir, openDocument: (options) => new Conf({ cwd: elsewhere, configName: options.name }) });

    const loaded = await store.load();

    expect(loaded.tasks).toEqual([task('a')]);
    expect(loaded.problems).toEqual([expect.stringMatching(/^1 saved task\(s\) could not be loaded, and could not be set aside \(The task document opened .*elsewhere/)]);
    await expect(store.save(changes([task('b')]))).rejects.toThrow(/not saved in this session/);
  });
});

describe('ConfTaskStore: a snapshot that is not a well-formed store, and its good copies', () => {
  const idsIn = async (name: string): Promise<string[]> => (JSON.parse(await readText(name)) as { tasks: TrackedTask[] }).tasks.map((t) => t.localId);

  /** Two clean loads: tasks.json.bak = {a, b}, tasks.json.bak.1 = {a}; tasks.json = {a, b, c}. */
  async function history(): Promise<void> {
    await saveWithFreshStore(changes([task('a')]), { compact: true });
    await saveWithFreshStore(changes([task('b')]), { compact: true }); // this load copied {a} to .bak
    await saveWithFreshStore(changes([task('c')]), { compact: true }); // {a} moved to .bak.1, {a, b} to .bak
  }

  it.each([
    ['null', 'it holds no task list (JSON null)'],
    ['{}', 'it holds no task list (an empty object)'],
  ])('a tasks.json holding %s with an empty journal is kept aside and reported, the last good copy is loaded, and the copies are not overwritten', async (content, reason) => {
    await history();
    const goodCopy = await readText('tasks.json.bak');
    const olderCopy = await readText('tasks.json.bak.1');
    await writeFile(file('tasks.json'), content);
    expect(await readText('tasks.journal')).toBe('');

    const store = open();
    const loaded = await store.load();

    expect(loaded.tasks.map((t) => t.localId)).toEqual(['a', 'b']);
    expect(loaded.problems).toEqual([
      `The saved task list could not be read because ${reason}. The file was kept unchanged as "tasks.json.corrupt-${STAMP}".`,
      'The last good copy of the task list, taken when the app last started, was loaded instead; changes made after that are missing.',
    ]);
    expect(await readText(`tasks.json.corrupt-${STAMP}`)).toBe(content);
    expect(await readText('tasks.json.bak')).toBe(goodCopy);
    expect(await readText('tasks.json.bak.1')).toBe(olderCopy);
    // A second start (now clean again) does not push the good copies out with a worse one either.
    await open().load();
    expect(await idsIn('tasks.json.bak')).toEqual(['a', 'b']);
  });

  it('keeps the last two good copies, rotating them only when the loaded set differs', async () => {
    await history();
    expect(await idsIn('tasks.json.bak')).toEqual(['a', 'b']);
    expect(await idsIn('tasks.json.bak.1')).toEqual(['a']);

    await open().load(); // {a, b, c} becomes the newest copy
    await open().load(); // the same set again: nothing rotates
    expect(await idsIn('tasks.json.bak')).toEqual(['a', 'b', 'c']);
    expect(await idsIn('tasks.json.bak.1')).toEqual(['a', 'b']);
  });

  it('falls back to the older good copy when the snapshot and the newest copy are both damaged', async () => {
    await history();
    await writeFile(file('tasks.json'), 'garbage');
    await writeFile(file('tasks.json.bak'), `{"schemaVersion":${TASK_SCHEMA_VERSION},"tasks":[`);

    const loaded = await open().load();

    expect(loaded.tasks.map((t) => t.localId)).toEqual(['a']);
    expect(loaded.problems).toEqual([
      `The saved task list could not be read because it is not valid JSON. The file was kept unchanged as "tasks.json.corrupt-${STAMP}".`,
      `The last good copy of the task list could not be read either because it is not valid JSON. It was kept unchanged as "tasks.json.bak.corrupt-${STAMP}".`,
      'The good copy before that, "tasks.json.bak.1", was loaded instead; changes made after that are missing.',
    ]);
  });

  it('reports a garbled good copy and keeps it aside instead of replacing it silently', async () => {
    await history();
    await writeFile(file('tasks.json.bak'), 'garbled\u0000copy');

    const loaded = await open().load();

    expect(loaded.tasks.map((t) => t.localId)).toEqual(['a', 'b', 'c']);
    expect(loaded.problems).toEqual([
      `A good copy of the task list, "tasks.json.bak", was damaged (it is not valid JSON); it was kept unchanged as "tasks.json.bak.corrupt-${STAMP}" and a new copy was taken.`,
    ]);
    expect(await readText(`tasks.json.bak.corrupt-${STAMP}`)).toBe('garbled\u0000copy');
    expect(await idsIn('tasks.json.bak')).toEqual(['a', 'b', 'c']);
  });

  it.each([
    ['gone', () => rm(file('tasks.journal'))],
    ['empty', () => writeFile(file('tasks.journal'), '')],
  ])('loads the last good copy, and says so, when tasks.json is gone, the journal is %s, and a copy remains', async (_state, journal) => {
    await history();
    await rm(file('tasks.json'));
    await journal();

    const loaded = await open().load();

    expect(loaded.tasks.map((t) => t.localId)).toEqual(['a', 'b']);
    expect(loaded.problems).toEqual([
      'The saved task list "tasks.json" is missing.',
      'The last good copy of the task list, taken when the app last started, was loaded instead; changes made after that are missing.',
    ]);
  });
});
