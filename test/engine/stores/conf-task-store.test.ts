import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrackedTask } from '../../../shared/task-model.js';
import Conf from 'conf';
import { ConfTaskStore, type TaskDocumentOptions } from '../../../electron/engine/stores/conf-task-store.js';

const NOW = Date.parse('2025-01-02T03:04:05.678Z');
const STAMP = '2025-01-02T03-04-05.678Z';
const isPosix = process.platform !== 'win32';

function task(id: string, extra: Partial<TrackedTask> = {}): TrackedTask {
  return {
    id,
    serverId: 'server-1',
    form: 'extension',
    phase: 'task',
    taskId: `remote-${id}`,
    toolName: 'slow-tool',
    arguments: { size: 3, label: 'ünïcode ✓' },
    createdAt: 1_000,
    updatedAt: 2_000,
    observedAt: 1_500,
    snapshot: { taskId: `remote-${id}`, status: 'working', statusMessage: 'step 1 of 3', pollIntervalMs: 500 },
    hasResult: false,
    timeline: [{ at: 1_500, status: 'working' }],
    answeredInputKeys: [],
    ...extra,
  };
}

let dir: string;

beforeEach(async () => {
  dir = join(await mkdtemp(join(tmpdir(), 'task-store-')), 'data');
});

afterEach(async () => {
  await rm(join(dir, '..'), { recursive: true, force: true });
});

function open(): ConfTaskStore {
  return new ConfTaskStore({ dir, now: () => NOW });
}

async function saveWithFreshStore(tasks: TrackedTask[]): Promise<void> {
  const store = open();
  await store.load();
  await store.save(tasks);
}

const file = (name: string): string => join(dir, name);
const readText = (name: string): Promise<string> => readFile(file(name), 'utf8');

