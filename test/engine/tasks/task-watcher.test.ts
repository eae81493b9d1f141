/**
 * Watching tasks against a fake protocol and a fake clock: the poll pace, bounded loops, how a
 * task the server no longer knows ends, pushes and cancels — and that nothing is left scheduled.
 */
import { describe, expect, it } from 'vitest';
import { isTaskFinished, type TrackedTask } from '../../../shared/task-model.js';
import { becomeTask, MAX_ERROR_BACKOFF_MS, newCall, recordAnswer } from '../../../electron/engine/tasks/task-rules.js';
import { engineKit, FakeProtocol, SERVER, serverError, snapshot } from '../engine-kit.js';
import { appNotes, lastAppNote } from '../../helpers/app-notes.js';

async function runningTask(kit: ReturnType<typeof engineKit>, fields: Parameters<typeof snapshot>[1] = {}): Promise<TrackedTask> {
  const call = newCall({ localId: 'local-1', serverId: SERVER, form: 'extension', toolName: 'build', arguments: {} }, kit.clock.now());
  const task = await kit.parts.ledger.putDurably(becomeTask(call, 't1', undefined, kit.clock.now()));
  await kit.parts.watcher.follow(task.localId, { snapshot: snapshot('t1', fields) });
  return kit.parts.ledger.get(task.localId)!;
}

