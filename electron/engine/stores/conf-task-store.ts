/**
 * The task state file, `<dir>/tasks.json`, written through conf (electron-store in the Electron
 * host: same library underneath, same file). SECURITY.md §6: a damaged file is moved aside and
 * reported, never wiped; a damaged record is quarantined and reported, never dropped silently.
 *
 * On-disk layout in `dir`:
 * - `tasks.json`: `{"schemaVersion":1,"tasks":[TrackedTask...]}`, compact JSON, mode 0600.
 * - `tasks.json.bak`: copy of `tasks.json` as it was at the last successful load.
 * - `tasks.json.corrupt-<time>` / `tasks.json.bak.corrupt-<time>`: damaged files, kept as found.
 * - `tasks.quarantine.json`: JSON array of `{quarantinedAt, reason, record}`, appended to.
 */
import { readFile, unlink } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import Conf from 'conf';
import type { z } from 'zod';
import { TrackedTaskSchema, type TrackedTask } from '../../../shared/task-model.js';
import type { Logger, TaskStore, TaskStoreLoad } from '../ports.js';
import {
  PRIVATE_FILE_MODE,
  ensureDataFolder,
  errorCode,
  exists,
  isMissing,
  moveAside,
  parseJson,
  removeStaleTempFiles,
  writeFileAtomic,
} from './data-folder.js';

/** conf's `configName` / electron-store's `name`: the file is `<dir>/tasks.json`. */
export const TASK_DOCUMENT_NAME = 'tasks';
export const TASK_FILE = `${TASK_DOCUMENT_NAME}.json`;
export const TASK_BACKUP_FILE = 'tasks.json.bak';
export const QUARANTINE_FILE = 'tasks.quarantine.json';
/** Version of the `{schemaVersion, tasks}` layout; a file with a higher one is kept, not read. */
export const TASK_SCHEMA_VERSION = 1;

/** How many quarantined records get a problem line each; the rest are summed up in one line. */
const QUARANTINE_PROBLEM_LINES = 10;

/** What a storage backend must pass through when it opens `tasks.json`. */
export interface TaskDocumentOptions {
  /** Absolute data folder. */
  cwd: string;
  /** File name without `.json` (conf's `configName`, electron-store's `name`). */
  name: string;
  /** Must be used for every write: it keeps the file compact and feeds `ConfTaskStore.stats`. */
  serialize: (value: Record<string, unknown>) => string;
  /** conf's `configFileMode`. */
  fileMode: number;
}

/**
 * The part of a conf / electron-store instance the task store uses. Opening it must throw
 * `SyntaxError` on unparsable JSON (as conf does) and must not use `clearInvalidConfig`.
 */
export interface TaskDocument {
  readonly path: string;
  /** Reading parses the file anew; assigning writes it atomically. */
  store: Record<string, unknown>;
}

/** Opens the task document; in Electron, pass one that builds an electron-store instance. */
export type OpenTaskDocument = (options: TaskDocumentOptions) => TaskDocument;

/**
 * The default backend: plain conf. Never `clearInvalidConfig`: it wipes a damaged file silently.
 * Electron host equivalent:
 * `(o) => new Store({cwd: o.cwd, name: o.name, serialize: o.serialize, configFileMode: o.fileMode})`.
 */
export const openConfDocument: OpenTaskDocument = (options) =>
  new Conf<Record<string, unknown>>({
    cwd: options.cwd,
    configName: options.name,
    serialize: options.serialize,
    configFileMode: options.fileMode,
    clearInvalidConfig: false,
  });

export interface ConfTaskStoreOptions {
  /** The data folder; created with mode 0700 when missing. */
  dir: string;
  /** Defaults to `openConfDocument`. */
  openDocument?: OpenTaskDocument;
  /** Receives housekeeping notes (leftover temp files removed, backup refresh failures). */
  logger?: Logger;
  /** Wall-clock ms, for the names of moved-aside files and quarantine entries. */
  now?: () => number;
}

