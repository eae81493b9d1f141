import { describe, expect, it } from 'vitest';
import type { TaskSnapshot, TrackedCall, TrackedServerTask } from '../../../shared/task-model.js';
import {
  becomeTask,
  endAsCallCancelled,
  endAsInterrupted,
  endAsUnknownToServer,
  mergeSnapshot,
  nextPollDelay,
  withoutProblem,
  withProblem,
} from '../../../electron/engine/tasks/task-rules.js';
import { lastAppNote } from '../../helpers/app-notes.js';

const NOW = 1_800_000_000_000;

function task(overrides: Partial<TrackedServerTask> = {}): TrackedServerTask {
  return {
    localId: 'local-1', serverId: 's', form: 'extension', phase: 'task', serverTaskId: 't-1',
    toolName: 'build', arguments: {}, createdAt: NOW - 10_000, updatedAt: NOW - 10_000, observedAt: NOW - 10_000,
    hasResult: false, timeline: [], answeredInputKeys: [], ...overrides,
  };
}

function snap(overrides: Partial<TaskSnapshot> = {}): TaskSnapshot {
  return { serverTaskId: 't-1', status: 'working', lastUpdatedAt: '2026-11-30T09:00:00.000Z', ...overrides };
}

describe('nextPollDelay', () => {
  it.each([
    // suggested, errors, subscribed → delay
    [2_000, 0, false, 2_000],
    [2_000, 0, true, 30_000],
    [45_000, 0, true, 45_000],
    [1_000, 1, false, 2_000],
    [1_000, 3, false, 8_000],
    [1_000, 10, false, 60_000],
    [undefined, 0, false, 1_000],
  ])('suggested %s, %s errors, subscribed %s → %s', (suggested, errors, subscribed, expected) => {
    expect(nextPollDelay(suggested, errors, subscribed)).toBe(expected);
  });
});

describe('mergeSnapshot', () => {
  const cases: { name: string; before: TrackedServerTask; incoming: TaskSnapshot; outcome: string; status?: string; endReason?: string }[] = [
    { name: 'first observation applies', before: task(), incoming: snap(), outcome: 'applied', status: 'working' },
    { name: 'identical snapshot is a duplicate', before: task({ snapshot: snap() }), incoming: snap(), outcome: 'duplicate' },
    { name: 'newer status applies', before: task({ snapshot: snap() }), incoming: snap({ status: 'input_required', lastUpdatedAt: '2026-11-30T09:00:01.000Z' }), outcome: 'applied', status: 'input_required' },
    { name: 'new input requests with the same status apply', before: task({ snapshot: snap({ status: 'input_required', inputRequests: { a: { method: 'roots/list' } } }) }), incoming: snap({ status: 'input_required', inputRequests: { b: { method: 'roots/list' } } }), outcome: 'applied', status: 'input_required' },
    { name: 'a changed poll interval alone applies', before: task({ snapshot: snap({ pollIntervalMs: 500 }) }), incoming: snap({ pollIntervalMs: 2_000 }), outcome: 'applied', status: 'working' },
    { name: 'older lastUpdatedAt loses', before: task({ snapshot: snap({ statusMessage: 'b', lastUpdatedAt: '2026-11-30T09:00:05.000Z' }) }), incoming: snap({ statusMessage: 'a', lastUpdatedAt: '2026-11-30T09:00:01.000Z' }), outcome: 'stale' },
    { name: 'equal timestamps with a new message apply', before: task({ snapshot: snap({ statusMessage: 'a' }) }), incoming: snap({ statusMessage: 'b' }), outcome: 'applied', status: 'working' },
    { name: 'terminal never regresses', before: task({ snapshot: snap({ status: 'completed' }) }), incoming: snap({ status: 'working', lastUpdatedAt: '2026-11-30T10:00:00.000Z' }), outcome: 'after-terminal' },
    { name: 'terminal does not change to another terminal', before: task({ snapshot: snap({ status: 'failed' }) }), incoming: snap({ status: 'completed', lastUpdatedAt: '2026-11-30T10:00:00.000Z' }), outcome: 'after-terminal' },
    { name: 'an ended task ignores observations', before: task({ endReason: 'lost', snapshot: snap() }), incoming: snap({ status: 'completed' }), outcome: 'after-terminal' },
    { name: 'cancel requested then cancelled → user-cancelled', before: task({ snapshot: snap(), cancelRequestedAt: NOW - 1 }), incoming: snap({ status: 'cancelled', lastUpdatedAt: '2026-11-30T09:00:02.000Z' }), outcome: 'applied', status: 'cancelled', endReason: 'user-cancelled' },
    { name: 'cancelled without a request → server-cancelled', before: task({ snapshot: snap() }), incoming: snap({ status: 'cancelled', lastUpdatedAt: '2026-11-30T09:00:02.000Z' }), outcome: 'applied', status: 'cancelled', endReason: 'server-cancelled' },
    { name: 'cancel requested but completed → completed, no end reason', before: task({ snapshot: snap(), cancelRequestedAt: NOW - 1 }), incoming: snap({ status: 'completed', lastUpdatedAt: '2026-11-30T09:00:02.000Z' }), outcome: 'applied', status: 'completed' },
  ];
  it.each(cases)('$name', ({ before, incoming, outcome, status, endReason }) => {
    const result = mergeSnapshot(before, incoming, NOW);
    expect(result.outcome).toBe(outcome);
    if (outcome === 'applied') {
      expect(result.task.snapshot?.status).toBe(status);
      expect(result.task.endReason).toBe(endReason);
      expect(result.task.updatedAt).toBe(NOW);
    } else {
      expect(result.task).toBe(before);
    }
  });

  it('records a timeline entry on status or message change only', () => {
    const first = mergeSnapshot(task(), snap({ statusMessage: 'Step 1/5' }), NOW).task;
    expect(first.timeline).toEqual([{ at: NOW, status: 'working', statusMessage: 'Step 1/5' }]);
    const sameText = mergeSnapshot(first, snap({ statusMessage: 'Step 1/5', pollIntervalMs: 500 }), NOW + 1).task;
    expect(sameText.timeline).toHaveLength(1);
    const next = mergeSnapshot(sameText, snap({ statusMessage: 'Step 2/5' }), NOW + 2).task;
    expect(next.timeline.map((entry) => entry.statusMessage)).toEqual(['Step 1/5', 'Step 2/5']);
  });

  it('clears the last problem when an observation applies, a sentence an older version saved included', () => {
    const merged = mergeSnapshot(task({ lastProblem: { kind: 'poll-failed', detail: 'timeout' }, lastError: 'timeout' }), snap(), NOW).task;
    expect(merged).not.toHaveProperty('lastProblem');
    expect(merged).not.toHaveProperty('lastError');
  });
});

