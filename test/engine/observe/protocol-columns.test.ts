/** The protocol log's columns: entries read back as written, the oldest written over, messages kept only for the newest and within their budget. */
import { describe, expect, it } from 'vitest';
import { ProtocolColumns, type ProtocolEntryInput } from '../../../electron/engine/observe/protocol-columns.js';
import { parseKept } from '../../../electron/engine/observe/protocol-log.js';

function entry(at: number, patch: Partial<ProtocolEntryInput> = {}): ProtocolEntryInput {
  return { at, direction: 'sent', kind: 'request', method: 'tasks/get', id: `mtm-${at}`, bytes: 40, ...patch };
}

describe('protocol columns', () => {
  it('reads every field back as it was written, and leaves out what was absent', () => {
    const columns = new ProtocolColumns({ maxEntries: 10, bodyEntries: 10, maxBodyChars: 10_000 });
    columns.push(entry(1, { localId: 't1', http: { mcpName: 'task-1' } }), '{"a":1}');
    columns.push(entry(2, { direction: 'received', kind: 'error', id: 7, durationMs: 0, http: { status: 404, sessionId: 's' } }), undefined);
    columns.push({ at: 3, direction: 'received', kind: 'notification', bytes: 12 }, undefined);
    expect(columns.query(0, undefined, 10, parseKept)).toEqual([
      { seq: 1, at: 1, direction: 'sent', kind: 'request', method: 'tasks/get', id: 'mtm-1', bytes: 40, localId: 't1', http: { mcpName: 'task-1' }, message: { a: 1 } },
      { seq: 2, at: 2, direction: 'received', kind: 'error', method: 'tasks/get', id: 7, bytes: 40, durationMs: 0, http: { status: 404, sessionId: 's' } },
      { seq: 3, at: 3, direction: 'received', kind: 'notification', bytes: 12 },
    ]);
  });

  it('writes over the oldest, pages after a seq, filters by task and keeps the newest under a limit', () => {
    const columns = new ProtocolColumns({ maxEntries: 4, bodyEntries: 4, maxBodyChars: 10_000 });
    for (let at = 1; at <= 7; at++) columns.push(entry(at, { localId: at % 2 === 0 ? 'even' : 'odd' }), undefined);
    const seqs = (found: { seq: number }[]): number[] => found.map((one) => one.seq);
    expect(seqs(columns.query(0, undefined, 10, parseKept))).toEqual([4, 5, 6, 7]);
    expect(seqs(columns.query(5, undefined, 10, parseKept))).toEqual([6, 7]);
    expect(seqs(columns.query(0, 'even', 10, parseKept))).toEqual([4, 6]);
    expect(seqs(columns.query(0, undefined, 2, parseKept))).toEqual([6, 7]);
  });

  it('sets HTTP facts on a kept entry only', () => {
    const columns = new ProtocolColumns({ maxEntries: 2, bodyEntries: 2, maxBodyChars: 100 });
    const first = columns.push(entry(1), undefined);
    columns.setHttp(first, { status: 200 });
    expect(columns.query(0, undefined, 10, parseKept)[0]?.http).toEqual({ status: 200 });
    columns.push(entry(2), undefined);
    columns.push(entry(3), undefined);
    columns.setHttp(first, { status: 500 });
    expect(columns.query(0, undefined, 10, parseKept).map((one) => one.http)).toEqual([undefined, undefined]);
  });

  it('keeps messages for the newest entries only, within the character budget', () => {
    const columns = new ProtocolColumns({ maxEntries: 10, bodyEntries: 3, maxBodyChars: 25 });
    for (let at = 1; at <= 5; at++) columns.push(entry(at), `{"n":${at}}`);
    expect(columns.query(0, undefined, 10, parseKept).map((one) => one.message)).toEqual([undefined, undefined, { n: 3 }, { n: 4 }, { n: 5 }]);
    columns.push(entry(6), `{"long":"${'x'.repeat(15)}"}`);
    // 26 characters of its own: every older message goes, the newest keeps its own.
    expect(columns.query(0, undefined, 10, parseKept).map((one) => one.message !== undefined)).toEqual([false, false, false, false, false, true]);
    expect(columns.heldBytes).toBeGreaterThan(0);
  });

  it('frees the message of an entry written over', () => {
    const columns = new ProtocolColumns({ maxEntries: 2, bodyEntries: 2, maxBodyChars: 1_000 });
    columns.push(entry(1), '{"n":1}');
    columns.push(entry(2), '{"n":2}');
    const before = columns.heldBytes;
    columns.push(entry(3), undefined);
    expect(columns.heldBytes).toBe(before - '{"n":1}'.length * 2);
  });
});
