/**
 * How exchanges reach the disk: a flush writes several tasks' exchanges at once (quitting with
 * thousands of live tasks wrote them one at a time, for over 15 s), each task once; and an
 * exchange file is written atomically without an fsync, while the task stores keep theirs.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXCHANGES_FOLDER, FileExchangeStore } from '../../../electron/engine/observe/file-exchange-store.js';
import type { StoredProtocolEntry } from '../../../electron/engine/observe/protocol-log.js';
import { TaskExchanges, WRITES_AT_ONCE, type ExchangeStore } from '../../../electron/engine/observe/task-exchange.js';
import { createConsoleLogger } from '../../../electron/node/console-logger.js';
import { writeFileAtomic } from '../../../electron/node/data-folder.js';
import { nodeFileSystem, type StoreFileSystem } from '../../../electron/node/file-system.js';
import type { ExchangeLine } from '../../../shared/server-log.js';
import { FakeClock } from '../../helpers/fake-clock.js';

const dir = mkdtempSync(join(tmpdir(), 'mtm-exchange-writes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const identity = (text: string): string => text;

function poll(exchanges: TaskExchanges, taskId: string, seq: number): void {
  const request: StoredProtocolEntry = { seq, at: seq, direction: 'sent', kind: 'request', method: 'tasks/get', id: `mtm-${seq}`, bytes: 10, localId: taskId };
  const message = { jsonrpc: '2.0', id: `mtm-${seq}`, method: 'tasks/get', params: { taskId: 'srv' } };
  exchanges.take(request, JSON.stringify(message), message, identity);
  const answer = { jsonrpc: '2.0', id: `mtm-${seq}`, result: { taskId: 'srv', status: 'working' } };
  exchanges.take({ seq: seq + 1, at: seq + 1, direction: 'received', kind: 'response', method: 'tasks/get', id: `mtm-${seq}`, bytes: 10, localId: taskId, durationMs: 1 }, JSON.stringify(answer), answer, identity);
}

/** A store whose writes wait until the test lets them finish, recording how many were under way at once. */
class GatedStore implements ExchangeStore {
  readonly written: string[] = [];
  inFlight = 0;
  mostInFlight = 0;
  readonly #waiting: Array<() => void> = [];

  get(): Promise<ExchangeLine[] | undefined> {
    return Promise.resolve(undefined);
  }

  async put(taskLocalId: string): Promise<void> {
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.inFlight -= 1;
    this.written.push(taskLocalId);
  }

  delete(): Promise<void> {
    return Promise.resolve();
  }

  /** Lets every write under way finish; true if there was one. */
  release(): boolean {
    const waiting = this.#waiting.splice(0);
    for (const resolve of waiting) resolve();
    return waiting.length > 0;
  }
}

/** The real file system, counting fsyncs. */
function countingFs(): StoreFileSystem & { syncs: number } {
  const fs = {
    ...nodeFileSystem,
    syncs: 0,
    async open(...args: Parameters<StoreFileSystem['open']>) {
      const handle = await nodeFileSystem.open(...args);
      return {
        write: handle.write.bind(handle),
        writeFile: handle.writeFile.bind(handle),
        datasync: handle.datasync.bind(handle),
        truncate: handle.truncate.bind(handle),
        close: handle.close.bind(handle),
        sync: () => {
          fs.syncs += 1;
          return handle.sync();
        },
      };
    },
  };
  return fs;
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('writing task exchanges', () => {
  it('writes a flush\'s exchanges a few at a time, each task once', async () => {
    const store = new GatedStore();
    const exchanges = new TaskExchanges({ clock: new FakeClock(), logger: createConsoleLogger('error'), store });
    const tasks = Array.from({ length: WRITES_AT_ONCE * 2 + 3 }, (_, index) => `t${index}`);
    tasks.forEach((taskId, index) => poll(exchanges, taskId, index * 2 + 1));

    const flushed = exchanges.flush();
    await settle();
    expect(store.inFlight).toBe(WRITES_AT_ONCE);
    while (store.release()) await settle();
    await flushed;

    expect(store.mostInFlight).toBe(WRITES_AT_ONCE);
    expect([...store.written].sort()).toEqual([...tasks].sort());
  });

  it('writes an exchange file atomically without an fsync; other data-folder files keep theirs', async () => {
    const fs = countingFs();
    const store = new FileExchangeStore({ dir, fs });
    const exchanges = new TaskExchanges({ clock: new FakeClock(), logger: createConsoleLogger('error'), store });
    poll(exchanges, 't1', 1);
    await exchanges.flush();
    expect(fs.syncs).toBe(0);
    expect(readdirSync(join(dir, EXCHANGES_FOLDER)).filter((name) => name.includes('.tmp-'))).toEqual([]);
    const reread = new TaskExchanges({ clock: new FakeClock(), logger: createConsoleLogger('error'), store: new FileExchangeStore({ dir }) });
    expect(await reread.lines('t1')).toMatchObject([{ method: 'tasks/get', count: 1, summary: 'working' }]);

    await writeFileAtomic(join(dir, 'durable.json'), '{}', fs);
    expect(fs.syncs).toBe(1);
  });
});
