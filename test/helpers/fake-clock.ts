/** A manual clock for engine unit tests: time moves only when the test advances it. */
import type { Clock, TimerHandle } from '../../electron/engine/ports.js';

interface Timer {
  due: number;
  callback: () => void;
  cancelled: boolean;
}

/** A `Clock` whose timers fire during `advance`, in due order. */
export class FakeClock implements Clock {
  private time = 0;
  private readonly timers = new Set<Timer>();

  constructor(private readonly wallStart = Date.UTC(2026, 10, 30, 9, 0, 0)) {}

  now(): number {
    return this.wallStart + this.time;
  }

  monotonic(): number {
    return this.time;
  }

  setTimer(delayMs: number, callback: () => void): TimerHandle {
    const timer: Timer = { due: this.time + Math.max(0, delayMs), callback, cancelled: false };
    this.timers.add(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
        this.timers.delete(timer);
      },
    };
  }

  /** Timers not yet fired or cancelled. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, firing due timers in order (and letting promises settle between). */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.timers].filter((timer) => timer.due <= end).sort((a, b) => a.due - b.due)[0];
      if (next === undefined) break;
      this.timers.delete(next);
      this.time = Math.max(this.time, next.due);
      next.callback();
      await flushPromises();
    }
    this.time = end;
    await flushPromises();
  }
}

/** Lets pending promise callbacks run. */
export async function flushPromises(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
