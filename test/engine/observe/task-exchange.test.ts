/**
 * A task's exchange as lines: identical polls in a row count on one line (and allocate none of
 * their own), a poll answered otherwise is a line of its own, and a line that came between
 * keeps the order. Lines are bounded per task and, in memory, for all tasks together, and the
 * line after a gap says how many went. In memory, no store.
 */
import { describe, expect, it } from 'vitest';
import type { StoredProtocolEntry } from '../../../electron/engine/observe/protocol-log.js';
import { EXCHANGE_MAX_LINES, EXCHANGE_MEMORY_LINES, EXCHANGE_MIN_LINES, TaskExchanges } from '../../../electron/engine/observe/task-exchange.js';
import { createConsoleLogger } from '../../../electron/node/console-logger.js';
import { FakeClock } from '../../helpers/fake-clock.js';

const identity = (text: string): string => text;

function exchanges(): TaskExchanges {
  return new TaskExchanges({ clock: new FakeClock(), logger: createConsoleLogger('error'), store: undefined });
}

function request(into: TaskExchanges, at: number): string {
  const id = `mtm-${at}`;
  const message = { jsonrpc: '2.0', id, method: 'tasks/get', params: { taskId: 'srv' } };
  const entry: StoredProtocolEntry = { seq: at, at, direction: 'sent', kind: 'request', method: 'tasks/get', id, bytes: 10, localId: 't1' };
  into.take(entry, JSON.stringify(message), message, identity);
  return id;
}

function answer(into: TaskExchanges, id: string, at: number, status: string, statusMessage?: string): void {
  const message = { jsonrpc: '2.0', id, result: { taskId: 'srv', status, ...(statusMessage !== undefined ? { statusMessage } : {}) } };
  into.take({ seq: at, at, direction: 'received', kind: 'response', method: 'tasks/get', id, bytes: 10, localId: 't1', durationMs: 2 }, JSON.stringify(message), message, identity);
}

function notify(into: TaskExchanges, at: number, method: string, params: Record<string, unknown>): void {
  const message = { jsonrpc: '2.0', method, params };
  into.take({ seq: at, at, direction: 'received', kind: 'notification', method, bytes: 10, localId: 't1' }, JSON.stringify(message), message, identity);
}

function poll(into: TaskExchanges, at: number, status: string, statusMessage?: string): void {
  answer(into, request(into, at), at + 0.5, status, statusMessage);
}

describe('task exchange lines', () => {
  it('counts identical polls on one line and starts a new one when the answer changes', async () => {
    const log = exchanges();
    for (let at = 1; at <= 4; at++) poll(log, at, 'working', 'Step 1/3');
    poll(log, 5, 'working', 'Step 2/3');
    poll(log, 6, 'working', 'Step 2/3');
    poll(log, 7, 'completed');
    const lines = await log.lines('t1');
    expect(lines.map((line) => [line.summary, line.count, line.at, line.lastAt])).toEqual([
      ['working — Step 1/3', 4, 1, 4],
      ['working — Step 2/3', 2, 5, 6],
      ['completed', 1, 7, 7],
    ]);
    // The line keeps the messages of its first exchange; the one answered otherwise has its own.
    expect(lines[1]).toMatchObject({ id: 'mtm-6', message: { id: 'mtm-5' }, answer: { id: 'mtm-5' } });
  });

  it('does not count a poll on a line another line came after', async () => {
    const log = exchanges();
    poll(log, 1, 'working');
    const id = request(log, 2);
    const push = { jsonrpc: '2.0', method: 'notifications/tasks/status', params: { taskId: 'srv', status: 'working' } };
    log.take({ seq: 3, at: 3, direction: 'received', kind: 'notification', method: 'notifications/tasks/status', bytes: 10, localId: 't1' }, JSON.stringify(push), push, identity);
    answer(log, id, 4, 'working');
    const lines = await log.lines('t1');
    expect(lines.map((line) => [line.method, line.count, line.at])).toEqual([
      ['tasks/get', 1, 1],
      ['notifications/tasks/status', 1, 3],
      ['tasks/get', 1, 2],
    ]);
  });

  it('folds progress notifications by method, keeping the newest, and other notifications only when identical', async () => {
    const log = exchanges();
    for (const [at, progress] of [[1, 1], [2, 2], [3, 3]] as const) notify(log, at, 'notifications/progress', { progressToken: 'p', progress, total: 3 });
    notify(log, 4, 'notifications/tasks/status', { taskId: 'srv', status: 'working', statusMessage: 'Step 1' });
    notify(log, 5, 'notifications/tasks/status', { taskId: 'srv', status: 'working', statusMessage: 'Step 1' });
    notify(log, 6, 'notifications/tasks/status', { taskId: 'srv', status: 'working', statusMessage: 'Step 2' });
    const lines = await log.lines('t1');
    expect(lines.map((line) => [line.method, line.summary, line.count, line.lastAt])).toEqual([
      ['notifications/progress', '3/3', 3, 3],
      ['notifications/tasks/status', 'working — Step 1', 2, 5],
      ['notifications/tasks/status', 'working — Step 2', 1, 6],
    ]);
  });

  it('keeps an error apart from a result, and counts identical errors', async () => {
    const log = exchanges();
    poll(log, 1, 'working');
    for (const at of [2, 3]) {
      const id = request(log, at);
      const error = { jsonrpc: '2.0', id, error: { code: -32603, message: 'busy' } };
      log.take({ seq: at, at: at + 0.5, direction: 'received', kind: 'error', method: 'tasks/get', id, bytes: 10, localId: 't1' }, JSON.stringify(error), error, identity);
    }
    const lines = await log.lines('t1');
    expect(lines.map((line) => [line.outcome, line.summary, line.count])).toEqual([
      ['result', 'working', 1],
      ['error', '-32603 busy', 2],
    ]);
  });
});