describe('ConfTaskStore', () => {
  it('starts empty in a new folder, which it creates private', async () => {
    const loaded = await open().load();

    expect(loaded).toEqual({ tasks: [], problems: [] });
    if (isPosix) expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('round-trips tasks through tasks.json', async () => {
    const tasks = [task('a'), task('b', { phase: 'calling', taskId: undefined, snapshot: undefined })];
    await saveWithFreshStore(tasks);

    const loaded = await open().load();

    expect(loaded.problems).toEqual([]);
    expect(loaded.tasks).toEqual(tasks);
  });

  it('writes a compact, versioned, owner-only file and counts the bytes it wrote', async () => {
    const store = open();
    await store.load();
    await store.save([task('a'), task('b')]);

    const text = await readText('tasks.json');
    expect(text).not.toMatch(/[\n\t]/);
    expect(JSON.parse(text)).toEqual({ schemaVersion: 1, tasks: [task('a'), task('b')] });
    expect(store.stats).toEqual({ writes: 1, bytesWritten: Buffer.byteLength(text) });
    if (isPosix) expect((await stat(file('tasks.json'))).mode & 0o777).toBe(0o600);
  });

  it('replaces the whole set on each save (a task left out is gone)', async () => {
    const store = open();
    await store.load();
    await store.save([task('a'), task('b'), task('c')]);
    await store.save([task('b', { updatedAt: 9_000 })]);

    expect((await open().load()).tasks).toEqual([task('b', { updatedAt: 9_000 })]);
  });

  it('ends with the last set when saves overlap, and queued saves collapse into one write', async () => {
    const store = open();
    await store.load();
    const sets = Array.from({ length: 20 }, (_, n) => Array.from({ length: n + 1 }, (_, i) => task(`t${i}`, { updatedAt: n })));

    await Promise.all(sets.map((set) => store.save(set)));

    expect((await open().load()).tasks).toEqual(sets.at(-1));
    expect(store.stats.writes).toBe(1);
  });

  it('keeps saving in call order across separate turns of the event loop', async () => {
    const store = open();
    await store.load();
    const first = store.save([task('first')]);
    await new Promise((done) => setImmediate(done));
    const second = store.save([task('second')]);

    await Promise.all([first, second]);

    expect((await open().load()).tasks).toEqual([task('second')]);
  });

  it('queues a save issued while load is still running behind it', async () => {
    await saveWithFreshStore([task('old')]);
    const store = open();

    const [loaded] = await Promise.all([store.load(), store.save([task('new')])]);

    expect(loaded.tasks).toEqual([task('old')]);
    expect((await open().load()).tasks).toEqual([task('new')]);
  });

  it('refuses to save before load', async () => {
    await expect(open().save([task('a')])).rejects.toThrow(/before load/);
  });

  it('moves a damaged file aside, loads the last good copy and says so', async () => {
    await saveWithFreshStore([task('a')]);
    await saveWithFreshStore([task('a'), task('b')]); // this load copied {a} to tasks.json.bak
    expect(JSON.parse(await readText('tasks.json.bak'))).toEqual({ schemaVersion: 1, tasks: [task('a')] });
    const damaged = '{"schemaVersion":1,"tasks":[{"id":"a",';
    await writeFile(file('tasks.json'), damaged);

    const store = open();
    const loaded = await store.load();

    expect(loaded.tasks).toEqual([task('a')]);
    expect(loaded.problems).toEqual([
      `The saved task list could not be read because it is not valid JSON. The file was kept unchanged as "tasks.json.corrupt-${STAMP}".`,
      'The last good copy of the task list, taken when the app last started, was loaded instead; changes made after that are missing.',
    ]);
    expect(await readText(`tasks.json.corrupt-${STAMP}`)).toBe(damaged);
    await store.save([task('c')]);
    expect((await open().load()).tasks).toEqual([task('c')]);
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
    await store.save([task('a')]);
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
    const newer = JSON.stringify({ schemaVersion: 2, tasks: [{ id: 'x' }] });
    await writeFile(file('tasks.json'), newer);

    const loaded = await open().load();

    expect(loaded.tasks).toEqual([]);
    expect(loaded.problems[0]).toBe(
      `The saved task list could not be read because it was written by a newer version of the app (format 2). The file was kept unchanged as "tasks.json.corrupt-${STAMP}".`,
    );
    expect(await readText(`tasks.json.corrupt-${STAMP}`)).toBe(newer);
  });

  it('quarantines records that fail the schema or repeat an id, and loads the rest', async () => {
    await mkdir(dir, { recursive: true });
    const bad = { ...task('bad'), snapshot: { taskId: 'r', status: 'exploded' } };
    const duplicate = task('a', { toolName: 'second copy' });
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: 1, tasks: [task('a'), bad, task('b'), duplicate] }));

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
    await writeFile(file('tasks.json'), JSON.stringify({ schemaVersion: 1, tasks: [null, task('a')] }));

    const loaded = await open().load();

    expect(loaded.tasks).toEqual([task('a')]);
    expect(loaded.problems[0]).toMatch(/^A saved task could not be loaded because its data is invalid \(record: /);
    const quarantine = JSON.parse(await readText('tasks.quarantine.json')) as { record: unknown }[];
    expect(quarantine.map((entry) => entry.record)).toEqual([1, null]);
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
    await expect(store.save([task('a')])).rejects.toThrow(/not saved in this session/);
    expect((await stat(file('tasks.json'))).isDirectory()).toBe(true);
  });

  it('opens the file through an injected factory with the options an electron-store needs', async () => {
    const seen: TaskDocumentOptions[] = [];
    const store = new ConfTaskStore({
      dir,
      openDocument: (options) => {
        seen.push(options);
        return new Conf<Record<string, unknown>>({ cwd: options.cwd, configName: options.name, serialize: options.serialize, configFileMode: options.fileMode });
      },
    });
    await store.load();
    await store.save([task('a')]);

    expect(seen[0]).toMatchObject({ cwd: dir, name: 'tasks', fileMode: 0o600 });
    expect(store.stats.bytesWritten).toBe((await stat(file('tasks.json'))).size);
  });

  it('refuses a factory that opens some other file, and saves nothing', async () => {
    const elsewhere = join(dir, '..', 'elsewhere');
    const store = new ConfTaskStore({ dir, openDocument: (options) => new Conf({ cwd: elsewhere, configName: options.name }) });

    const loaded = await store.load();

    expect(loaded.tasks).toEqual([]);
    expect(loaded.problems[0]).toMatch(/^The saved task list could not be opened \(The task document opened .*elsewhere/);
    await expect(store.save([task('a')])).rejects.toThrow(/not saved in this session/);
  });
});
