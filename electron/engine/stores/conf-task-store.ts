/**
 * The task state: a snapshot, `<dir>/tasks.json`, written through conf (electron-store in the
 * Electron host: same library underneath, same file) only when the journal is compacted, and an
 * append-only journal, `<dir>/tasks.journal`, to which every save appends just the tasks that
 * changed. A status change therefore costs a write the size of that task, not of the inbox.
 * docs/security.md#persistence: a damaged file is moved aside and reported, never wiped; a damaged
 * record or journal line is quarantined and reported, never dropped silently.
 *
 * On-disk layout in `dir`:
 * - `tasks.json`: `{"schemaVersion":3,"tasks":[TrackedTask...]}`, compact JSON, mode 0600: the
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
import type { TrackedTask } from '../../../shared/task-model.js';
import type { Logger, TaskStore, TaskStoreChanges, TaskStoreLoad } from '../ports.js';
import { openConfDocument, type OpenTaskDocument, type TaskDocument, type TaskDocumentOptions } from './conf-document.js';
import {
  PRIVATE_FILE_MODE,
  ensureDataFolder,
  errorCode,
  readIfPresent,
  moveAside,
  removeStaleTempFiles,
} from '../../node/data-folder.js';
import { nodeFileSystem, type StoreFileSystem } from '../../node/file-system.js';
import { saveFailed, SaveFailedError } from './save-failed-error.js';
import { CONF_INTERNAL_KEY, QUARANTINE_FILE, TASK_BACKUP_FILE, TASK_DOCUMENT_NAME, TASK_FILE, TASK_JOURNAL_FILE, TASK_OLDER_BACKUP_FILE, TASK_SCHEMA_VERSION, type Snapshot } from './task-files.js';
import { admitSnapshot, describeRejection, replayJournal, type Rejected } from './task-records.js';
import { TaskJournalFile, syncFolder } from './task-journal-file.js';
import { TaskFileRecovery } from './task-recovery.js';

export { openConfDocument, type OpenTaskDocument, type TaskDocument, type TaskDocumentOptions } from './conf-document.js';
export { QUARANTINE_FILE, TASK_BACKUP_FILE, TASK_DOCUMENT_NAME, TASK_FILE, TASK_JOURNAL_FILE, TASK_OLDER_BACKUP_FILE, TASK_SCHEMA_VERSION } from './task-files.js';

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
  readonly #journal: TaskJournalFile;
  readonly #fs: StoreFileSystem;
  readonly #openDocument: OpenTaskDocument;
  readonly #logger: Logger | undefined;
  readonly #now: () => number;
  readonly #minCompactionBytes: number;
  readonly #recovery: TaskFileRecovery;
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
  /** Compact once the journal is larger than this. */
  #compactAt = DEFAULT_MIN_COMPACTION_BYTES;
  #isCompactionQueued = false;
  #lastSerializedBytes = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: ConfTaskStoreOptions) {
    this.#dir = resolve(options.dir);
    this.#file = join(this.#dir, TASK_FILE);
    this.#fs = options.fs ?? nodeFileSystem;
    this.#journal = new TaskJournalFile(this.#dir, this.#fs);
    this.#openDocument = options.openDocument ?? openConfDocument;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
    this.#minCompactionBytes = options.minCompactionBytes ?? DEFAULT_MIN_COMPACTION_BYTES;
    this.#recovery = new TaskFileRecovery({ dir: this.#dir, fs: this.#fs, now: this.#now, logger: this.#logger });
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
    for (const task of changes.upserts) this.#pending.set(task.localId, task);
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
      if (this.#journal.bytes === 0 && !this.#journal.needsRepair) return;
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
    this.#journal.reset(undefined, 0);
    const problems: string[] = [];
    let snapshot: Snapshot;
    let journal: Buffer | undefined;
    try {
      await ensureDataFolder(this.#dir, this.#fs);
      const removed = await removeStaleTempFiles(this.#dir, (name) =>
        [TASK_FILE, TASK_BACKUP_FILE, TASK_OLDER_BACKUP_FILE, QUARANTINE_FILE].includes(name),
      this.#fs);
      if (removed.length > 0) this.#logger?.info('Removed leftovers of interrupted writes', { files: removed });
      journal = await readIfPresent(this.#journal.path, this.#fs);
      snapshot = await this.#recovery.readSnapshotWithRecovery(problems, journal);
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

    const rejected: Rejected[] = [];
    admitSnapshot(snapshot.records, this.#tasks, rejected);
    const replay = replayJournal(journal, this.#tasks, rejected);
    // Anything past the last whole line is a torn append: cut it before the next append, below.
    this.#journal.reset(journal, replay.completeBytes);
    this.#compactAt = this.#compactionThreshold();

    if (rejected.length > 0) await this.#setAside(rejected, problems);
    if (replay.isTorn) {
      problems.push(
        'The last change saved to the task list was cut off (the app stopped while writing it), so it was left out; the task it changed may show an earlier state.',
      );
      await this.#repairTornJournal(problems);
    }
    // Only a load that found every file well-formed is a good copy worth keeping.
    if (problems.length === 0) await this.#recovery.refreshBackups(snapshot.bytes, replay.completeBytes === 0, () => JSON.stringify(this.#snapshotValue()), problems);
    return { tasks: [...this.#tasks.values()], problems };
  }

  /**
   * Quarantines `rejected` and writes a snapshot without them, so each is set aside once, not at
   * every start. Returns whether that worked; if not, writes are blocked for the session.
   */
  async #setAside(rejected: readonly Rejected[], problems: string[]): Promise<boolean> {
    try {
      await this.#recovery.appendToQuarantine(rejected, problems);
      await this.#compactNow();
    } catch (error) {
      this.#writesBlockedBecause = `damaged saved tasks could not be set aside (${describeError(error)})`;
      problems.push(
        `${rejected.length} saved task(s) could not be loaded, and could not be set aside (${describeError(error)}). ` +
          'They were left in the task file; task changes will not be saved until the app is restarted, so they are not lost.',
      );
      return false;
    }
    for (const entry of rejected.slice(0, QUARANTINE_PROBLEM_LINES)) problems.push(describeRejection(entry, (id) => this.#tasks.has(id)));
    if (rejected.length > QUARANTINE_PROBLEM_LINES) {
      problems.push(`${rejected.length - QUARANTINE_PROBLEM_LINES} more saved tasks could not be loaded and were set aside in "${QUARANTINE_FILE}".`);
    }
    return true;
  }

  /** Cuts a torn last line off the journal, so the next append does not continue it. */
  async #repairTornJournal(problems: string[]): Promise<void> {
    if (!this.#journal.needsRepair || this.#writesBlockedBecause !== undefined) return;
    try {
      await this.#journal.truncate(this.#journal.bytes);
    } catch (error) {
      this.#writesBlockedBecause = `the cut-off change could not be removed (${describeError(error)})`;
      problems.push(
        `The cut-off change could not be removed from "${TASK_JOURNAL_FILE}" (${describeError(error)}). ` +
          'Task changes will not be saved until the app is restarted, so the saved changes are not damaged further.',
      );
    }
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
      await this.#journal.append(data);
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
    if (this.#journal.bytes > this.#compactAt && !this.#isCompactionQueued) {
      this.#isCompactionQueued = true;
      void this.#enqueue(() => this.#compactWhenDue());
    }
  }

  /** The automatic compaction, queued by a save that took the journal past the threshold. */
  async #compactWhenDue(): Promise<void> {
    this.#isCompactionQueued = false;
    if (!this.#isLoaded || this.#writesBlockedBecause !== undefined || this.#journal.bytes <= this.#compactAt) return;
    try {
      await this.#compactNow();
    } catch (error) {
      // The changes are safe in the journal; try again once it has grown by another threshold.
      this.#compactAt = this.#journal.bytes + this.#compactionThreshold();
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
    await syncFolder(this.#dir, this.#fs);
    await this.#journal.truncate(0);
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

  #compactionThreshold(): number {
    return Math.max(this.#minCompactionBytes, SNAPSHOTS_PER_COMPACTION * this.#snapshotBytes);
  }

  #assertWritable(): void {
    if (this.#writesBlockedBecause !== undefined) {
      throw new SaveFailedError({ reason: `task changes are not saved in this session: ${this.#writesBlockedBecause}`, folder: this.#dir });
    }
    if (!this.#isLoaded) throw new Error('ConfTaskStore was written to before load()');
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

