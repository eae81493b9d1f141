/**
 * The task state: a snapshot, `<dir>/tasks.json`, written through conf (electron-store in the
 * Electron host: same library underneath, same file) only when the journal is compacted, and an
 * append-only journal, `<dir>/tasks.journal`, to which every save appends just the tasks that
 * changed. A status change therefore costs a write the size of that task, not of the inbox.
 * docs/security.md#persistence: a damaged file is moved aside and reported, never wiped; a damaged
 * record or journal line is quarantined and reported, never dropped silently.
 *
 * On-disk layout in `dir`:
 * - `tasks.json`: `{"schemaVersion":1,"tasks":[TrackedTask...]}`, compact JSON, mode 0600: the
 *   whole set as of the last compaction (written atomically: temp file, fsync, rename).
 * - `tasks.journal`: the changes since that compaction, one compact JSON object per line, mode
 *   0600: `{"put":TrackedTask}` (the task's whole record, new or replaced) or `{"del":"<id>"}`.
 *   Each save appends its lines in one write and fsyncs. Loading replays it in order over the
 *   snapshot (later lines win). Every line is a whole record or a removal, so replaying lines
 *   that the snapshot already contains is harmless: that is what makes compaction crash-safe.
 * - `tasks.json.bak`, `tasks.json.bak.1`: the whole set as it was at the last two loads that found
 *   every file well-formed (snapshot and journal together), in the snapshot's layout, newest
 *   first. A load that found anything damaged refreshes neither, so a good copy is never
 *   replaced by a worse one; a damaged copy is moved aside and reported, never overwritten.
 * - `tasks.json.corrupt-<time>` / `tasks.json.bak.corrupt-<time>`: damaged files, kept as found.
 * - `tasks.quarantine.json`: JSON array of `{quarantinedAt, reason, record}`, appended to.
 *
 * Compaction: once the journal holds more than max(`minCompactionBytes`, default 24 MiB; three
 * times the size of the last snapshot) bytes, the whole set is written as the new snapshot, the folder is
 * fsynced so the new snapshot is durable, and only then is the journal truncated. A crash in
 * between leaves the new snapshot plus the old journal, which replays to the same set.
 */
import { basename, join, resolve } from 'node:path';
import Conf from 'conf';
import type { z } from 'zod';
import { TrackedTaskSchema, type TrackedTask } from '../../../shared/task-model.js';
import { isJsonObject } from '../../../shared/json-guards.js';
import {
  PRIVATE_FILE_MODE,
  ensureDataFolder,
  errorCode,
  exists,
  isMissing,
  readIfPresent,
  moveAside,
  parseJson,
  removeStaleTempFiles,
  writeFileAtomic,
} from '../../node/data-folder.js';
import { nodeFileSystem, type StoreFileHandle, type StoreFileSystem } from '../../node/file-system.js';
import type { Logger, TaskStore, TaskStoreChanges, TaskStoreLoad } from '../ports.js';
import { saveFailed, SaveFailedError } from './save-failed-error.js';

/** conf's `configName` / electron-store's `name`: the file is `<dir>/tasks.json`. */
export const TASK_DOCUMENT_NAME = 'tasks';
export const TASK_FILE = `${TASK_DOCUMENT_NAME}.json`;
export const TASK_BACKUP_FILE = 'tasks.json.bak';
/** The good copy before `TASK_BACKUP_FILE`. */
export const TASK_OLDER_BACKUP_FILE = 'tasks.json.bak.1';
export const TASK_JOURNAL_FILE = 'tasks.journal';
export const QUARANTINE_FILE = 'tasks.quarantine.json';
/** Version of the `{schemaVersion, tasks}` layout; a file with a higher one is kept, not read. */
export const TASK_SCHEMA_VERSION = 1;
/**
 * The journal is compacted once it is larger than this and than three snapshots: a snapshot
 * write serializes every task at once (the store's memory and pause peak), so it should be rare;
 * replaying a long journal at start-up stays cheap because only each task's newest put is checked.
 */
export const DEFAULT_MIN_COMPACTION_BYTES = 24 * 1024 * 1024;
/** The journal may grow to this many snapshot sizes before it is compacted. */
export const SNAPSHOTS_PER_COMPACTION = 3;

/** How many quarantined records get a problem line each; the rest are summed up in one line. */
const QUARANTINE_PROBLEM_LINES = 10;
/**
 * conf's reserved key. Assigning `store` without it makes conf re-read and re-parse the whole
 * file to carry the key over; we already know its value from loading, so we pass it ourselves
 * (`undefined`, which JSON leaves out, when the file had none).
 */
