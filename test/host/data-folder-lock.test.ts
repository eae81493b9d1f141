/** One process per data folder: a second is refused while the first lives; a dead holder's lock is taken over. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderBusyError, LOCK_FILE, lockDataFolder } from '../../electron/host/data-folder-lock.js';
import { tempDir } from './host-harness.js';

describe('lockDataFolder', () => {
  let cleanup = (): void => undefined;
  afterEach(() => cleanup());

  it('creates the folder, holds it, and gives it up', async () => {
    const temp = tempDir('mtm-lock-');
    cleanup = temp.cleanup;
    const dir = join(temp.dir, 'data');
    const lock = await lockDataFolder(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await lock.release();
    await lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    await (await lockDataFolder(dir)).release();
  });

  it('refuses a second holder while the first process runs, naming its pid', async () => {
    const temp = tempDir('mtm-lock-');
    cleanup = temp.cleanup;
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(temp.dir, LOCK_FILE), `${other.pid}\n`);
      const attempt = lockDataFolder(temp.dir);
      await expect(attempt).rejects.toThrow(DataFolderBusyError);
      await expect(lockDataFolder(temp.dir)).rejects.toThrow(`pid ${other.pid}`);
    } finally {
      other.kill();
      await once(other, 'exit');
    }
  });

  it('takes over the lock of a process that is gone (it crashed)', async () => {
    const temp = tempDir('mtm-lock-');
    cleanup = temp.cleanup;
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    writeFileSync(join(temp.dir, LOCK_FILE), `${gone.pid}\n`);
    const lock = await lockDataFolder(temp.dir);
    expect(readFileSync(join(temp.dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await lock.release();
  });

  it('does not free a lock another process took over', async () => {
    const temp = tempDir('mtm-lock-');
    cleanup = temp.cleanup;
    const lock = await lockDataFolder(temp.dir);
    writeFileSync(join(temp.dir, LOCK_FILE), '999999999\n');
    await lock.release();
    expect(readFileSync(join(temp.dir, LOCK_FILE), 'utf8').trim()).toBe('999999999');
  });
});
