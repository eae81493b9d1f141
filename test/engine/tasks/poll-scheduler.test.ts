import { describe, expect, it } from 'vitest';
import { PollScheduler } from '../../../electron/engine/tasks/poll-scheduler.js';
import { FakeClock } from '../../helpers/fake-clock.js';

function setup(maxInFlight = 8, groupOf: (key: string) => string = () => 'server') {
  const clock = new FakeClock();
  const runs: { key: string; at: number }[] = [];
  const blockers = new Map<string, () => void>();
  let hold = false;
  const scheduler = new PollScheduler({
    clock,
    maxInFlightPerGroup: maxInFlight,
    groupOf,
    run: (key) => {
      runs.push({ key, at: clock.monotonic() });
      if (!hold) return Promise.resolve();
      return new Promise<void>((resolve) => blockers.set(key, resolve));
    },
  });
  return { clock, runs, scheduler, blockers, holdRuns: () => { hold = true; } };
}

describe('PollScheduler', () => {
  it('runs jobs at their due times, in due order, from a single timer', async () => {
    const { clock, runs, scheduler } = setup();
    scheduler.schedule('c', 300);
    scheduler.schedule('a', 100);
    scheduler.schedule('b', 200);
    expect(clock.pendingTimers).toBe(1);
    await clock.advance(1_000);
    expect(runs).toEqual([{ key: 'a', at: 100 }, { key: 'b', at: 200 }, { key: 'c', at: 300 }]);
    expect(scheduler.size).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('reschedule replaces the earlier due time; unschedule drops the job', async () => {
    const { clock, runs, scheduler } = setup();
    scheduler.schedule('a', 100);
    scheduler.schedule('a', 500);
    scheduler.schedule('b', 50);
    scheduler.unschedule('b');
    await clock.advance(1_000);
    expect(runs).toEqual([{ key: 'a', at: 500 }]);
  });

  it('caps jobs in flight per group and runs waiting ones as slots free', async () => {
    const { clock, runs, scheduler, blockers, holdRuns } = setup(2, (key) => key.split(':')[0]!);
    holdRuns();
    for (const key of ['s1:a', 's1:b', 's1:c', 's2:a']) scheduler.schedule(key, 10);
    await clock.advance(10);
    expect(runs.map((run) => run.key)).toEqual(['s1:a', 's1:b', 's2:a']);
    blockers.get('s1:a')!();
    await clock.advance(0);
    expect(runs.map((run) => run.key)).toEqual(['s1:a', 's1:b', 's2:a', 's1:c']);
  });

  it('a job unscheduled while waiting for a slot does not run', async () => {
    const { clock, runs, scheduler, blockers, holdRuns } = setup(1);
    holdRuns();
    scheduler.schedule('a', 10);
    scheduler.schedule('b', 10);
    await clock.advance(10);
    scheduler.unschedule('b');
    blockers.get('a')!();
    await clock.advance(10);
    expect(runs.map((run) => run.key)).toEqual(['a']);
  });

  it('dispose cancels the timer and forgets all jobs', async () => {
    const { clock, runs, scheduler } = setup();
    scheduler.schedule('a', 10);
    scheduler.dispose();
    expect(clock.pendingTimers).toBe(0);
    scheduler.schedule('b', 10);
    await clock.advance(100);
    expect(runs).toEqual([]);
  });
});
