// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  describeTimingClock,
  formatDuration,
  formatTimeOfDay,
  formatTiming,
  formatTtl,
  taskTiming,
  ttlRemaining,
  type TaskTiming,
  type TtlState,
} from '../../../renderer/lib/time-format';
import { NOW, makeSnapshot, makeCall, makeTask } from '../factories';

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [-5_000, '0s'],
    [Number.NaN, '0s'],
    [999, '0s'],
    [42_000, '42s'],
    [59_999, '59s'],
    [60_000, '1m 00s'],
    [185_000, '3m 05s'],
    [3_600_000, '1h 00m'],
    [7_620_000, '2h 07m'],
    [86_400_000, '1d 0h'],
    [3 * 86_400_000 + 4 * 3_600_000, '3d 4h'],
  ])('%s ms → %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});

describe('taskTiming', () => {
  it.each([
    ['a running task counts from its start to now', makeTask({ createdAt: NOW - 65_000 }), 'running 1m 05s'],
    ['an ended task shows its duration, not the time since', makeTask({ createdAt: NOW - 600_000, updatedAt: NOW - 590_000, snapshot: makeSnapshot({ status: 'completed' }) }), 'took 10s'],
    ['a lost task has ended', makeTask({ createdAt: NOW - 30_000, updatedAt: NOW - 20_000, endReason: 'lost' }), 'took 10s'],
    ['a call in flight is running', makeCall({ phase: 'calling', createdAt: NOW - 3_000 }), 'running 3s'],
  ])('%s', (_name, task, expected) => {
    expect(formatTiming(taskTiming(task, NOW))).toBe(expected);
  });

  // The local span of these tasks is 10 s; the server's own clock says 2m 05s.
  const local = { createdAt: NOW - 600_000, updatedAt: NOW - 590_000 };
  const server = { createdAt: '2026-11-30T09:00:00.000Z', lastUpdatedAt: '2026-11-30T09:02:05.000Z' };
  it.each<[string, Parameters<typeof taskTiming>[0], TaskTiming]>([
    ['a completed task took what its server clock says', makeTask({ ...local, snapshot: makeSnapshot({ status: 'completed', ...server }) }), { kind: 'ended', ms: 125_000, clock: 'server' }],
    ['a failed task too', makeTask({ ...local, snapshot: makeSnapshot({ status: 'failed', ...server }) }), { kind: 'ended', ms: 125_000, clock: 'server' }],
    ['a task cancelled at your request too', makeTask({ ...local, endReason: 'user-cancelled', snapshot: makeSnapshot({ status: 'cancelled', ...server }) }), { kind: 'ended', ms: 125_000, clock: 'server' }],
    ['server times with offsets are one clock', makeTask({ ...local, snapshot: makeSnapshot({ status: 'completed', createdAt: '2026-11-30T10:00:00+01:00', lastUpdatedAt: '2026-11-30T09:00:42Z' }) }), { kind: 'ended', ms: 42_000, clock: 'server' }],
    ['no server times: the local clock', makeTask({ ...local, snapshot: makeSnapshot({ status: 'completed' }) }), { kind: 'ended', ms: 10_000, clock: 'local' }],
    ['only one server time: the local clock', makeTask({ ...local, snapshot: makeSnapshot({ status: 'completed', lastUpdatedAt: server.lastUpdatedAt }) }), { kind: 'ended', ms: 10_000, clock: 'local' }],
    ['a malformed server time: the local clock', makeTask({ ...local, snapshot: makeSnapshot({ status: 'completed', createdAt: 'yesterday', lastUpdatedAt: server.lastUpdatedAt }) }), { kind: 'ended', ms: 10_000, clock: 'local' }],
    ['a server that ends before it starts: the local clock', makeTask({ ...local, snapshot: makeSnapshot({ status: 'completed', createdAt: server.lastUpdatedAt, lastUpdatedAt: server.createdAt }) }), { kind: 'ended', ms: 10_000, clock: 'local' }],
    ['a lost task: its last snapshot is not final, so the local clock', makeTask({ ...local, endReason: 'lost', snapshot: makeSnapshot({ status: 'working', ...server }) }), { kind: 'ended', ms: 10_000, clock: 'local' }],
    ['an expired task: the local clock', makeTask({ ...local, endReason: 'expired', snapshot: makeSnapshot({ status: 'working', ...server }) }), { kind: 'ended', ms: 10_000, clock: 'local' }],
    ['a call answered without a task: the local clock', makeCall({ ...local, phase: 'calling', endReason: 'answered' }), { kind: 'ended', ms: 10_000, clock: 'local' }],
    ['a running task counts from its local start, whatever the server says', makeTask({ ...local, snapshot: makeSnapshot({ status: 'working', ...server }) }), { kind: 'running', ms: 600_000 }],
  ])('%s', (_name, task, expected) => {
    expect(taskTiming(task, NOW)).toEqual(expected);
  });
});

describe('describeTimingClock', () => {
  it.each<[TaskTiming, RegExp]>([
    [{ kind: 'ended', ms: 1, clock: 'server' }, /^By the server's clock: from its creation to its final update\.$/],
    [{ kind: 'ended', ms: 1, clock: 'local' }, /^By this computer's clock/],
    [{ kind: 'running', ms: 1 }, /^By this computer's clock: since the call was sent\.$/],
  ])('%j', (timing, expected) => {
    expect(describeTimingClock(timing)).toMatch(expected);
  });
});

describe('ttlRemaining', () => {
  const live = { phase: 'task' } as const;
  it.each<[string, Parameters<typeof ttlRemaining>[0], TtlState]>([
    ['no snapshot', { ...live, snapshot: undefined, createdAt: NOW }, { kind: 'unknown' }],
    ['no TTL given', { ...live, snapshot: makeSnapshot(), createdAt: NOW }, { kind: 'unknown' }],
    ['unlimited', { ...live, snapshot: makeSnapshot({ ttlMs: null }), createdAt: NOW }, { kind: 'unlimited' }],
    ['counts from first observation', { ...live, snapshot: makeSnapshot({ ttlMs: 60_000 }), observedAt: NOW - 10_000, createdAt: NOW - 50_000 }, { kind: 'remaining', ms: 50_000 }],
    ['falls back to the local start', { ...live, snapshot: makeSnapshot({ ttlMs: 60_000 }), createdAt: NOW - 10_000 }, { kind: 'remaining', ms: 50_000 }],
    ['passed', { ...live, snapshot: makeSnapshot({ ttlMs: 1_000 }), observedAt: NOW - 5_000, createdAt: NOW - 5_000 }, { kind: 'passed' }],
    ['exactly at the end has passed', { ...live, snapshot: makeSnapshot({ ttlMs: 5_000 }), observedAt: NOW - 5_000, createdAt: NOW - 5_000 }, { kind: 'passed' }],
  ])('%s', (_name, task, expected) => {
    expect(ttlRemaining(task, NOW)).toEqual(expected);
  });

  // A TTL of 60 s seen 10 s ago would have 50 s left, were the task still live.
  const ttl = { snapshot: makeSnapshot({ ttlMs: 60_000 }), observedAt: NOW - 10_000 };
  it.each<[string, Parameters<typeof ttlRemaining>[0], TtlState]>([
    ['a live task counts down', makeTask(ttl), { kind: 'remaining', ms: 50_000 }],
    ['a live task with a cancel pending counts down', makeTask({ ...ttl, cancelRequestedAt: NOW - 1_000 }), { kind: 'remaining', ms: 50_000 }],
    ['a live task whose TTL passed says so', makeTask({ snapshot: makeSnapshot({ ttlMs: 1_000 }), observedAt: NOW - 10_000 }), { kind: 'passed' }],
    ['completed', makeTask({ ...ttl, snapshot: makeSnapshot({ status: 'completed', ttlMs: 60_000 }) }), { kind: 'ended' }],
    ['failed', makeTask({ ...ttl, snapshot: makeSnapshot({ status: 'failed', ttlMs: 60_000 }) }), { kind: 'ended' }],
    ['cancelled', makeTask({ ...ttl, endReason: 'server-cancelled', snapshot: makeSnapshot({ status: 'cancelled', ttlMs: 60_000 }) }), { kind: 'ended' }],
    ['lost', makeTask({ ...ttl, endReason: 'lost' }), { kind: 'ended' }],
    ['expired', makeTask({ ...ttl, endReason: 'expired' }), { kind: 'ended' }],
    ['unlimited, but finished', makeTask({ endReason: 'lost', snapshot: makeSnapshot({ ttlMs: null }) }), { kind: 'ended' }],
    ['outcome unknown', makeCall({ phase: 'outcome-unknown' }), { kind: 'ended' }],
    ['a call that ended without a task', makeCall({ phase: 'calling', endReason: 'input-declined' }), { kind: 'ended' }],
  ])('%s', (_name, task, expected) => {
    expect(ttlRemaining(task, NOW)).toEqual(expected);
  });
});

describe('formatTtl', () => {
  it.each<[TtlState, string]>([
    [{ kind: 'unknown' }, ''],
    [{ kind: 'unlimited' }, 'no TTL limit'],
    [{ kind: 'remaining', ms: 250_000 }, 'TTL 4m 10s left'],
    [{ kind: 'passed' }, 'TTL passed'],
    [{ kind: 'ended' }, ''],
  ])('%j → %s', (state, expected) => {
    expect(formatTtl(state)).toBe(expected);
  });
});

describe('formatTimeOfDay', () => {
  it('is HH:MM for a moment of the same local day, the local date and time for an earlier day', () => {
    const evening = new Date(NOW).setHours(21, 4, 30, 0);
    expect(formatTimeOfDay(new Date(NOW).setHours(9, 5, 0, 0), evening)).toBe('09:05');
    expect(formatTimeOfDay(evening, evening)).toBe('21:04');
    const yesterday = evening - 24 * 60 * 60 * 1_000;
    expect(formatTimeOfDay(yesterday, evening)).toBe(new Date(yesterday).toLocaleString());
  });
});