const CONF_INTERNAL_KEY = '__internal__';
const NEWLINE = 0x0a;

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
 * `SyntaxError` on unparsable JSON (as conf does), must not use `clearInvalidConfig` and must
 * write exactly what `serialize` returns (no encryption): the store reads the file itself.
 */
export interface TaskDocument {
  readonly path: string;
  /** Assigning writes the file atomically. The store never reads it (it parses the file itself). */
  store: Record<string, unknown>;
}

/**
 * Opens the task document; in Electron, pass one that builds an electron-store instance. It is
 * opened when the snapshot is first written (compaction), not at load: opening parses the file,
 * which loading has just done.
 */
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
  /** Receives housekeeping notes (leftover temp files removed, backup refresh or compaction failures). */
  logger?: Logger;
  /** Wall-clock ms, for the names of moved-aside files and quarantine entries. */
  now?: () => number;
  /** The journal is compacted when it exceeds max(this, the last snapshot's size). Default 8 MiB. */
  minCompactionBytes?: number;
  /**
   * The file system for everything but the snapshot write itself (that goes through the
   * document): journal, backups, quarantine, moving damaged files aside. Default: node:fs.
   */
  fs?: StoreFileSystem;
}

/** Counters of writes since construction (for the benchmark). */
export interface TaskStoreStats {
  /** Saves that wrote to disk (one journal append each). */
  writes: number;
  /** UTF-8 bytes written: journal appends plus snapshots. */
  bytesWritten: number;
  /** Snapshots written (compactions, automatic, by `compact()`, or at load to set records aside). */
  compactions: number;
}

interface Snapshot {
  isReadable: true;
  records: unknown[];
  /** The file as read; `undefined` when there is none. */
  bytes: Buffer | undefined;
  /** conf's `__internal__` value in the file, carried over on writes. */
  internal: unknown;
}

type SnapshotAttempt = Snapshot | { isReadable: false; reason: string };

const NO_SNAPSHOT: Snapshot = { isReadable: true, records: [], bytes: undefined, internal: undefined };

/** A record or journal line that could not be loaded. */
interface Rejected {
  record: unknown;
  reason: string;
  /** Where it came from: the snapshot, or a journal line (a `put` record, or a line that is not one). */
  origin: 'snapshot' | 'journal-put' | 'journal-line';
}

interface QuarantineEntry {
  quarantinedAt: string;
  reason: string;
  record: unknown;
}

/** What replaying the journal found. */
interface JournalReplay {
  /** Bytes up to and including the last newline. */
  completeBytes: number;
  /** The journal ends in a partial line (the app stopped in the middle of an append). */
  isTorn: boolean;
}

/**
 * `TaskStore` on `<dir>/tasks.json` plus `<dir>/tasks.journal`. Call `load()` once before
 * `save()`. `load()` never rejects: what went wrong is in `problems`. When a file cannot be
 * read, or damaged data cannot be kept safe (I/O errors, not bad content), every `save()` of the
 * session rejects, so nothing on disk is overwritten. `save()` calls are serialized; saves
 * queued behind another collapse into one append of their combined changes (the newest change
 * of each task wins), and each call resolves once its changes (or newer ones) are on disk.
 */
