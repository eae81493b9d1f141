/**
 * A task's exchange on a disk that refuses writes (ENOSPC on the real file system, through the
 * faulty fs): nothing throws, the lines stay in memory and readable, and once the disk works
 * again the next flush writes them, so a restarted reader has them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileExchangeStore, EXCHANGES_FOLDER } from '../../electron/engine/observe/file-exchange-store.js';
import type { StoredProtocolEntry } from '../../electron/engine/observe/protocol-log.js';
import { TaskExchanges } from '../../electron/engine/observe/task-exchange.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { FaultyFileSystem } from './faulty-fs.js';

const dir = mkdtempSync(join(tmpdir(), 'mtm-exchange-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const identity = (text: string): string => text;

function poll(exchanges: TaskExchanges, seq: number): void {
  const request: StoredProtocolEntry = { seq, at: seq, direction: 'sent', kind: 'request', method: 'tasks/get', id: `mtm-${seq}`, bytes: 10, localId: 't1' };
  const message = { jsonrpc: '2.0', id: `mtm-${seq}`, method: 'tasks/get', params: { taskId: 'srv' } };
  exchanges.take(request, JSON.stringify(message), message, identity);
  const answer = { jsonrpc: '2.0', id: `mtm-${seq}`, result: { taskId: 'srv', status: 'working' } };
  exchanges.take({ seq: seq + 1, at: seq + 1, direction: 'received', kind: 'response', method: 'tasks/get', id: `mtm-${seq}`, bytes: 10, localId: 't1', durationMs: 1 }, JSON.stringify(answer), answer, identity);
}

describe('task exchanges on a failing disk', () => {
  it('keeps the lines in memory while writes fail and writes them once the disk works', async () => {
    const fs = new FaultyFileSystem();
    fs.fail('ENOSPC', join(dir, EXCHANGES_FOLDER));
    const store = new FileExchangeStore({ dir, fs });
    const exchanges = new TaskExchanges({ clock: new FakeClock(), logger: createConsoleLogger('error'), store });
    for (let seq = 1; seq <= 5; seq += 2) poll(exchanges, seq);
    exchanges.taskEnded('t1');
    await expect(exchanges.flush()).resolves.toBeUndefined();
    expect(fs.refused).toBeGreaterThan(0);
    expect(await exchanges.lines('t1')).toMatchObject([{ method: 'tasks/get', count: 3, summary: 'working' }]);
    expect(await store.get('t1')).toBeUndefined();

    fs.heal();
    await exchanges.flush();
    const restarted = new TaskExchanges({ clock: new FakeClock(), logger: createConsoleLogger('error'), store: new FileExchangeStore({ dir }) });
    expect(await restarted.lines('t1')).toMatchObject([{ method: 'tasks/get', count: 3, outcome: 'result' }]);
  });
});