describe('withProblem', () => {
  it('sets the problem as a fact, replacing a sentence an older version saved', () => {
    const noted = withProblem(task({ lastError: 'old words' }), { kind: 'poll-failed', detail: 'timed out' });
    expect(noted.lastProblem).toEqual({ kind: 'poll-failed', detail: 'timed out' });
    expect(noted).not.toHaveProperty('lastError');
  });

  it('returns the same task when it already has that problem, so nothing is saved again', () => {
    const noted = withProblem(task(), { kind: 'push-refused', detail: 'no status' });
    expect(withProblem(noted, { kind: 'push-refused', detail: 'no status' })).toBe(noted);
    expect(withProblem(noted, { kind: 'push-refused', detail: 'no taskId' })).not.toBe(noted);
    expect(withProblem(noted, { kind: 'poll-failed', detail: 'no status' })).not.toBe(noted);
  });
});

describe('withoutProblem', () => {
  it('returns the same task when it has none', () => {
    const clean = task();
    expect(withoutProblem(clean)).toBe(clean);
  });
});

describe('endAsUnknownToServer', () => {
  it.each([
    ['TTL elapsed since first observation → expired', { ttlMs: 5_000 }, NOW - 10_000, 'expired'],
    ['TTL not yet elapsed → lost', { ttlMs: 60_000 }, NOW - 10_000, 'lost'],
    ['unlimited TTL → lost', { ttlMs: null }, NOW - 10_000, 'lost'],
    ['no TTL known → lost', {}, NOW - 10_000, 'lost'],
  ] as const)('%s', (_name, snapOverrides, observedAt, reason) => {
    const ended = endAsUnknownToServer(task({ observedAt, snapshot: snap(snapOverrides) }), NOW, 'Unknown task');
    expect(ended.endReason).toBe(reason);
    expect(lastAppNote(ended)).toContain('Unknown task');
  });
});

describe('how a call that is no task ends', () => {
  const call = (overrides: Partial<TrackedCall> = {}): TrackedCall => {
    const { phase: _phase, serverTaskId: _id, observedAt: _observed, snapshot: _snapshot, legacy: _legacy, ...fields } = task();
    return { ...fields, phase: 'calling', ...overrides };
  };

  it('a stop mid-call: a plain call is interrupted, one that may be a task is outcome unknown; neither resent', () => {
    const plain = endAsInterrupted(call({ plain: true }), NOW);
    expect(plain).toMatchObject({ phase: 'calling', endReason: 'interrupted', updatedAt: NOW });
    expect(lastAppNote(plain)).toBe('Interrupted — the server\'s answer could not be received (the app stopped before it came); the call was not resent.');
    const maybe = endAsInterrupted(call(), NOW);
    expect(maybe.phase).toBe('outcome-unknown');
    expect(maybe.endReason).toBeUndefined();
  });

  it.each([
    [{ notifies: true, closesRequest: false }, 'You cancelled the call: the server was sent notifications/cancelled. An answer arriving later is ignored.'],
    [{ notifies: false, closesRequest: true }, 'You cancelled the call: its request was closed. An answer arriving later is ignored.'],
    [{ notifies: true, closesRequest: true }, 'You cancelled the call: its request was closed and the server was sent notifications/cancelled. An answer arriving later is ignored.'],
  ])('a cancel on the wire says what was sent (%o)', (wire, note) => {
    const cancelled = endAsCallCancelled(call(), wire, NOW);
    expect(cancelled).toMatchObject({ endReason: 'user-cancelled', cancelRequestedAt: NOW });
    expect(lastAppNote(cancelled)).toBe(note);
  });

  it('a call that becomes a task is no longer plain', () => {
    expect(becomeTask(call({ plain: true }), 't-9', undefined, NOW).plain).toBeUndefined();
  });
});