/** Counters of writes to `tasks.json` since construction (for the benchmark). */
export interface TaskStoreStats {
  writes: number;
  /** UTF-8 bytes of the serialized documents written. */
  bytesWritten: number;
}

interface Opened {
  doc: TaskDocument;
  records: unknown[];
}

type OpenAttempt = ({ isReadable: true } & Opened) | { isReadable: false; reason: string };

interface QuarantineEntry {
  quarantinedAt: string;
  reason: string;
  record: unknown;
}

/**
 * `TaskStore` on `<dir>/tasks.json`. Call `load()` once before `save()`. `load()` never rejects:
 * what went wrong is in `problems`. When a file cannot be read, or damaged data cannot be kept
 * safe (I/O errors, not bad content), every `save()` of the session rejects, so nothing on disk
 * is overwritten. `save()` calls are serialized; a save queued behind another collapses into one
 * write of the newest set, and each call resolves once its set (or a newer one) is on disk.
 */
export class ConfTaskStore implements TaskStore {
  readonly #dir: string;
  readonly #file: string;
  readonly #backup: string;
  readonly #openDocument: OpenTaskDocument;
  readonly #logger: Logger | undefined;
  readonly #now: () => number;
  readonly #stats: TaskStoreStats = { writes: 0, bytesWritten: 0 };
  #doc: TaskDocument | undefined;
  /** Why saving is refused for this session (the file could not be read or kept safe). */
  #writesBlockedBecause: string | undefined;
  /** The newest set handed to `save()` that is not on disk yet. */
  #latest: readonly TrackedTask[] | undefined;
  #lastSerializedBytes = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: ConfTaskStoreOptions) {
    this.#dir = resolve(options.dir);
    this.#file = join(this.#dir, TASK_FILE);
    this.#backup = join(this.#dir, TASK_BACKUP_FILE);
    this.#openDocument = options.openDocument ?? openConfDocument;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
  }

  /** A copy of the write counters. */
  get stats(): TaskStoreStats {
    return { ...this.#stats };
  }

  load(): Promise<TaskStoreLoad> {
    return this.#enqueue(() => this.#load());
  }

  save(tasks: readonly TrackedTask[]): Promise<void> {
    this.#latest = tasks;
    return this.#enqueue(() => this.#writeLatest());
  }

  // Problems name files by base name only: full paths would show the user's home folder.
  async #load(): Promise<TaskStoreLoad> {
    this.#doc = undefined;
    this.#writesBlockedBecause = undefined;
    const problems: string[] = [];
    let opened: Opened;
    try {
      await ensureDataFolder(this.#dir);
      const removed = await removeStaleTempFiles(this.#dir, (name) =>
        [TASK_FILE, TASK_BACKUP_FILE, QUARANTINE_FILE].includes(name),
      );
      if (removed.length > 0) this.#logger?.info('Removed leftovers of interrupted writes', { files: removed });
      opened = await this.#openWithRecovery(problems);
    } catch (error) {
      this.#writesBlockedBecause = `the saved task list could not be opened (${describeError(error)})`;
      problems.push(
        `The saved task list could not be opened (${describeError(error)}). ` +
          'Task changes will not be saved until the app is restarted, so the saved file is not overwritten.',
      );
      return { tasks: [], problems };
    }
    this.#doc = opened.doc;
    const tasks = await this.#admit(opened.records, problems);
    if (this.#writesBlockedBecause === undefined) await this.#refreshBackup();
    return { tasks, problems };
  }

  /** Opens tasks.json; when it is damaged, moves it aside and falls back to the backup, then to empty. */
  async #openWithRecovery(problems: string[]): Promise<Opened> {
    const main = this.#tryOpen();
    if (main.isReadable) return main;
    const keptMain = await moveAside(this.#file, 'corrupt', new Date(this.#now()));
    problems.push(`The saved task list could not be read because ${main.reason}. The file was kept unchanged as "${basename(keptMain)}".`);
    if (!(await exists(this.#backup))) {
      problems.push('There is no earlier copy of the task list, so it starts empty.');
      return this.#openEmpty();
    }
    // Restore by copying: the backup stays as it is until the next successful load refreshes it.
    await writeFileAtomic(this.#file, await readFile(this.#backup));
    const restored = this.#tryOpen();
    if (restored.isReadable) {
      problems.push('The last good copy of the task list, taken when the app last started, was loaded instead; changes made after that are missing.');
      return restored;
    }
    // The restored file is a byte copy of the backup, which is kept below: removing it loses nothing.
    await unlink(this.#file);
    const keptBackup = await moveAside(this.#backup, 'corrupt', new Date(this.#now()));
    problems.push(
      `The last good copy of the task list could not be read either because ${restored.reason}. ` +
        `It was kept unchanged as "${basename(keptBackup)}", and the task list starts empty.`,
    );
    return this.#openEmpty();
  }

  /** Opens tasks.json after every damaged file has been moved away, i.e. an empty document. */
  #openEmpty(): Opened {
    const attempt = this.#tryOpen();
    if (!attempt.isReadable) throw new Error(`tasks.json reappeared and cannot be read: ${attempt.reason}`);
    return attempt;
  }

  /** Damaged data is a result; I/O errors throw. */
  #tryOpen(): OpenAttempt {
    let doc: TaskDocument;
    let data: Record<string, unknown>;
    try {
      doc = this.#openDocument({
        cwd: this.#dir,
        name: TASK_DOCUMENT_NAME,
        serialize: (value) => this.#serialize(value),
        fileMode: PRIVATE_FILE_MODE,
      });
      if (resolve(doc.path) !== this.#file) {
        throw new Error(`The task document opened ${doc.path} instead of ${this.#file}`);
      }
      data = doc.store;
    } catch (error) {
      // conf parses the file in its constructor and `store` getter with JSON.parse.
      if (error instanceof SyntaxError) return { isReadable: false, reason: 'it is not valid JSON' };
      throw error;
    }
    // conf reads a missing file, and JSON `null`, as `{}`: nothing saved yet.
    if (Object.keys(data).length === 0) return { isReadable: true, doc, records: [] };
    const { schemaVersion, tasks } = data;
    if (typeof schemaVersion === 'number' && schemaVersion > TASK_SCHEMA_VERSION) {
      return { isReadable: false, reason: `it was written by a newer version of the app (format ${schemaVersion})` };
    }
    if (schemaVersion !== TASK_SCHEMA_VERSION || !Array.isArray(tasks)) {
      return { isReadable: false, reason: 'it does not have the expected layout' };
    }
    return { isReadable: true, doc, records: tasks as unknown[] };
  }

  /** Validates records; quarantines the bad ones and rewrites tasks.json without them. */
  async #admit(records: unknown[], problems: string[]): Promise<TrackedTask[]> {
    const tasks: TrackedTask[] = [];
    const rejected: { record: unknown; reason: string }[] = [];
    const ids = new Set<string>();
    for (const record of records) {
      const parsed = TrackedTaskSchema.safeParse(record);
      if (!parsed.success) {
        rejected.push({ record, reason: `its data is invalid (${describeIssues(parsed.error)})` });
      } else if (ids.has(parsed.data.id)) {
        rejected.push({ record, reason: 'another saved task has the same id' });
      } else {
        ids.add(parsed.data.id);
        tasks.push(parsed.data);
      }
    }
    if (rejected.length === 0) return tasks;
    try {
      await this.#appendToQuarantine(rejected, problems);
      // Rewriting now sets each record aside once, not again at every start until the next save.
      this.#write(tasks);
    } catch (error) {
      this.#writesBlockedBecause = `damaged saved tasks could not be set aside (${describeError(error)})`;
      problems.push(
        `${rejected.length} saved task(s) could not be loaded, and could not be set aside (${describeError(error)}). ` +
          'They were left in the task file; task changes will not be saved until the app is restarted, so they are not lost.',
      );
      return tasks;
    }
    for (const { record, reason } of rejected.slice(0, QUARANTINE_PROBLEM_LINES)) {
      problems.push(`A saved task${describeId(record)} could not be loaded because ${reason}. It was set aside in "${QUARANTINE_FILE}" and left out of the task list.`);
    }
    if (rejected.length > QUARANTINE_PROBLEM_LINES) {
      problems.push(`${rejected.length - QUARANTINE_PROBLEM_LINES} more saved tasks could not be loaded and were set aside in "${QUARANTINE_FILE}".`);
    }
    return tasks;
  }

  async #appendToQuarantine(rejected: readonly { record: unknown; reason: string }[], problems: string[]): Promise<void> {
    const file = join(this.#dir, QUARANTINE_FILE);
    const entries = await this.#readQuarantine(file, problems);
    const quarantinedAt = new Date(this.#now()).toISOString();
    const added: QuarantineEntry[] = rejected.map(({ record, reason }) => ({ quarantinedAt, reason, record }));
    await writeFileAtomic(file, JSON.stringify([...entries, ...added]));
  }

  /** The entries so far; a damaged quarantine file is itself moved aside and a new one begun. */
  async #readQuarantine(file: string, problems: string[]): Promise<unknown[]> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const entries = parseJson(text);
    if (Array.isArray(entries)) return entries as unknown[];
    const kept = await moveAside(file, 'corrupt', new Date(this.#now()));
    problems.push(`The file of set-aside tasks could not be read; it was kept unchanged as "${basename(kept)}" and a new one was started.`);
    return [];
  }

  /** Keeps a copy of the file that just loaded, so a later damaged file has something to fall back on. */
  async #refreshBackup(): Promise<void> {
    try {
      await writeFileAtomic(this.#backup, await readFile(this.#file));
    } catch (error) {
      // Nothing saved yet is fine; otherwise the app works on, with an older (or no) fallback.
      if (!isMissing(error)) this.#logger?.warn('Could not refresh the task list backup', { code: errorCode(error) });
    }
  }

  #writeLatest(): void {
    const tasks = this.#latest;
    if (tasks === undefined) return; // an earlier queued save already wrote this set or a newer one
    this.#latest = undefined;
    try {
      this.#write(tasks);
    } catch (error) {
      this.#latest ??= tasks; // the next queued save retries it, unless a newer set has arrived
      throw error;
    }
  }

  #write(tasks: readonly TrackedTask[]): void {
    if (this.#writesBlockedBecause !== undefined) {
      throw new Error(`Task changes are not saved in this session: ${this.#writesBlockedBecause}`);
    }
    if (this.#doc === undefined) throw new Error('ConfTaskStore.save() was called before load()');
    this.#lastSerializedBytes = 0;
    this.#doc.store = { schemaVersion: TASK_SCHEMA_VERSION, tasks };
    this.#stats.writes += 1;
    this.#stats.bytesWritten += this.#lastSerializedBytes;
  }

  #serialize(value: Record<string, unknown>): string {
    const text = JSON.stringify(value);
    this.#lastSerializedBytes = Buffer.byteLength(text, 'utf8');
    return text;
  }

  #enqueue<T>(operation: () => T | Promise<T>): Promise<T> {
    const result = this.#queue.then(operation);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}

function describeError(error: unknown): string {
  return errorCode(error) ?? (error instanceof Error ? error.message : 'unknown error');
}

function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => `${issue.path.map(String).join('.') || 'record'}: ${issue.message}`);
  return shown.join('; ') + (error.issues.length > shown.length ? '; …' : '');
}

/** ` (id "…")` when the record has a string id; ids are escaped and shortened for display. */
function describeId(record: unknown): string {
  if (typeof record !== 'object' || record === null || !('id' in record) || typeof record.id !== 'string') return '';
  const id = record.id.length > 40 ? `${record.id.slice(0, 40)}…` : record.id;
  return ` (id ${JSON.stringify(id)})`;
}
