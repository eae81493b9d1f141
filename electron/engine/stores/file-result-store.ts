/**
 * Final task results, one file each, kept out of the hot task state file
 * (docs/security.md#persistence) so a status change never rewrites megabytes.
 *
 * On-disk layout: `<dir>/results/<sha256 hex>.json` holds the result as compact JSON (mode 0600,
 * folder 0700); a damaged one is renamed to `<sha256 hex>.json.corrupt-<time>` and kept.
 */
import { basename, join, resolve } from 'node:path';
import { isJsonObject } from '../../../shared/json-guards.js';
import type { ToolResult } from '../../../shared/task-model.js';
import { ensureDataFolder, errorCode, FileQueues, moveAside, parseJson, readIfPresent, removeIfPresent, removeStaleTempFiles, writeFileAtomic } from '../../node/data-folder.js';
import { nodeFileSystem, type StoreFileSystem } from '../../node/file-system.js';
import type { Logger, ResultStore } from '../ports.js';
import { saveFailed } from './save-failed-error.js';
import { taskFilePath } from './task-file.js';

export const RESULTS_FOLDER = 'results';
/** Largest result kept as is: 16 MiB of UTF-8 JSON. */
export const MAX_RESULT_BYTES = 16 * 1024 * 1024;

const RESULT_FILE = /^[0-9a-f]{64}\.json$/;

/**
 * What `get` returns for a result that was over the size cap when stored: the result itself is
 * gone. Check with `isTruncatedResult` before treating a result as a `CallToolResult`.
 */
export interface TruncatedResultMarker {
  truncated: true;
  /** Size of the result's JSON in UTF-8 bytes. */
  originalBytes: number;
}

/** True for the marker stored in place of an oversized result. */
export function isTruncatedResult(result: ToolResult): result is ToolResult & TruncatedResultMarker {
  return result.truncated === true && typeof result.originalBytes === 'number';
}

export interface FileResultStoreOptions {
  /** The data folder; results go to `<dir>/results/`, created with mode 0700 when missing. */
  dir: string;
  /** Told about damaged files moved aside and results replaced by the marker. */
  logger?: Logger;
  /** Size cap in UTF-8 bytes of JSON; defaults to `MAX_RESULT_BYTES`. */
  maxBytes?: number;
  /** Wall-clock ms, for the names of moved-aside files. */
  now?: () => number;
  /** The file system; default node:fs. */
  fs?: StoreFileSystem;
}

/**
 * `ResultStore` with one atomically written file per task. File names are hashes of the local
 * task id, so no id can reach outside the folder. `get` resolves `undefined` for a missing or
 * damaged file (the damaged one is moved aside, logged and named to `onDamaged`) and rejects
 * only on I/O errors. `put` and `delete` reject with `SaveFailedError` when the disk refuses.
 * `delete` of a missing result succeeds. Operations on one task run in call order.
 */
export class FileResultStore implements ResultStore {
  readonly #folder: string;
  readonly #logger: Logger | undefined;
  readonly #maxBytes: number;
  readonly #now: () => number;
  readonly #fs: StoreFileSystem;
  /** Per-file queues, so a put, a get that moves a damaged file aside and a delete never interleave. */
  readonly #queues = new FileQueues();
  #ready: Promise<void> | undefined;

  constructor(options: FileResultStoreOptions) {
    this.#folder = join(resolve(options.dir), RESULTS_FOLDER);
    this.#logger = options.logger;
    this.#maxBytes = options.maxBytes ?? MAX_RESULT_BYTES;
    this.#now = options.now ?? Date.now;
    this.#fs = options.fs ?? nodeFileSystem;
  }

  get(taskLocalId: string, onDamaged?: (keptAs: string) => void): Promise<ToolResult | undefined> {
    const file = this.#pathFor(taskLocalId);
    return this.#enqueue(file, async () => {
      const bytes = await readIfPresent(file, this.#fs);
      if (bytes === undefined) return undefined;
      const text = bytes.toString('utf8');
      const result = parseJson(text);
      if (isJsonObject(result)) return result;
      // Not `onDamaged?.(await …)`: that would skip moving the file aside when nobody listens.
      const keptAs = await this.#keepDamaged(file);
      onDamaged?.(keptAs);
      return undefined;
    });
  }

  put(taskLocalId: string, result: ToolResult): Promise<void> {
    const file = this.#pathFor(taskLocalId);
    // Serialized now, so later changes to `result` by the caller do not leak into the file.
    const text = JSON.stringify(result);
    const bytes = Buffer.byteLength(text, 'utf8');
    let data = text;
    if (bytes > this.#maxBytes) {
      const marker: TruncatedResultMarker = { truncated: true, originalBytes: bytes };
      data = JSON.stringify(marker);
      this.#logger?.warn('A task result was too large to keep; a marker was stored instead', { originalBytes: bytes });
    }
    // Creating the folder counts as part of the write: both fail alike on a broken disk.
    return this.#enqueue(file, () => writeFileAtomic(file, data, this.#fs)).catch((error: unknown) => {
      throw saveFailed(error, this.#folder);
    });
  }

  delete(taskLocalId: string): Promise<void> {
    const file = this.#pathFor(taskLocalId);
    return this.#enqueue(file, () => removeIfPresent(file, this.#fs)).catch((error: unknown) => {
      throw saveFailed(error, this.#folder);
    });
  }

  /**
   * The id is hashed in its JSON form: UTF-8 turns every lone surrogate into U+FFFD, so two ids
   * could share a file, while JSON.stringify escapes them and keeps the mapping one-to-one.
   */
  #pathFor(taskLocalId: string): string {
    return taskFilePath(this.#folder, taskLocalId);
  }

  /** Moves a damaged result aside; returns the base name it is kept as (its own when it could not be moved). */
  async #keepDamaged(file: string): Promise<string> {
    try {
      const kept = await moveAside(file, 'corrupt', new Date(this.#now()), this.#fs);
      this.#logger?.warn('A stored task result was damaged; it was moved aside', { file: basename(kept) });
      return basename(kept);
    } catch (error) {
      // Still not worth failing the read: the result is unusable either way.
      this.#logger?.warn('A stored task result was damaged and could not be moved aside', {
        file: basename(file),
        code: errorCode(error),
      });
      return basename(file);
    }
  }

  /** Creates the folder and removes leftovers of interrupted writes, once, before the first operation. */
  #prepare(): Promise<void> {
    this.#ready ??= (async () => {
      await ensureDataFolder(this.#folder, this.#fs);
      const removed = await removeStaleTempFiles(this.#folder, (name) => RESULT_FILE.test(name), this.#fs);
      if (removed.length > 0) this.#logger?.info('Removed leftovers of interrupted result writes', { count: removed.length });
    })().catch((error: unknown) => {
      this.#ready = undefined; // let the next operation try again
      throw error;
    });
    return this.#ready;
  }

  /** Runs `operation` in `file`'s queue, once the folder is prepared. */
  #enqueue<T>(file: string, operation: () => Promise<T>): Promise<T> {
    return this.#queues.run(file, () => this.#prepare().then(operation));
  }
}
