/**
 * One due-time queue for every task of every server: a binary min-heap of due times and a
 * single timer armed for the earliest one — never a loop or timer per task
 * (docs/architecture.md#watching-tasks-and-the-scheduler). Jobs are grouped (by server) and at most
 * `maxInFlightPerGroup` run at once per group; due jobs beyond that wait in the group's FIFO until
 * a slot frees.
 */
import type { Clock, TimerHandle } from '../ports.js';

interface HeapEntry {
  due: number;
  key: string;
  /** Matches `scheduled.get(key)` while this entry is current; older entries are skipped. */
  seq: number;
}

/** What the scheduler needs from its owner. */
export interface PollSchedulerOptions {
  clock: Clock;
  maxInFlightPerGroup: number;
  /** The group a key belongs to (the server of a task). */
  groupOf(key: string): string;
  /** Runs the job for `key`; the slot is held until the promise settles. Must not reject. */
  run(key: string): Promise<void>;
}

/** The due-time queue. All times are the clock's monotonic ms. */
export class PollScheduler {
  private readonly heap: HeapEntry[] = [];
  private readonly scheduled = new Map<string, number>();
  private readonly waiting = new Map<string, HeapEntry[]>();
  private readonly inFlight = new Map<string, number>();
  private timer: TimerHandle | undefined;
  private armedFor = Infinity;
  private nextSeq = 0;
  private disposed = false;

  constructor(private readonly options: PollSchedulerOptions) {}

  /** Schedules (or reschedules) `key` to run after `delayMs`. */
  schedule(key: string, delayMs: number): void {
    if (this.disposed) return;
    const due = this.options.clock.monotonic() + Math.max(0, delayMs);
    const seq = this.nextSeq++;
    this.scheduled.set(key, seq);
    this.push({ due, key, seq });
    if (due < this.armedFor) this.arm(due);
  }

  /** Drops `key` from the queue (a run already under way finishes). */
  unschedule(key: string): void {
    this.scheduled.delete(key);
  }

  /** True when `key` is queued or waiting for a slot. */
  isScheduled(key: string): boolean {
    return this.scheduled.has(key);
  }

  /** Number of keys queued or waiting. */
  get size(): number {
    return this.scheduled.size;
  }

  /** Stops the timer and forgets every job. */
  dispose(): void {
    this.disposed = true;
    this.timer?.cancel();
    this.timer = undefined;
    this.heap.length = 0;
    this.scheduled.clear();
    this.waiting.clear();
  }

  private arm(due: number): void {
    this.timer?.cancel();
    this.armedFor = due;
    const delay = Math.max(0, due - this.options.clock.monotonic());
    this.timer = this.options.clock.setTimer(delay, () => this.fire());
  }

  private fire(): void {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = this.options.clock.monotonic();
    while (this.heap.length > 0 && this.heap[0]!.due <= now) {
      const entry = this.pop();
      if (this.scheduled.get(entry.key) !== entry.seq) continue;
      this.startOrWait(entry);
    }
    this.rearm();
  }

  private rearm(): void {
    // Skip stale heads so the timer is armed for a live job.
    while (this.heap.length > 0 && this.scheduled.get(this.heap[0]!.key) !== this.heap[0]!.seq) this.pop();
    if (this.heap.length > 0 && !this.disposed) this.arm(this.heap[0]!.due);
  }

  private startOrWait(entry: HeapEntry): void {
    const group = this.options.groupOf(entry.key);
    const running = this.inFlight.get(group) ?? 0;
    if (running < this.options.maxInFlightPerGroup) {
      this.start(entry.key, group, running);
      return;
    }
    const queue = this.waiting.get(group);
    if (queue === undefined) this.waiting.set(group, [entry]);
    else queue.push(entry);
  }

  private start(key: string, group: string, running: number): void {
    this.scheduled.delete(key);
    this.inFlight.set(group, running + 1);
    void this.options.run(key).finally(() => this.release(group));
  }

  private release(group: string): void {
    const running = (this.inFlight.get(group) ?? 1) - 1;
    if (running === 0) this.inFlight.delete(group);
    else this.inFlight.set(group, running);
    if (this.disposed) return;
    const queue = this.waiting.get(group);
    while (queue !== undefined && queue.length > 0) {
      const entry = queue.shift()!;
      // Skip jobs unscheduled or rescheduled (for later) while they waited.
      if (this.scheduled.get(entry.key) !== entry.seq) continue;
      this.start(entry.key, group, running);
      break;
    }
    if (queue !== undefined && queue.length === 0) this.waiting.delete(group);
  }

  private push(entry: HeapEntry): void {
    const heap = this.heap;
    heap.push(entry);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!earlier(entry, heap[parent]!)) break;
      heap[index] = heap[parent]!;
      index = parent;
    }
    heap[index] = entry;
  }

  private pop(): HeapEntry {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child = right < heap.length && earlier(heap[right]!, heap[left]!) ? right : left;
        if (!earlier(heap[child]!, last)) break;
        heap[index] = heap[child]!;
        index = child;
      }
      heap[index] = last;
    }
    return top;
  }
}

/** Heap order: due time, then scheduling order (equal due times run first-come first-served). */
function earlier(a: HeapEntry, b: HeapEntry): boolean {
  return a.due < b.due || (a.due === b.due && a.seq < b.seq);
}
