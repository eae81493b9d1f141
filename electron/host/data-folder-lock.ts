/**
 * One process at a time per data folder. The task store supports a single writer: a second
 * process on the same folder would, on start, mark the first one's calls in flight as "outcome
 * unknown" and later compact the journal from its own, stale view of the tasks. The terminal
 * client runs one process per command, often several in one script, so each command takes this
 * lock first; a second one is refused at once, naming the holder's pid.
 *
 * The lock is `<dir>/monitor.lock`, created exclusively, holding the owner's pid. A lock whose
 * process no longer runs (it crashed) is taken over.
 */
import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, ensureDataFolder, errorCode, isMissing } from '../node/data-folder.js';

export const LOCK_FILE = 'monitor.lock';

/** Another running process holds the folder. */
export class DataFolderBusyError extends Error {
  override readonly name = 'DataFolderBusyError';
  constructor(readonly dir: string, readonly pid: number) {
    super(`The data folder ${dir} is in use by another MCP Task Monitor process (pid ${pid}). Wait for it to end, or choose another folder with --data.`);
  }
}

/** A held lock. */
export interface DataFolderLock {
  /** Gives the folder up (idempotent). */
  release(): Promise<void>;
}

/**
 * Takes the data folder for this process, creating the folder (owner-only) when missing.
 * Rejects with DataFolderBusyError while another live process holds it.
 */
export async function lockDataFolder(dir: string, pid = process.pid): Promise<DataFolderLock> {
  await ensureDataFolder(dir);
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(path, 'wx', PRIVATE_FILE_MODE);
      try {
        await handle.writeFile(`${pid}\n`);
      } finally {
        await handle.close();
      }
      return heldLock(path, pid);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = await readHolder(path);
    if (holder !== undefined && holder !== pid && isRunning(holder)) throw new DataFolderBusyError(dir, holder);
    // Stale (its process is gone) or unreadable: take it over once.
    await unlink(path).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }
}

function heldLock(path: string, pid: number): DataFolderLock {
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      // Only our own lock: a folder taken over after we were presumed dead is not ours to free.
      if ((await readHolder(path)) === pid) await unlink(path).catch(() => undefined);
    },
  };
}

async function readHolder(path: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** True while a process with this pid exists (EPERM: it exists but belongs to someone else). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}
