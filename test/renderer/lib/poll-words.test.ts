import { describe, expect, it } from 'vitest';
import { describePolling, formatPollInterval } from '../../../renderer/lib/poll-words';
import { makeSnapshot, makeCall, makeTask } from '../factories';

describe('formatPollInterval', () => {
  it.each([
    [undefined, /not suggested/],
    [1_500, /^every 1\.5 s/],
    [30_000, /^every 30 s/],
  ])('%s', (ms, pattern) => {
    expect(formatPollInterval(ms)).toMatch(pattern);
  });

  it.each([
    [undefined, "every 1 s (not suggested by the server: the app's default)"],
    [1_000, "every 1 s (the server's suggestion)"],
    [1_500, "every 1.5 s (the server's suggestion)"],
    [250, "every 250 ms (the server's suggestion)"],
    [1_234.4, "every 1.2 s (the server's suggestion)"],
    [60_000, "every 60 s (the server's suggestion)"],
    [86_400_000, 'every 60 s (the server suggested 86400 s; the app waits at most 60 s between polls)'],
    [1e12, 'every 60 s (the server suggested 1000000000 s; the app waits at most 60 s between polls)'],
    [0, 'every 250 ms (the server suggested 0 ms; the app waits at least 250 ms between polls)'],
    [100, 'every 250 ms (the server suggested 100 ms; the app waits at least 250 ms between polls)'],
  ])('the interval the app really uses for a suggestion of %s ms', (ms, expected) => {
    expect(formatPollInterval(ms)).toBe(expected);
  });
});

describe('describePolling', () => {
  it.each([
    ['a live task: the interval used', makeTask({ snapshot: makeSnapshot({ pollIntervalMs: 1e12 }) }), /^every 60 s \(the server suggested/],
    ['a live task with no suggestion: the default', makeTask({ snapshot: makeSnapshot() }), /^every 1 s /],
    ['a finished task is not polled', makeTask({ snapshot: makeSnapshot({ status: 'completed', pollIntervalMs: 5_000 }) }), /^none: the task has ended$/],
    ['a lost task is not polled', makeTask({ endReason: 'lost', snapshot: makeSnapshot({ pollIntervalMs: 5_000 }) }), /^none: the task has ended$/],
    ['a call in flight has nothing to poll yet', makeCall({ phase: 'calling' }), /^none yet: the server has not created a task$/],
    ['a plain request is never polled', makeCall({ phase: 'calling', plain: true }), /^none: a plain request is answered on its own, never polled$/],
  ])('%s', (_name, task, expected) => {
    expect(describePolling(task)).toMatch(expected);
  });
});
