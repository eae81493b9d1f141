/**
 * The task journal, `<dir>/tasks.journal`, as the store writes it: appends of whole lines, each
 * made durable (fdatasync) before it counts, and truncation. It tracks how many bytes of whole
 * lines the file holds, so that a failed or torn append can be cut off before the next one.
 */
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, isMissing } from '../../node/data-folder.js';
import type { StoreFileHandle, StoreFileSystem } from '../../node/file-system.js';
import { TASK_JOURNAL_FILE } from './task-files.js';

/** The journal of one data folder; the store calls it one operation at a time (its own queue). */
export class TaskJournalFile {
  readonly #dir: string;
  readonly #path: string;
  readonly #fs: StoreFileSystem;
  /** Bytes of whole lines in the journal. */
  #bytes = 0;
  #exists = false;
  /** A failed append may have left part of a line behind `#bytes`: cut it before appending. */
  #needsRepair = false;

  constructor(dir: string, fs: StoreFileSystem) {
    this.#dir = dir;
    this.#path = join(dir, TASK_JOURNAL_FILE);
    this.#fs = fs;
  }

  /** The journal's path. */
  get path(): string {
    return this.#path;
  }

  /** Bytes of whole lines in the journal. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Whether something past the whole lines must be cut off before the next append. */
  get needsRepair(): boolean {
    return this.#needsRepair;
  }

  /**
   * Starts over from the journal as loading read it: `undefined` when there is none; anything
   * past `completeBytes` is a torn append, cut off before the next one.
   */
  reset(journal: Buffer | undefined, completeBytes: number): void {
    this.#exists = journal !== undefined;
    this.#bytes = completeBytes;
    this.#needsRepair = journal !== undefined && completeBytes < journal.length;
  }

  /**
   * One write at the end of the journal, then fdatasync. On failure the journal is cut back to
   * its whole lines. (Truncation uses a handle of its own: on Windows an append handle may not.)
   */
  async append(data: Buffer): Promise<void> {
    if (this.#needsRepair) await this.truncate(this.#bytes);
    const isNewFile = !this.#exists;
    const handle = await this.#fs.open(this.#path, 'a', PRIVATE_FILE_MODE);
    this.#exists = true;
    try {
      for (let offset = 0; offset < data.length; ) {
        const { bytesWritten } = await handle.write(data, offset, data.length - offset);
        offset += bytesWritten;
      }
      await handle.datasync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      // Part of `data` may have reached the file: cut it off now, or else before the next append.
      this.#needsRepair = true;
      await this.truncate(this.#bytes).catch(() => undefined);
      throw error;
    }
    await handle.close();
    this.#bytes += data.length;
    if (isNewFile) await syncFolder(this.#dir, this.#fs);
  }

  async truncate(length: number): Promise<void> {
    if (this.#exists) {
      let handle: StoreFileHandle | undefined;
      try {
        handle = await this.#fs.open(this.#path, 'r+');
      } catch (error) {
        if (!isMissing(error)) throw error;
        this.#exists = false;
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
    this.#bytes = this.#exists ? length : 0;
    this.#needsRepair = false;
  }
}

/**
 * fsyncs the folder, so a file created or renamed in it survives a power loss (best effort:
 * Windows cannot open a folder, and some file systems refuse).
 */
export async function syncFolder(dir: string, fs: StoreFileSystem): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await fs.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The write itself succeeded; only its durability across a power loss is less certain.
  }
}