export class ConfTaskStore implements TaskStore {
  readonly #dir: string;
  readonly #file: string;
  /** The good copies, newest first. */
  readonly #backups: readonly string[];
  readonly #journal: string;
  readonly #fs: StoreFileSystem;
  readonly #openDocument: OpenTaskDocument;
  readonly #logger: Logger | undefined;
  readonly #now: () => number;
  readonly #minCompactionBytes: number;
  readonly #stats: TaskStoreStats = { writes: 0, bytesWritten: 0, compactions: 0 };
  #isLoaded = false;
  #doc: TaskDocument | undefined;
  /** Why saving is refused for this session (the files could not be read or kept safe). */
  #writesBlockedBecause: string | undefined;
  /** The set as it is on disk (snapshot + journal). Registry objects are immutable: kept, not copied. */
  #tasks = new Map<string, TrackedTask>();
  /** Changes handed to `save()` that are not on disk yet; `null` removes the task. */
  #pending = new Map<string, TrackedTask | null>();
  #internal: unknown;
  #snapshotBytes = 0;
  /** Bytes of whole lines in the journal. */
  #journalBytes = 0;
  #journalExists = false;
  /** A failed append may have left part of a line behind `#journalBytes`: cut it before appending. */
  #journalNeedsRepair = false;
  /** Compact once the journal is larger than this. */
  #compactAt = DEFAULT_MIN_COMPACTION_BYTES;
  #isCompactionQueued = false;
  #lastSerializedBytes = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: ConfTaskStoreOptions) {
    this.#dir = resolve(options.dir);
    this.#file = join(this.#dir, TASK_FILE);
    this.#backups = [join(this.#dir, TASK_BACKUP_FILE), join(this.#dir, TASK_OLDER_BACKUP_FILE)];
    this.#journal = join(this.#dir, TASK_JOURNAL_FILE);
    this.#fs = options.fs ?? nodeFileSystem;
    this.#openDocument = options.openDocument ?? openConfDocument;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
    this.#minCompactionBytes = options.minCompactionBytes ?? DEFAULT_MIN_COMPACTION_BYTES;
  }

  /** A copy of the write counters. */
  get stats(): TaskStoreStats {
    return { ...this.#stats };
  }

  load(): Promise<TaskStoreLoad> {
    return this.#enqueue(() => this.#load());
  }

  /** Queues `changes` for one journal append. An id both upserted and removed is removed. */
  save(changes: TaskStoreChanges): Promise<void> {
    for (const task of changes.upserts) this.#pending.set(task.id, task);
    for (const id of changes.removals) this.#pending.set(id, null);
    return this.#enqueue(() => this.#writePending());
  }

  /**
   * Writes the whole set as the snapshot and empties the journal now (after the saves already
   * queued), e.g. at shutdown so the next start reads one file. Nothing to do when the journal
   * is empty. The store compacts by itself as the journal grows; calling this is optional.
   */
  compact(): Promise<void> {
    return this.#enqueue(async () => {
      this.#assertWritable();
      if (this.#journalBytes === 0 && !this.#journalNeedsRepair) return;
      await this.#compactNow();
    });
  }

  // Problems name files by base name only: full paths would show the user's home folder.
  async #load(): Promise<TaskStoreLoad> {
    this.#isLoaded = false;
    this.#doc = undefined;
    this.#writesBlockedBecause = undefined;
    this.#tasks = new Map();
    this.#internal = undefined;
    this.#snapshotBytes = 0;
    this.#journalBytes = 0;
    this.#journalExists = false;
    this.#journalNeedsRepair = false;
    const problems: string[] = [];
    let snapshot: Snapshot;
    let journal: Buffer | undefined;
    try {
      await ensureDataFolder(this.#dir, this.#fs);
      const removed = await removeStaleTempFiles(this.#dir, (name) =>
        [TASK_FILE, TASK_BACKUP_FILE, TASK_OLDER_BACKUP_FILE, QUARANTINE_FILE].includes(name),
      this.#fs);
      if (removed.length > 0) this.#logger?.info('Removed leftovers of interrupted writes', { files: removed });
      journal = await this.#readIfPresent(this.#journal);
      snapshot = await this.#readSnapshotWithRecovery(problems, journal);
    } catch (error) {
      this.#writesBlockedBecause = `the saved task list could not be opened (${describeError(error)})`;
      problems.push(
        `The saved task list could not be opened (${describeError(error)}). ` +
          'Task changes will not be saved until the app is restarted, so the saved file is not overwritten.',
      );
      return { tasks: [], problems };
    }
    this.#isLoaded = true;
    this.#internal = snapshot.internal;
    this.#snapshotBytes = snapshot.bytes?.length ?? 0;
    this.#journalExists = journal !== undefined;

    const rejected: Rejected[] = [];
    this.#admitSnapshot(snapshot.records, rejected);
    const replay = this.#replayJournal(journal, rejected);
    this.#journalBytes = replay.completeBytes;
    // Anything past the last whole line is a torn append: cut it before the next append, below.
    this.#journalNeedsRepair = replay.isTorn;
    this.#compactAt = this.#compactionThreshold();

    if (rejected.length > 0) await this.#setAside(rejected, problems);
    if (replay.isTorn) {
      problems.push(
        'The last change saved to the task list was cut off (the app stopped while writing it), so it was left out; the task it changed may show an earlier state.',
      );
      await this.#repairTornJournal(problems);
    }
    // Only a load that found every file well-formed is a good copy worth keeping.
    if (problems.length === 0) await this.#refreshBackups(snapshot.bytes, replay.completeBytes === 0, problems);
    return { tasks: [...this.#tasks.values()], problems };
  }

  /**
   * Reads tasks.json. When it is damaged (or gone while a good copy remains and the journal holds
   * no change: files were lost), moves it aside and falls back to the newest readable backup, then
   * to nothing; each damaged backup is moved aside too. Every step is a problem for the user.
   */
  async #readSnapshotWithRecovery(problems: string[], journal: Buffer | undefined): Promise<Snapshot> {
    const hasJournal = journal?.includes(NEWLINE) === true;
    const main = await this.#readSnapshot(this.#file);
    if (main.isReadable && main.bytes !== undefined) return main;
    if (main.isReadable) {
      // No snapshot: normal before the first compaction, when the journal holds every change.
      if (hasJournal || !(await this.#hasAnyBackup())) return main;
      problems.push(`The saved task list "${TASK_FILE}" is missing.`);
    } else {
      const keptMain = await moveAside(this.#file, 'corrupt', new Date(this.#now()), this.#fs);
      problems.push(`The saved task list could not be read because ${main.reason}. The file was kept unchanged as "${basename(keptMain)}".`);
    }
    const startsWith = hasJournal ? `with only the recent changes kept in "${TASK_JOURNAL_FILE}".` : 'empty.';
    let isFirst = true;
    for (const backup of this.#backups) {
      if (!(await exists(backup, this.#fs))) continue;
      const copy = await this.#readSnapshot(backup);
      const which = isFirst ? 'The last good copy of the task list' : `The good copy before that, "${basename(backup)}",`;
      if (copy.isReadable && copy.bytes !== undefined) {
        // Restore by copying: the backup stays as it is until a clean load refreshes it.
        await writeFileAtomic(this.#file, copy.bytes, this.#fs);
        const taken = isFirst ? 'The last good copy of the task list, taken when the app last started,' : which;
        problems.push(
          hasJournal
            ? `${taken} was loaded instead, with the recent changes kept in "${TASK_JOURNAL_FILE}" applied to it; other changes made after that may be missing.`
            : `${taken} was loaded instead; changes made after that are missing.`,
        );
        return copy;
      }
      const reason = copy.isReadable ? 'it is missing' : copy.reason;
      const kept = await moveAside(backup, 'corrupt', new Date(this.#now()), this.#fs);
      const isLast = !(await this.#hasAnyBackup());
      problems.push(
        `${which} could not be read either because ${reason}. ` +
          `It was kept unchanged as "${basename(kept)}"` + (isLast ? `, and the task list starts ${startsWith}` : '.'),
      );
      if (isLast) return NO_SNAPSHOT;
      isFirst = false;
    }
    if (isFirst) {
      problems.push(
        hasJournal
          ? `There is no earlier copy of the task list, so it holds only the recent changes kept in "${TASK_JOURNAL_FILE}".`
          : 'There is no earlier copy of the task list, so it starts empty.',
      );
    }
    return NO_SNAPSHOT;
  }

  async #hasAnyBackup(): Promise<boolean> {
    for (const backup of this.#backups) if (await exists(backup, this.#fs)) return true;
    return false;
  }

  /** Validates the snapshot's records into `#tasks`; the bad ones and repeated ids go to `rejected`. */
  #admitSnapshot(records: readonly unknown[], rejected: Rejected[]): void {
    for (const record of records) {
      const parsed = TrackedTaskSchema.safeParse(record);
      if (!parsed.success) {
        rejected.push({ record, reason: `its data is invalid (${describeIssues(parsed.error)})`, origin: 'snapshot' });
      } else if (this.#tasks.has(parsed.data.id)) {
        rejected.push({ record, reason: 'another saved task has the same id', origin: 'snapshot' });
      } else {
        // Keep the parsed record itself: zod's output is a deep copy, and holding both for
        // 10,000 tasks at once is what sets the start-up memory peak.
        this.#tasks.set(parsed.data.id, record as TrackedTask);
      }
    }
  }

  /**
   * Applies the journal's whole lines in order; lines that are not valid changes go to `rejected`.
   * Only the newest put of each task is validated (a busy journal repeats a task many times and
   * checking every copy would dominate start-up); an invalid newest put falls back to the newest
   * valid earlier one and is quarantined.
   */
  #replayJournal(journal: Buffer | undefined, rejected: Rejected[]): JournalReplay {
    if (journal === undefined) return { completeBytes: 0, isTorn: false };
    const completeBytes = journal.lastIndexOf(NEWLINE) + 1;
    const text = journal.toString('utf8', 0, completeBytes);
    const puts = new Map<string, { record: unknown; where: string }[]>();
    let lineNumber = 0;
    for (let start = 0; start < text.length; ) {
      const end = text.indexOf('\n', start);
      const line = text.slice(start, end);
      start = end + 1;
      lineNumber += 1;
      if (line.trim() === '') continue;
      const where = `line ${lineNumber} of ${TASK_JOURNAL_FILE}`;
      const change = parseJson(line);
      if (change === undefined) {
        rejected.push({ record: line, reason: `it is not valid JSON (${where})`, origin: 'journal-line' });
      } else if (isChange(change, 'put')) {
        const { put } = change;
        const id = isJsonObject(put) && typeof put.id === 'string' ? put.id : `line-${lineNumber}`;
        const versions = puts.get(id);
        if (versions === undefined) puts.set(id, [{ record: change.put, where }]);
        else versions.push({ record: change.put, where });
      } else if (isChange(change, 'del') && typeof change.del === 'string') {
        puts.delete(change.del);
        this.#tasks.delete(change.del);
      } else {
        rejected.push({ record: change, reason: `it is not a change this version of the app understands (${where})`, origin: 'journal-line' });
      }
    }
    for (const versions of puts.values()) {
      for (let index = versions.length - 1; index >= 0; index -= 1) {
        const { record, where } = versions[index]!;
        const parsed = TrackedTaskSchema.safeParse(record);
        if (parsed.success) {
          this.#tasks.set(parsed.data.id, record as TrackedTask);
          break;
        }
        rejected.push({ record, reason: `its data is invalid (${describeIssues(parsed.error)}; ${where})`, origin: 'journal-put' });
      }
    }
    return { completeBytes, isTorn: completeBytes < journal.length };
  }

  /**
   * Quarantines `rejected` and writes a snapshot without them, so each is set aside once, not at
   * every start. Returns whether that worked; if not, writes are blocked for the session.
   */
  async #setAside(rejected: readonly Rejected[], problems: string[]): Promise<boolean> {
    try {
      await this.#appendToQuarantine(rejected, problems);
      await this.#compactNow();
    } catch (error) {
      this.#writesBlockedBecause = `damaged saved tasks could not be set aside (${describeError(error)})`;
      problems.push(
        `${rejected.length} saved task(s) could not be loaded, and could not be set aside (${describeError(error)}). ` +
          'They were left in the task file; task changes will not be saved until the app is restarted, so they are not lost.',
      );
      return false;
    }
    for (const entry of rejected.slice(0, QUARANTINE_PROBLEM_LINES)) problems.push(this.#describeRejection(entry));
    if (rejected.length > QUARANTINE_PROBLEM_LINES) {
      problems.push(`${rejected.length - QUARANTINE_PROBLEM_LINES} more saved tasks could not be loaded and were set aside in "${QUARANTINE_FILE}".`);
    }
    return true;
  }

  #describeRejection({ record, reason, origin }: Rejected): string {
    switch (origin) {
      case 'snapshot':
        return `A saved task${describeId(record)} could not be loaded because ${reason}. It was set aside in "${QUARANTINE_FILE}" and left out of the task list.`;
      case 'journal-put': {
        const id = idOf(record);
        const isStillListed = id !== undefined && this.#tasks.has(id);
        return (
          `A saved change to a task${describeId(record)} could not be loaded because ${reason}. It was set aside in "${QUARANTINE_FILE}"` +
          (isStillListed ? ', and the task was loaded as it was saved at another time.' : ' and left out of the task list.')
        );
      }
      case 'journal-line':
        return `A saved change to the task list could not be read because ${reason}. It was set aside in "${QUARANTINE_FILE}"; the task it changed may show an earlier state.`;
    }
  }

  /** Cuts a torn last line off the journal, so the next append does not continue it. */
  async #repairTornJournal(problems: string[]): Promise<void> {
    if (!this.#journalNeedsRepair || this.#writesBlockedBecause !== undefined) return;
    try {
      await this.#truncateJournal(this.#journalBytes);
    } catch (error) {
      this.#writesBlockedBecause = `the cut-off change could not be removed (${describeError(error)})`;
      problems.push(
        `The cut-off change could not be removed from "${TASK_JOURNAL_FILE}" (${describeError(error)}). ` +
          'Task changes will not be saved until the app is restarted, so the saved changes are not damaged further.',
      );
    }
  }

  async #appendToQuarantine(rejected: readonly Rejected[], problems: string[]): Promise<void> {
    const file = join(this.#dir, QUARANTINE_FILE);
    const entries = await this.#readQuarantine(file, problems);
    const quarantinedAt = new Date(this.#now()).toISOString();
    const added: QuarantineEntry[] = rejected.map(({ record, reason }) => ({ quarantinedAt, reason, record }));
    await writeFileAtomic(file, JSON.stringify([...entries, ...added]), this.#fs);
  }

  /** The entries so far; a damaged quarantine file is itself moved aside and a new one begun. */
  async #readQuarantine(file: string, problems: string[]): Promise<unknown[]> {
    const bytes = await this.#readIfPresent(file);
    if (bytes === undefined) return [];
    const entries = parseJson(bytes.toString('utf8'));
    if (Array.isArray(entries)) return entries as unknown[];
    const kept = await moveAside(file, 'corrupt', new Date(this.#now()), this.#fs);
    problems.push(`The file of set-aside tasks could not be read; it was kept unchanged as "${basename(kept)}" and a new one was started.`);
    return [];
  }

  /**
   * Keeps a copy of the set that just loaded cleanly as `tasks.json.bak`, the previous one moving
   * to `tasks.json.bak.1`, so a later damaged snapshot has two good copies to fall back on. With
   * no journal to fold in, the copy is the snapshot's bytes; otherwise the merged set. A copy
   * that is already the same is left alone (restarts do not push the older one out), and a
   * damaged copy is moved aside and reported, never overwritten.
   */
  async #refreshBackups(snapshotBytes: Buffer | undefined, isSnapshotWhole: boolean, problems: string[]): Promise<void> {
    if (isSnapshotWhole && snapshotBytes === undefined) return; // nothing saved yet
    const data = isSnapshotWhole && snapshotBytes !== undefined ? snapshotBytes : Buffer.from(JSON.stringify(this.#snapshotValue()), 'utf8');
    const [newest, older] = this.#backups as [string, string];
    try {
      const current = await this.#readIfPresent(newest);
      // Already a copy of this set: a restart with no change neither reads the older copy nor pushes it out.
      if (current?.equals(data) === true) return;
      // The newest copy becomes the older one, which it replaces; a damaged copy is never rotated or overwritten.
      let rotates = false;
      if (current !== undefined) {
        const checked = parseSnapshot(current);
        if (checked.isReadable) rotates = true;
        else await this.#keepDamagedBackup(newest, checked.reason, problems);
      }
      if (rotates) {
        const olderCopy = await this.#readSnapshot(older);
        if (!olderCopy.isReadable) await this.#keepDamagedBackup(older, olderCopy.reason, problems);
        await this.#fs.rename(newest, older);
      }
      await writeFileAtomic(newest, data, this.#fs);
    } catch (error) {
      // The app works on, with the copies it had (or none); the next clean start tries again.
      this.#logger?.warn('Could not refresh the task list backups', { code: errorCode(error) });
    }
  }

  /** Moves a damaged backup aside (out of the way of the new copy) and says so. */
  async #keepDamagedBackup(backup: string, reason: string, problems: string[]): Promise<void> {
    const kept = await moveAside(backup, 'corrupt', new Date(this.#now()), this.#fs);
    problems.push(`A good copy of the task list, "${basename(backup)}", was damaged (${reason}); it was kept unchanged as "${basename(kept)}" and a new copy was taken.`);
  }

  /** Appends everything pending in one write; a save queued behind finds nothing left to do. */
  async #writePending(): Promise<void> {
    if (this.#pending.size === 0) return; // an earlier queued save already wrote these changes
    this.#assertWritable();
    const batch = this.#pending;
    this.#pending = new Map();
    let data: Buffer;
    try {
      let text = '';
      for (const [id, task] of batch) text += task === null ? `{"del":${JSON.stringify(id)}}\n` : `{"put":${JSON.stringify(task)}}\n`;
      data = Buffer.from(text, 'utf8');
      await this.#append(data);
    } catch (error) {
      // The next queued save retries them, unless newer changes to the same tasks have arrived.
      for (const [id, task] of batch) if (!this.#pending.has(id)) this.#pending.set(id, task);
      throw saveFailed(error, this.#dir);
    }
    for (const [id, task] of batch) {
      if (task === null) this.#tasks.delete(id);
      else this.#tasks.set(id, task);
    }
    this.#stats.writes += 1;
    this.#stats.bytesWritten += data.length;
    if (this.#journalBytes > this.#compactAt && !this.#isCompactionQueued) {
      this.#isCompactionQueued = true;
      void this.#enqueue(() => this.#compactWhenDue());
    }
  }

  /**
   * One write at the end of the journal, then fdatasync. On failure the journal is cut back to
   * its whole lines. (Truncation uses a handle of its own: on Windows an append handle may not.)
   */
  async #append(data: Buffer): Promise<void> {
    if (this.#journalNeedsRepair) await this.#truncateJournal(this.#journalBytes);
    const isNewFile = !this.#journalExists;
    const handle = await this.#fs.open(this.#journal, 'a', PRIVATE_FILE_MODE);
    this.#journalExists = true;
    try {
      for (let offset = 0; offset < data.length; ) {
        const { bytesWritten } = await handle.write(data, offset, data.length - offset);
        offset += bytesWritten;
      }
      await handle.datasync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      // Part of `data` may have reached the file: cut it off now, or else before the next append.
      this.#journalNeedsRepair = true;
      await this.#truncateJournal(this.#journalBytes).catch(() => undefined);
      throw error;
    }
    await handle.close();
    this.#journalBytes += data.length;
    if (isNewFile) await this.#syncFolder();
  }

  /** The automatic compaction, queued by a save that took the journal past the threshold. */
  async #compactWhenDue(): Promise<void> {
    this.#isCompactionQueued = false;
    if (!this.#isLoaded || this.#writesBlockedBecause !== undefined || this.#journalBytes <= this.#compactAt) return;
    try {
      await this.#compactNow();
    } catch (error) {
      // The changes are safe in the journal; try again once it has grown by another threshold.
      this.#compactAt = this.#journalBytes + this.#compactionThreshold();
      this.#logger?.warn('Could not compact the task journal; it keeps every change and is compacted later', {
        error: describeError(error),
      });
    }
  }

  /**
   * Writes `#tasks` as the snapshot through the document (atomic, synchronous: conf's writer),
   * makes the rename durable, then empties the journal. The order matters: a crash before the
   * truncation leaves the old journal, which replays harmlessly over the new snapshot.
   */
  async #compactNow(): Promise<void> {
    this.#assertWritable();
    const doc = await this.#document();
    this.#lastSerializedBytes = 0;
    doc.store = this.#snapshotValue();
    const bytes = this.#lastSerializedBytes;
    this.#stats.compactions += 1;
    this.#stats.bytesWritten += bytes;
    this.#snapshotBytes = bytes;
    await this.#syncFolder();
    await this.#truncateJournal(0);
    this.#compactAt = this.#compactionThreshold();
  }

  /** Opens the document on first use. A snapshot damaged since loading is kept aside and replaced. */
  async #document(): Promise<TaskDocument> {
    if (this.#doc !== undefined) return this.#doc;
    const options: TaskDocumentOptions = {
      cwd: this.#dir,
      name: TASK_DOCUMENT_NAME,
      serialize: (value) => this.#serialize(value),
      fileMode: PRIVATE_FILE_MODE,
    };
    let doc: TaskDocument;
    try {
      doc = this.#openDocument(options);
    } catch (error) {
      // conf parses the file in its constructor. The set in memory holds everything it held.
      if (!(error instanceof SyntaxError)) throw error;
      const kept = await moveAside(this.#file, 'corrupt', new Date(this.#now()), this.#fs);
      this.#logger?.warn('The task file was damaged after it loaded; it was kept and is replaced by the task list in memory', {
        keptAs: basename(kept),
      });
      doc = this.#openDocument(options);
    }
    if (resolve(doc.path) !== this.#file) {
      throw new Error(`The task document opened ${doc.path} instead of ${this.#file}`);
    }
    this.#doc = doc;
    return doc;
  }

  #snapshotValue(): Record<string, unknown> {
    return { schemaVersion: TASK_SCHEMA_VERSION, tasks: [...this.#tasks.values()], [CONF_INTERNAL_KEY]: this.#internal };
  }

  #serialize(value: Record<string, unknown>): string {
    const text = JSON.stringify(value);
    this.#lastSerializedBytes = Buffer.byteLength(text, 'utf8');
    return text;
  }

  async #truncateJournal(length: number): Promise<void> {
    if (this.#journalExists) {
      let handle: StoreFileHandle | undefined;
      try {
        handle = await this.#fs.open(this.#journal, 'r+');
      } catch (error) {
        if (!isMissing(error)) throw error;
        this.#journalExists = false;
      }
      if (handle !== undefined) {
        try {
          await handle.truncate(length);
          await handle.datasync();
        } finally {
          await handle.close();
        }
      }
    }
    this.#journalBytes = this.#journalExists ? length : 0;
    this.#journalNeedsRepair = false;
  }

  #compactionThreshold(): number {
    return Math.max(this.#minCompactionBytes, SNAPSHOTS_PER_COMPACTION * this.#snapshotBytes);
  }

  #assertWritable(): void {
    if (this.#writesBlockedBecause !== undefined) {
      throw new SaveFailedError({ reason: `task changes are not saved in this session: ${this.#writesBlockedBecause}`, folder: this.#dir });
    }
    if (!this.#isLoaded) throw new Error('ConfTaskStore was written to before load()');
  }

  /**
   * Reads and checks a snapshot (or backup) file (see `parseSnapshot`). I/O errors throw; a
   * missing file is `NO_SNAPSHOT`.
   */
  async #readSnapshot(file: string): Promise<SnapshotAttempt> {
    const bytes = await this.#readIfPresent(file);
    return bytes === undefined ? NO_SNAPSHOT : parseSnapshot(bytes);
  }

  #readIfPresent(file: string): Promise<Buffer | undefined> {
    return readIfPresent(file, this.#fs);
  }

  /**
   * fsyncs the folder, so a file created or renamed in it survives a power loss (best effort:
   * Windows cannot open a folder, and some file systems refuse).
   */
  async #syncFolder(): Promise<void> {
    if (process.platform === 'win32') return;
    try {
      const handle = await this.#fs.open(this.#dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // The write itself succeeded; only its durability across a power loss is less certain.
    }
  }

  #enqueue<T>(operation: () => T | Promise<T>): Promise<T> {
    const result = this.#queue.then(operation);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}

/** A one-key object `{[key]: ...}`: the shape of a journal line. */
function isChange<K extends 'put' | 'del'>(value: unknown, key: K): value is Record<K, unknown> {
  return isJsonObject(value) && Object.keys(value).length === 1 && key in value;
}

function describeError(error: unknown): string {
  return errorCode(error) ?? (error instanceof Error ? error.message : 'unknown error');
}

function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => `${issue.path.map(String).join('.') || 'record'}: ${issue.message}`);
  return shown.join('; ') + (error.issues.length > shown.length ? '; …' : '');
}

function idOf(record: unknown): string | undefined {
  if (typeof record !== 'object' || record === null || !('id' in record) || typeof record.id !== 'string') return undefined;
  return record.id;
}

/** ` (id "…")` when the record has a string id; ids are escaped and shortened for display. */
function describeId(record: unknown): string {
  const id = idOf(record);
  if (id === undefined) return '';
  const shown = id.length > 40 ? `${id.slice(0, 40)}…` : id;
  return ` (id ${JSON.stringify(shown)})`;
}

/**
 * Checks the bytes of a snapshot (or backup) file. Anything but a well-formed store is damaged
 * content (a result, with the reason in plain words): not JSON (truncated, garbled, empty, NUL
 * bytes), JSON `null`, `{}`, an array, the wrong layout, another format version.
 */
function parseSnapshot(bytes: Buffer): SnapshotAttempt {
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof SyntaxError) return { isReadable: false, reason: 'it is not valid JSON' };
    throw error;
  }
  if (data === null) return { isReadable: false, reason: 'it holds no task list (JSON null)' };
  if (!isJsonObject(data)) return { isReadable: false, reason: 'it does not have the expected layout' };
  const fields = data;
  if (Object.keys(fields).length === 0) return { isReadable: false, reason: 'it holds no task list (an empty object)' };
  const { schemaVersion, tasks } = fields;
  if (typeof schemaVersion === 'number' && schemaVersion > TASK_SCHEMA_VERSION) {
    return { isReadable: false, reason: `it was written by a newer version of the app (format ${schemaVersion})` };
  }
  if (schemaVersion !== TASK_SCHEMA_VERSION || !Array.isArray(tasks)) {
    return { isReadable: false, reason: 'it does not have the expected layout' };
  }
  return { isReadable: true, records: tasks as unknown[], bytes, internal: fields[CONF_INTERNAL_KEY] };
}
