/**
 * The file-system calls the data-folder stores make, behind one small interface, so a test can
 * hand a store one that fails the way a full, read-only or broken disk does (errors carrying
 * Node's `code`, `errno` and `syscall`) without needing a broken disk. Hosts use `nodeFileSystem`.
 */
import { lstat, mkdir, open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import type { Mode, OpenMode, Stats } from 'node:fs';

/** The part of a Node `FileHandle` the stores use. */
export type StoreFileHandle = Pick<FileHandle, 'write' | 'writeFile' | 'sync' | 'datasync' | 'truncate' | 'close'>;

/** The `node:fs/promises` calls the stores use; every method fails like Node's (a system error with `code`). */
export interface StoreFileSystem {
  open(path: string, flags: OpenMode, mode?: Mode): Promise<StoreFileHandle>;
  readFile(path: string): Promise<Buffer>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  mkdir(path: string, options: { recursive: true; mode: Mode }): Promise<unknown>;
  readdir(path: string): Promise<string[]>;
  lstat(path: string): Promise<Stats>;
}

/** The real file system. */
export const nodeFileSystem: StoreFileSystem = {
  open: (path, flags, mode) => open(path, flags, mode),
  readFile: (path) => readFile(path),
  rename: (from, to) => rename(from, to),
  unlink: (path) => unlink(path),
  mkdir: (path, options) => mkdir(path, options),
  readdir: (path) => readdir(path),
  lstat: (path) => lstat(path),
};
