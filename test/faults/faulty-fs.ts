/**
 * A file system for the stores that fails the way broken disks do: the real node:fs underneath,
 * and, for the paths a fault covers, the very errors Node raises (an `Error` with `code`,
 * negative `errno`, `syscall` and `path`, message `EACCES: permission denied, open '…'`).
 * Permission faults (EACCES, EPERM, EROFS) refuse the call that opens for writing, renames,
 * deletes or creates; ENOSPC and EIO let the file open and fail the write itself, as a full or
 * failing disk does. Reads always work. `heal()` ends every fault.
 */
import { constants } from 'node:os';
import type { Mode, OpenMode } from 'node:fs';
import { stat } from 'node:fs/promises';
import Conf from 'conf';
import type { OpenTaskDocument } from '../../electron/engine/stores/conf-task-store.js';
import { nodeFileSystem, type StoreFileHandle, type StoreFileSystem } from '../../electron/node/file-system.js';

export type FaultCode = 'EACCES' | 'EPERM' | 'EROFS' | 'ENOSPC' | 'EIO';

const MESSAGES: Record<FaultCode, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EIO: 'i/o error',
};

/** The error Node would raise for `code` on `syscall` of `path`. */
export function systemError(code: FaultCode, syscall: string, path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: ${MESSAGES[code]}, ${syscall} '${path}'`);
  error.code = code;
  error.errno = -constants.errno[code];
  error.syscall = syscall;
  error.path = path;
  return error;
}

interface Fault {
  code: FaultCode;
  covers(path: string): boolean;
}

/** Open flags that only read. */
const READ_ONLY_FLAGS = new Set(['r', 'rs', 'sr']);

/** The real file system with faults switched on and off by the test. */
export class FaultyFileSystem implements StoreFileSystem {
  #faults: Fault[] = [];
  /** Write attempts refused so far (any call a fault made fail). */
  refused = 0;

  /** Fails writes under `path` (a file, or a folder and everything in it), or to paths `path` accepts, with `code`. */
  fail(code: FaultCode, path: string | ((candidate: string) => boolean)): void {
    const covers = typeof path === 'function' ? path : (candidate: string) => candidate === path || candidate.startsWith(`${path}/`);
    this.#faults.push({ code, covers });
  }

  /** Ends every fault: the disk works again. */
  heal(): void {
    this.#faults = [];
  }

  /** The fault covering `path`, if any (also for the conf document, which writes with its own fs). */
  faultAt(path: string): FaultCode | undefined {
    return this.#faults.find((fault) => fault.covers(path))?.code;
  }

  async open(path: string, flags: OpenMode, mode?: Mode): Promise<StoreFileHandle> {
    const code = READ_ONLY_FLAGS.has(String(flags)) ? undefined : this.faultAt(path);
    if (code !== undefined && isPermission(code)) throw this.#refuse(code, 'open', path);
    const handle = await nodeFileSystem.open(path, flags, mode);
    if (code === undefined) return handle;
    // A full or failing disk: the file opens, the write fails.
    const fail = (): Promise<never> => Promise.reject(this.#refuse(code, 'write', path));
    return { ...bindAll(handle), write: fail, writeFile: fail, sync: fail, datasync: fail };
  }

  readFile(path: string): Promise<Buffer> {
    return nodeFileSystem.readFile(path);
  }

  async rename(from: string, to: string): Promise<void> {
    const code = this.faultAt(from) ?? this.faultAt(to);
    if (code !== undefined) throw this.#refuse(isPermission(code) ? code : 'EIO', 'rename', from);
    await nodeFileSystem.rename(from, to);
  }

  async unlink(path: string): Promise<void> {
    const code = this.faultAt(path);
    if (code !== undefined) throw this.#refuse(isPermission(code) ? code : 'EIO', 'unlink', path);
    await nodeFileSystem.unlink(path);
  }

  async mkdir(path: string, options: { recursive: true; mode: Mode }): Promise<unknown> {
    // Like Node: creating a folder that exists succeeds even on a read-only disk.
    if (await isFolder(path)) return undefined;
    const code = this.faultAt(path);
    if (code !== undefined) throw this.#refuse(code, 'mkdir', path);
    return nodeFileSystem.mkdir(path, options);
  }

  readdir(path: string): Promise<string[]> {
    return nodeFileSystem.readdir(path);
  }

  lstat(path: string): ReturnType<StoreFileSystem['lstat']> {
    return nodeFileSystem.lstat(path);
  }

  #refuse(code: FaultCode, syscall: string, path: string): NodeJS.ErrnoException {
    this.refused += 1;
    return systemError(code, syscall, path);
  }
}

/**
 * The task store's conf document, refusing the snapshot write while `fs` has a fault on
 * `tasks.json` (conf writes with its own file system, so the port cannot reach it).
 */
export function faultyDocument(fs: FaultyFileSystem): OpenTaskDocument {
  return (options) => {
    const conf = new Conf<Record<string, unknown>>({
      cwd: options.cwd,
      configName: options.name,
      serialize: options.serialize,
      configFileMode: options.fileMode,
      clearInvalidConfig: false,
    });
    return {
      path: conf.path,
      get store() {
        return conf.store;
      },
      set store(value: Record<string, unknown>) {
        const code = fs.faultAt(conf.path);
        if (code !== undefined) throw systemError(code, 'open', `${conf.path}.tmp`);
        conf.store = value;
      },
    };
  };
}

function isPermission(code: FaultCode): boolean {
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The handle's methods bound to it, so a copy of it still works. */
function bindAll(handle: StoreFileHandle): StoreFileHandle {
  return {
    write: handle.write.bind(handle),
    writeFile: handle.writeFile.bind(handle),
    sync: handle.sync.bind(handle),
    datasync: handle.datasync.bind(handle),
    truncate: handle.truncate.bind(handle),
    close: handle.close.bind(handle),
  };
}