/** One poll of task `localId` answered `working` with `statusMessage` (a line of its own when the message is new). */
function pollTask(into: TaskExchanges, localId: string, at: number, statusMessage: string): void {
  const id = `mtm-${localId}-${at}`;
  const sent = { jsonrpc: '2.0', id, method: 'tasks/get', params: { taskId: localId } };
  into.take({ seq: at, at, direction: 'sent', kind: 'request', method: 'tasks/get', id, bytes: 10, localId }, JSON.stringify(sent), sent, identity);
  const reply = { jsonrpc: '2.0', id, result: { taskId: localId, status: 'working', statusMessage } };
  into.take({ seq: at, at: at + 0.5, direction: 'received', kind: 'response', method: 'tasks/get', id, bytes: 10, localId, durationMs: 1 }, JSON.stringify(reply), reply, identity);
}

describe('bounds on the lines kept', () => {
  it('a task keeps its first line and its newest, and the line after the gap counts what went', async () => {
    const log = exchanges();
    const polls = EXCHANGE_MAX_LINES + 5;
    for (let at = 1; at <= polls; at++) pollTask(log, 't1', at, `Step ${at}`);
    const lines = await log.lines('t1');
    expect(lines).toHaveLength(EXCHANGE_MAX_LINES);
    expect(lines[0]).toMatchObject({ summary: 'working — Step 1' });
    expect(lines[0]!.droppedBefore).toBeUndefined();
    expect(lines[1]).toMatchObject({ summary: 'working — Step 7', droppedBefore: 5 });
    expect(lines.slice(2).every((line) => line.droppedBefore === undefined)).toBe(true);
    expect(lines.at(-1)).toMatchObject({ summary: `working — Step ${polls}` });
  });

  it('many tasks share the memory budget: each keeps its share, down to its first and newest two lines', async () => {
    const log = exchanges();
    const taskCount = EXCHANGE_MEMORY_LINES / EXCHANGE_MIN_LINES;
    const rounds = 8;
    for (let round = 1; round <= rounds; round++) {
      for (let task = 0; task < taskCount; task++) pollTask(log, `t${task}`, round, `Step ${round}`);
    }
    for (const localId of ['t0', `t${taskCount / 2}`, `t${taskCount - 1}`]) {
      const lines = await log.lines(localId);
      expect(lines.map((line) => [line.summary, line.droppedBefore])).toEqual([
        ['working — Step 1', undefined],
        [`working — Step ${rounds - 1}`, rounds - EXCHANGE_MIN_LINES],
        [`working — Step ${rounds}`, undefined],
      ]);
    }
  });

  it('while few tasks have lines, each keeps up to the per-task cap', async () => {
    const log = exchanges();
    const taskCount = Math.floor(EXCHANGE_MEMORY_LINES / EXCHANGE_MAX_LINES);
    for (let at = 1; at <= EXCHANGE_MAX_LINES; at++) {
      for (let task = 0; task < taskCount; task++) pollTask(log, `t${task}`, at, `Step ${at}`);
    }
    const lines = await log.lines('t0');
    expect(lines).toHaveLength(EXCHANGE_MAX_LINES);
    expect(lines.some((line) => line.droppedBefore !== undefined)).toBe(false);
  });
});
