import { describe, expect, it } from 'vitest';
import { ConnectionPinger } from '../../../electron/engine/connections/connection-pinger.js';
import { DEGRADED_AFTER_FAILURES, HealthTracker } from '../../../electron/engine/connections/server-health.js';
import { FakeClock } from '../../helpers/fake-clock.js';

const http503 = { kind: 'http-status', httpStatus: 503, detail: 'HTTP 503 Service Unavailable' } as const;
const refused = { kind: 'refused', detail: 'connect ECONNREFUSED 127.0.0.1:9' } as const;
const timedOut = { kind: 'timeout', detail: 'tasks/get got no answer within 30000 ms' } as const;

describe('HealthTracker', () => {
  it('is degraded only from the third failure in a row, since the first, with the latest failure; one answer clears it', () => {
    const tracker = new HealthTracker();
    expect(DEGRADED_AFTER_FAILURES).toBe(3);
    expect(tracker.failed(http503, 1_000)).toBe(false);
    expect(tracker.failed(http503, 2_000)).toBe(false);
    expect(tracker.health).toBeUndefined();
    expect(tracker.failed(refused, 3_000)).toBe(true);
    expect(tracker.health).toEqual({ condition: 'degraded', ...refused, since: 1_000, failedRequests: 3 });
    expect(tracker.failed(refused, 4_000)).toBe(true);
    expect(tracker.health).toMatchObject({ since: 1_000, failedRequests: 4 });
    expect(tracker.answered()).toBe(true);
    expect(tracker.health).toBeUndefined();
    expect(tracker.answered()).toBe(false);
  });

  it('counts failures in a row only: an answer in between starts the count again', () => {
    const tracker = new HealthTracker();
    tracker.failed(http503, 1_000);
    tracker.failed(http503, 2_000);
    tracker.answered();
    tracker.failed(http503, 3_000);
    tracker.failed(http503, 4_000);
    expect(tracker.health).toBeUndefined();
    tracker.failed(http503, 5_000);
    expect(tracker.health).toMatchObject({ since: 3_000, failedRequests: 3 });
  });

  it('is degraded at once by one request that got no answer within its timeout', () => {
    const tracker = new HealthTracker();
    expect(tracker.failed(timedOut, 1_000, true)).toBe(true);
    expect(tracker.health).toEqual({ condition: 'degraded', ...timedOut, since: 1_000, failedRequests: 1 });
  });

  it('an unanswered ping makes it not responding, which later failures do not turn into degraded; an answer clears it', () => {
    const tracker = new HealthTracker();
    tracker.failed(timedOut, 500, true);
    expect(tracker.pingUnanswered(1_000, 10_000, 'ping')).toBe(true);
    expect(tracker.health).toEqual({ condition: 'not-responding', since: 1_000, probe: 'ping', pingTimeoutMs: 10_000 });
    expect(tracker.failed(timedOut, 2_000, true)).toBe(false);
    expect(tracker.pingUnanswered(3_000, 10_000, 'ping')).toBe(false);
    expect(tracker.health).toMatchObject({ condition: 'not-responding', since: 1_000 });
    tracker.answered();
    expect(tracker.health).toBeUndefined();
  });
});

describe('ConnectionPinger', () => {
  it('pings every interval after the last one settled, one at a time, reports one that outlives its timeout, and stops', async () => {
    const clock = new FakeClock();
    const unanswered: number[] = [];
    const pinger = new ConnectionPinger(clock, 1_000, 500, (sentAt) => unanswered.push(sentAt));
    const sent: AbortSignal[] = [];
    let answer = true;
    pinger.start((signal) => {
      sent.push(signal);
      return answer ? Promise.resolve() : new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    });
    await clock.advance(999);
    expect(sent).toHaveLength(0);
    await clock.advance(1);
    expect(sent).toHaveLength(1);
    answer = false;
    await clock.advance(1_000);
    expect(sent).toHaveLength(2);
    await clock.advance(499);
    expect(unanswered).toEqual([]);
    await clock.advance(1);
    expect(unanswered).toEqual([clock.now() - 500]);
    expect(sent[1]!.aborted).toBe(true);
    pinger.stop();
    await clock.advance(10_000);
    expect(sent).toHaveLength(2);
    expect(clock.pendingTimers).toBe(0);
  });
});
