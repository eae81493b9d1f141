/**
 * Keeping the saved task list safe around a load: falling back to a good copy when `tasks.json`
 * is damaged or lost, refreshing the two good copies after a clean load, and setting damaged
 * records aside in the quarantine file. A damaged file is moved aside and reported, never
 * overwritten or deleted.
 */
import { basename, join } from 'node:path';
import type { Logger } from '../ports.js';
import { errorCode, exists, moveAside, parseJson, readIfPresent, writeFileAtomic } from '../../node/data-folder.js';
import type { StoreFileSystem } from '../../node/file-system.js';
import type { Rejected } from './task-records.js';
import { NEWLINE } from './task-records.js';
import {
  NO_SNAPSHOT,
  QUARANTINE_FILE,
  TASK_BACKUP_FILE,
  TASK_FILE,
  TASK_JOURNAL_FILE,
  TASK_OLDER_BACKUP_FILE,
  parseSnapshot,
  readSnapshot,
  type Snapshot,
} from './task-files.js';

interface QuarantineEntry {
  quarantinedAt: string;
  reason: string;
  record: unknown;
}

/** What the recovery works on: the data folder and how the store reaches it. */
export interface TaskRecoveryOptions {
  /** Absolute data folder. */
  dir: string;
  fs: StoreFileSystem;
  /** Wall-clock ms, for the names of moved-aside files and quarantine entries. */
  now: () => number;
  logger: Logger | undefined;
}

/** The snapshot fallback, backups and quarantine of one data folder. Problems name files by base name only. */
export class TaskFileRecovery {
  readonly #dir: string;
  readonly #file: string;
  /** The good copies, newest first. */
  readonly #backups: readonly string[];
  readonly #fs: StoreFileSystem;
  readonly #now: () => number;
  readonly #logger: Logger | undefined;

  constructor(options: TaskRecoveryOptions) {
    this.#dir = options.dir;
    this.#file = join(options.dir, TASK_FILE);
    this.#backups = [join(options.dir, TASK_BACKUP_FILE), join(options.dir, TASK_OLDER_BACKUP_FILE)];
    this.#fs = options.fs;
    this.#now = options.now;
    this.#logger = options.logger;
  }

  /**
   * Reads tasks.json. When it is damaged (or gone while a good copy remains and the journal holds
   * no change: files were lost), moves it aside and falls back to the newest readable backup, then
   * to nothing; each damaged backup is moved aside too. Every step is a problem for the user.
   */
  async readSnapshotWithRecovery(problems: string[], journal: Buffer | undefined): Promise<Snapshot> {
    const hasJournal = journal?.includes(NEWLINE) === true;
    const main = await readSnapshot(this.#file, this.#fs);
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
      const copy = await readSnapshot(backup, this.#fs);
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
  async appendToQuarantine(rejected: readonly Rejected[], problems: string[]): Promise<void> {
    const file = join(this.#dir, QUARANTINE_FILE);
    const entries = await this.#readQuarantine(file, problems);
    const quarantinedAt = new Date(this.#now()).toISOString();
    const added: QuarantineEntry[] = rejected.map(({ record, reason }) => ({ quarantinedAt, reason, record }));
    await writeFileAtomic(file, JSON.stringify([...entries, ...added]), this.#fs);
  }
  /** The entries so far; a damaged quarantine file is itself moved aside and a new one begun. */
  async #readQuarantine(file: string, problems: string[]): Promise<unknown[]> {
    const bytes = await readIfPresent(file, this.#fs);
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
   * no journal to fold in, the copy is the snapshot's bytes; otherwise the merged set (`serializeSet`). A copy
   * that is already the same is left alone (restarts do not push the older one out), and a
   * damaged copy is moved aside and reported, never overwritten.
   */
  async refreshBackups(snapshotBytes: Buffer | undefined, isSnapshotWhole: boolean, serializeSet: () => string, problems: string[]): Promise<void> {
    if (isSnapshotWhole && snapshotBytes === undefined) return; // nothing saved yet
    const data = isSnapshotWhole && snapshotBytes !== undefined ? snapshotBytes : Buffer.from(serializeSet(), 'utf8');
    const [newest, older] = this.#backups as [string, string];
    try {
      const current = await readIfPresent(newest, this.#fs);
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
        const olderCopy = await readSnapshot(older, this.#fs);
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
}
