import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../electron/engine/ports.js';
import { FileResultStore, MAX_RESULT_BYTES, isTruncatedResult } from '../../../electron/engine/stores/file-result-store.js';

const NOW = Date.parse('2025-01-02T03:04:05.678Z');
const STAMP = '2025-01-02T03-04-05.678Z';
const isPosix = process.platform !== 'win32';

interface LogLine {
  level: keyof Logger;
  message: string;
  details: Record<string, unknown> | undefined;
}

function recordingLogger(lines: LogLine[]): Logger {
  const log = (level: keyof Logger) => (message: string, details?: Record<string, unknown>) => {
    lines.push({ level, message, details });
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

let root: string;
let dir: string;
let resultsDir: string;
let logged: LogLine[];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'result-store-'));
  dir = join(root, 'data');
  resultsDir = join(dir, 'results');
  logged = [];
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function open(maxBytes?: number): FileResultStore {
  return new FileResultStore({ dir, logger: recordingLogger(logged), now: () => NOW, ...(maxBytes === undefined ? {} : { maxBytes }) });
}

const sample = { content: [{ type: 'text', text: 'done ✓' }], structuredContent: { rows: 3 }, isError: false };

/** Every file under `folder`, as paths relative to it. */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

/** The one result file there is after storing a single result. */
async function onlyResultFile(): Promise<string> {
  const names = await readdir(resultsDir);
  expect(names).toHaveLength(1);
  return join(resultsDir, names[0]!);
}

describe('FileResultStore', () => {
  it('round-trips a result, also through a new instance, in a private folder', async () => {
    await open().put('task-1', sample);

    expect(await open().get('task-1')).toEqual(sample);
    const file = await onlyResultFile();
    expect(file).toMatch(/[/\\][0-9a-f]{64}\.json$/);
    expect(await readFile(file, 'utf8')).toBe(JSON.stringify(sample));
    if (isPosix) {
      expect((await stat(resultsDir)).mode & 0o777).toBe(0o700);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    }
  });

  it('keeps results of different tasks apart and replaces a task’s result on put', async () => {
    const store = open();
    await store.put('a', { n: 1 });
    await store.put('b', { n: 2 });
    await store.put('a', { n: 3 });

    expect(await store.get('a')).toEqual({ n: 3 });
    expect(await store.get('b')).toEqual({ n: 2 });
  });

  it('returns undefined for a task with no stored result', async () => {
    expect(await open().get('never-stored')).toBeUndefined();
  });

  it.each([
    ['truncated JSON', '{"content":[{"type":"te'],
    ['an empty file', ''],
    ['JSON that is not an object', '[1,2]'],
  ])('moves a damaged file (%s) aside and returns undefined', async (_kind, damaged) => {
    const store = open();
    await store.put('task-1', sample);
    const file = await onlyResultFile();
    await writeFile(file, damaged);

    expect(await store.get('task-1')).toBeUndefined();

    expect(await readdir(resultsDir)).toEqual([`${file.slice(resultsDir.length + 1)}.corrupt-${STAMP}`]);
    expect(await readFile(`${file}.corrupt-${STAMP}`, 'utf8')).toBe(damaged);
    expect(logged).toContainEqual({
      level: 'warn',
      message: 'A stored task result was damaged; it was moved aside',
      details: { file: `${file.slice(resultsDir.length + 1)}.corrupt-${STAMP}` },
    });
    expect(await store.get('task-1')).toBeUndefined(); // now simply missing
  });

  it('stores a marker instead of a result over 16 MiB', async () => {
    const huge = { content: [{ type: 'text', text: 'x'.repeat(MAX_RESULT_BYTES) }] };
    const hugeBytes = Buffer.byteLength(JSON.stringify(huge));
    const store = open();

    await store.put('big', huge);

    const stored = await store.get('big');
    expect(stored).toEqual({ truncated: true, originalBytes: hugeBytes });
    expect(stored !== undefined && isTruncatedResult(stored)).toBe(true);
    expect((await stat(await onlyResultFile())).size).toBeLessThan(100);
    expect(logged.map((line) => line.details)).toContainEqual({ originalBytes: hugeBytes });
  });

  it('counts the cap in UTF-8 bytes and keeps a result exactly at the cap', async () => {
    const atCap = { t: 'é'.repeat(10) }; // {"t":"…"} = 8 + 20 bytes
    const overCap = { t: 'é'.repeat(11) };
    const store = open(28);

    await store.put('at', atCap);
    await store.put('over', overCap);

    expect(await store.get('at')).toEqual(atCap);
    expect(await store.get('over')).toEqual({ truncated: true, originalBytes: 30 });
    expect(isTruncatedResult(atCap)).toBe(false);
  });

  it('deletes idempotently', async () => {
    const store = open();
    await store.delete('never-stored');
    await store.put('task-1', sample);

    await store.delete('task-1');
    await store.delete('task-1');

    expect(await store.get('task-1')).toBeUndefined();
    expect(await readdir(resultsDir)).toEqual([]);
  });

  it('keeps hostile ids inside the results folder, each in its own file', async () => {
    const ids = ['../../etc/passwd', '..', '.', '', '/etc/passwd', 'C:\\Windows\\win.ini', 'a/../../b', 'nul\u0000byte', '\uD800', '\uDC00', '\uFFFD'];
    const store = open();

    for (const [n, id] of ids.entries()) await store.put(id, { n });

    for (const [n, id] of ids.entries()) expect(await store.get(id)).toEqual({ n });
    const everything = await listFiles(root);
    expect(everything).toHaveLength(ids.length);
    for (const path of everything) expect(path).toMatch(/^data[/\\]results[/\\][0-9a-f]{64}\.json$/);
  });

  it('runs overlapping operations on one task in call order', async () => {
    const store = open();

    const puts = Array.from({ length: 10 }, (_, n) => store.put('task-1', { n }));
    const deleted = store.delete('task-1');
    const afterDelete = store.put('task-1', { n: 'last' });
    await Promise.all([...puts, deleted, afterDelete]);

    expect(await store.get('task-1')).toEqual({ n: 'last' });
    expect(await readdir(resultsDir)).toHaveLength(1);
  });

  it('removes leftovers of interrupted writes at first use, and only those', async () => {
    await mkdir(resultsDir, { recursive: true });
    const hash = 'a'.repeat(64);
    const stale = `${hash}.json.tmp-0123456789ab`;
    const keep = [`${hash}.json`, `${hash}.json.corrupt-${STAMP}`, 'notes.txt.tmp-0123456789ab'];
    for (const name of [stale, ...keep]) await writeFile(join(resultsDir, name), '{}');

    await open().get('anything');

    expect((await readdir(resultsDir)).sort()).toEqual(keep.sort());
  });
});
