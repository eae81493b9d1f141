/**
 * A `TaskStore` decorator that times every `save`. The engine's store appends the changed tasks
 * to its journal with async I/O and waits for the fsync, so a save's duration is mostly waiting,
 * not blocking; the event loop is blocked only while the lines are serialized and during a
 * compaction (a synchronous snapshot write, queued after the save that triggered it: a save
 * queued behind one includes it). Time the loop could not poll shows as loop delay.
 */
import type { TaskStore, TaskStoreLoad } from '../../electron/engine/index.js';
import type { TaskStoreChanges } from '../../electron/engine/ports.js';

/** Counts and durations of the saves since the last `resetTimings()`. */
export interface SaveTimings {
  saves: number;
  totalMs: number;
  maxMs: number;
}

/** Passes `load`/`save` through to `inner`, timing each save. */
export class TimedTaskStore implements TaskStore {
  private timings: SaveTimings = { saves: 0, totalMs: 0, maxMs: 0 };

  constructor(private readonly inner: TaskStore) {}

  load(): Promise<TaskStoreLoad> {
    return this.inner.load();
  }

  async save(changes: TaskStoreChanges): Promise<void> {
    const started = performance.now();
    try {
      await this.inner.save(changes);
    } finally {
      const elapsed = performance.now() - started;
      this.timings.saves += 1;
      this.timings.totalMs += elapsed;
      this.timings.maxMs = Math.max(this.timings.maxMs, elapsed);
    }
  }

  /** The timings so far. */
  get saveTimings(): SaveTimings {
    return { ...this.timings };
  }

  /** Starts counting afresh (at the start of the measured window). */
  resetTimings(): void {
    this.timings = { saves: 0, totalMs: 0, maxMs: 0 };
  }
}