describe('TaskWatcher', () => {
  it('a change made while a final result is written is kept, and the completion is stored after it', async () => {
    const kit = engineKit();
    const task = await runningTask(kit);
    // The disk is slow: the result write is still under way when the user's answer is noted.
    let finishWrite: () => void = () => undefined;
    const put = kit.resultStore.put.bind(kit.resultStore);
    kit.resultStore.put = (id, result) => new Promise<void>((resolve) => {
      finishWrite = () => void put(id, result).then(resolve);
    });
    const observed = kit.parts.watcher.observe(task.localId, { snapshot: snapshot('t1', { status: 'completed' }), result: { content: [] } }, kit.clock.monotonic());
    await kit.advance(20);
    const answered = kit.parts.ledger.put(recordAnswer(kit.parts.ledger.get(task.localId)!, 'confirm', kit.clock.now(), { kind: 'input-answered', how: 'declined' }));
    finishWrite();
    await observed;
    const stored = kit.parts.ledger.get(task.localId)!;
    expect(stored.snapshot?.status).toBe('completed');
    expect(stored.hasResult).toBe(true);
    expect(appNotes(stored)).toContain('Declined an input request');
    // Never older than a change it follows: a view that keeps the newest copy must see the completion.
    expect(stored.updatedAt).toBeGreaterThanOrEqual(answered.updatedAt);
  });

  it('polls at the server\'s interval, clamped, and stops at a terminal status', async () => {
    const kit = engineKit();
    const protocol = kit.protocol!;
    let reads = 0;
    protocol.onGet = (taskId) => {
      reads += 1;
      return Promise.resolve({ snapshot: snapshot(taskId, { pollIntervalMs: 1e12, status: reads >= 3 ? 'completed' : 'working', lastUpdatedAt: `2026-11-30T09:00:0${reads}.000Z` }), ...(reads >= 3 ? { result: { content: [] } } : {}) });
    };
    const task = await runningTask(kit, { pollIntervalMs: 1e12 });
    await kit.advance(59_999);
    expect(protocol.count('tasks/get')).toBe(0);
    await kit.advance(1);
    expect(protocol.count('tasks/get')).toBe(1);
    await kit.advance(120_000);
    expect(protocol.count('tasks/get')).toBe(3);
    expect(isTaskFinished(kit.parts.ledger.get(task.localId)!)).toBe(true);
    expect(kit.parts.watcher.scheduledCount).toBe(0);
    expect(kit.resultStore.results.has(task.localId)).toBe(true);
  });

  it('backs off exponentially on errors, capped, and keeps the last error on the task', async () => {
    const kit = engineKit();
    kit.protocol!.onGet = () => Promise.reject(new Error('connection reset'));
    const task = await runningTask(kit);
    await kit.advance(10 * 60_000);
    const gets = kit.protocol!.count('tasks/get');
    // 1 s, then 2, 4, 8, 16, 32 s, then 60 s each: well under one a second.
    expect(gets).toBeGreaterThanOrEqual(10);
    expect(gets).toBeLessThanOrEqual(6 + Math.ceil((10 * 60_000) / MAX_ERROR_BACKOFF_MS));
    expect(kit.parts.ledger.get(task.localId)?.lastProblem).toEqual({ kind: 'poll-failed', detail: 'connection reset' });
  });

  it('a refused push leaves its reason on the task as a fact, saved once however often it repeats', async () => {
    const kit = engineKit();
    const task = await runningTask(kit);
    const saved: unknown[] = [];
    kit.emitters.task.event((put) => {
      if (put.localId === task.localId) saved.push(put.lastProblem);
    });
    kit.parts.watcher.quarantined(task.serverId, task.serverTaskId, 'unknown task status "exploded"');
    kit.parts.watcher.quarantined(task.serverId, task.serverTaskId, 'unknown task status "exploded"');
    expect(saved).toEqual([{ kind: 'push-refused', detail: 'unknown task status "exploded"' }]);
  });

  it('a server hint polls at the task\'s pace, never sooner: a hint storm costs no extra reads', async () => {
    const kit = engineKit();
    kit.protocol!.onGet = (taskId) => Promise.resolve({ snapshot: snapshot(taskId, { pollIntervalMs: 2_000 }) });
    await runningTask(kit, { pollIntervalMs: 2_000 });
    await kit.advance(2_000);
    expect(kit.protocol!.count('tasks/get')).toBe(1);
    for (let i = 0; i < 100; i++) kit.parts.watcher.hinted(SERVER, 't1');
    await kit.advance(1_999);
    expect(kit.protocol!.count('tasks/get')).toBe(1);
    await kit.advance(1);
    expect(kit.protocol!.count('tasks/get')).toBe(2);
  });

  it.each([
    ['-32602', serverError(-32602, 'Task not found')],
    ['-32603 "Unknown taskId"', serverError(-32603, 'Unknown taskId: t1')],
  ])('%s on tasks/get ends the task as lost, with the server\'s words', async (_what, error) => {
    const kit = engineKit();
    kit.protocol!.onGet = () => Promise.reject(error);
    const task = await runningTask(kit);
    await kit.advance(1_000);
    const ended = kit.parts.ledger.get(task.localId)!;
    expect(ended.endReason).toBe('lost');
    expect(lastAppNote(ended)).toContain(error.message);
    expect(kit.parts.watcher.scheduledCount).toBe(0);
  });

  it('another -32603 is an error to back off from, not an unknown task', async () => {
    const kit = engineKit();
    kit.protocol!.onGet = () => Promise.reject(serverError(-32603, 'Task t1 has no result stored'));
    const task = await runningTask(kit);
    await kit.advance(1_000);
    expect(kit.parts.ledger.get(task.localId)?.endReason).toBeUndefined();
    expect(kit.parts.watcher.scheduledCount).toBe(1);
  });

  it('an unknown task past its TTL by the local clock ends as expired', async () => {
    const kit = engineKit();
    kit.protocol!.onGet = () => Promise.reject(serverError(-32602, 'Task not found'));
    const task = await runningTask(kit, { ttlMs: 500, pollIntervalMs: 1_000 });
    await kit.advance(1_000);
    expect(kit.parts.ledger.get(task.localId)?.endReason).toBe('expired');
  });

  it('a cancel shows "cancel requested" until the server ends the task; a refused cancel takes it back', async () => {
    const kit = engineKit();
    kit.protocol!.onGet = (taskId) => Promise.resolve({ snapshot: snapshot(taskId) });
    kit.protocol!.onCancel = () => Promise.reject(serverError(-32600, 'Not now'));
    const task = await runningTask(kit);
    await expect(kit.parts.watcher.cancel(task.localId, { kind: 'cancel-requested' })).rejects.toThrow('Not now');
    expect(kit.parts.ledger.get(task.localId)?.cancelRequestedAt).toBeUndefined();
    expect(lastAppNote(kit.parts.ledger.get(task.localId))).toBe('Cancel failed: Not now');
    kit.protocol!.onCancel = () => Promise.resolve(undefined);
    kit.protocol!.onGet = (taskId) => Promise.resolve({ snapshot: snapshot(taskId, { status: 'cancelled', lastUpdatedAt: '2026-11-30T09:01:00.000Z' }) });
    await kit.parts.watcher.cancel(task.localId, { kind: 'cancel-requested' });
    expect(kit.parts.ledger.get(task.localId)?.cancelRequestedAt).toBeDefined();
    await kit.advance(100);
    expect(kit.parts.ledger.get(task.localId)).toMatchObject({ endReason: 'user-cancelled', snapshot: { status: 'cancelled' } });
  });

  it('a task of another form than its server now speaks ends as lost when the server connects', async () => {
    const kit = engineKit();
    const task = await runningTask(kit);
    kit.parts.watcher.serverConnected(SERVER, new FakeProtocol('legacy'));
    expect(kit.parts.ledger.get(task.localId)?.endReason).toBe('lost');
  });

  it('the push set holds exactly the running tasks of the server', async () => {
    const kit = engineKit();
    kit.protocol!.onGet = (taskId) => Promise.resolve({ snapshot: snapshot(taskId, { status: 'completed', lastUpdatedAt: '2026-11-30T09:02:00.000Z' }) });
    await runningTask(kit);
    await kit.settle();
    expect(kit.protocol!.watched).toEqual(['t1']);
    await kit.advance(1_000);
    expect(kit.protocol!.watched).toEqual([]);
  });
});
