/**
 * File-system helpers for everything kept in a data folder (the engine's stores, the host's
 * server and sign-in files): a private folder, atomic writes, keeping damaged files instead of
 * deleting them, and removing leftovers of interrupted writes.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { nodeFileSystem, type StoreFileSystem } from './file-system.js';

/** Owner-only access: task state holds server task ids, which may be bearer tokens. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Creates `dir` (and missing parents) with owner-only permissions. An existing folder keeps its
 * permissions: it may be one the user chose, and we never silently chmod someone else's folder.
 */
export async function ensureDataFolder(dir: string, fs: StoreFileSystem = nodeFileSystem): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** Suffix of temp files: atomically (conf's writer) uses `.tmp-` + 10 digits + 6 hex; ours `.tmp-` + 12 hex. */
const TEMP_SUFFIX = /\.tmp-[0-9a-f]+$/;

/**
 * Writes `data` to `filePath` so that readers see the old or the new content, never a mix:
 * temp file in the same folder, fsync, rename. The temp file is removed if anything fails.
 *
 * `durable: false` skips the fsync: a reader still never sees a mix while the system runs, but
 * after a power cut the file may be empty or short. Only for files whose reader treats a damaged
 * file as absent and whose loss costs nothing the user relies on (an fsync costs ~1 ms, which
 * thousands of files written at quit turn into seconds).
 */
export async function writeFileAtomic(filePath: string, data: string | Uint8Array, fs: StoreFileSystem = nodeFileSystem, options: { durable?: boolean } = {}): Promise<void> {
  const tempPath = `${filePath}.tmp-${randomBytes(6).toString('hex')}`;
  // 'wx': never follow or clobber something already at the temp path.
  const handle = await fs.open(tempPath, 'wx', PRIVATE_FILE_MODE);
  try {
    try {
      await handle.writeFile(data);
      if (options.durable !== false) await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tempPath, filePath);
  } catch (error) {
    await fs.unlink(tempPath).catch(() => undefined);
    throw error;
  }
}

/**
 * Renames a damaged file to `<name>.<label>-<timestamp>` next to it and returns the new path.
 * The timestamp is ISO 8601 with `:` replaced by `-` (Windows forbids `:` in file names); a
 * `-1`, `-2`... suffix keeps two files moved aside in the same millisecond apart.
 */
export async function moveAside(filePath: string, label: string, at: Date, fs: StoreFileSystem = nodeFileSystem): Promise<string> {
  const base = `${filePath}.${label}-${at.toISOString().replaceAll(':', '-')}`;
  for (let attempt = 0; ; attempt += 1) {
    const target = attempt === 0 ? base : `${base}-${attempt}`;
    if (!(await exists(target, fs))) {
      await fs.rename(filePath, target);
      return target;
    }
  }
}

/**
 * Deletes `<own file>.tmp-<hex>` files in `dir`, left behind when the process died in the
 * middle of an atomic write (the real file is intact then). Only names for which `isOwnFile`
 * accepts the part before `.tmp-` are touched. Best effort; returns the names removed.
 * Call it before the first write, or it may delete a temp file that is being written.
 */
export async function removeStaleTempFiles(dir: string, isOwnFile: (name: string) => boolean, fs: StoreFileSystem = nodeFileSystem): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMP_SUFFIX.exec(name);
    if (match === null || !isOwnFile(name.slice(0, match.index))) continue;
    try {
      await fs.unlink(join(dir, name));
      removed.push(name);
    } catch {
      // Best effort: a leftover we cannot remove costs disk space, not data.
    }
  }
  return removed;
}

/** The parsed JSON, or `undefined` when `text` is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** True when the path exists (a broken symlink counts: it still occupies the name). */
export async function exists(filePath: string, fs: StoreFileSystem = nodeFileSystem): Promise<boolean> {
  try {
    await fs.lstat(filePath);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** The bytes of `filePath`, or undefined when it does not exist (any other failure throws). */
export async function readIfPresent(filePath: string, fs: StoreFileSystem = nodeFileSystem): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(filePath);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Removes `filePath`; one that does not exist is already removed (any other failure throws). */
export async function removeIfPresent(filePath: string, fs: StoreFileSystem = nodeFileSystem): Promise<void> {
  try {
    await fs.unlink(filePath);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

/** Runs the operations on one file one after another (each starts once the last one settled), for any number of files. */
export class FileQueues {
  readonly #queues = new Map<string, Promise<unknown>>();

  /** Queues `operation` behind the ones already queued for `file`; resolves or rejects as it does. */
  run<T>(file: string, operation: () => Promise<T>): Promise<T> {
    const result = (this.#queues.get(file) ?? Promise.resolve()).then(operation);
    const tail = result.catch(() => undefined);
    this.#queues.set(file, tail);
    void tail.then(() => {
      if (this.#queues.get(file) === tail) this.#queues.delete(file);
    });
    return result;
  }
}

/** True for the error Node raises when a path does not exist. */
export function isMissing(error: unknown): boolean {
  return errorCode(error) === 'ENOENT';
}

/** The `code` of a Node system error (`ENOENT`, `EACCES`...), if any. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
