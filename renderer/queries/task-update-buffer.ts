/**
 * Collects pushed task summaries and hands them over at most once per flush interval, on an
 * animation frame, so a burst of 1,000 updates a second costs ten cache writes and renders a
 * second, not one per update nor one per frame (each write regroups the whole list, so at 60
 * writes a second the list's upkeep alone kept the main thread busy). A row shows a task's
 * change at most every 100 ms anyway. Only the newest summary per task is kept.
 */
import type { TaskSummary } from '../../shared/ipc/contract';

export interface TaskUpdateBuffer {
  /** Adds summaries; the flush runs on the first frame after the flush interval. */
  push: (tasks: readonly TaskSummary[]) => void;
  /** Forgets buffered summaries of tasks that were removed, so a flush cannot bring them back. */
  drop: (ids: readonly string[]) => void;
  /** Cancels a pending flush and drops what is buffered. */
  dispose: () => void;
}

/** Frame scheduling, injectable for tests. */
export interface FrameScheduler {
  request: (callback: () => void) => number;
  cancel: (handle: number) => void;
}

/** How long pushed updates gather before they are written (the rows' own update pace). */
export const FLUSH_INTERVAL_MS = 100;

/** The first animation frame once `FLUSH_INTERVAL_MS` has passed. */
function afterFlushInterval(): FrameScheduler {
  const pending = new Map<number, { timer: ReturnType<typeof setTimeout>; frame?: number }>();
  let next = 0;
  return {
    request: (callback) => {
      const handle = (next += 1);
      const timer = setTimeout(() => {
        const entry = pending.get(handle);
        if (entry === undefined) return;
        entry.frame = requestAnimationFrame(() => {
          pending.delete(handle);
          callback();
        });
      }, FLUSH_INTERVAL_MS);
      pending.set(handle, { timer });
      return handle;
    },
    cancel: (handle) => {
      const entry = pending.get(handle);
      if (entry === undefined) return;
      clearTimeout(entry.timer);
      if (entry.frame !== undefined) cancelAnimationFrame(entry.frame);
      pending.delete(handle);
    },
  };
}

/** A buffer that calls `flush` with the newest summary of each task at most once per flush interval. */
export function createTaskUpdateBuffer(flush: (tasks: TaskSummary[]) => void, frames: FrameScheduler = afterFlushInterval()): TaskUpdateBuffer {
  let buffered = new Map<string, TaskSummary>();
  let frame: number | undefined;

  const run = () => {
    frame = undefined;
    const tasks = [...buffered.values()];
    buffered = new Map();
    if (tasks.length > 0) flush(tasks);
  };

  return {
    push(tasks) {
      for (const task of tasks) {
        const seen = buffered.get(task.id);
        if (seen === undefined || task.updatedAt >= seen.updatedAt) buffered.set(task.id, task);
      }
      frame ??= frames.request(run);
    },
    drop(ids) {
      for (const id of ids) buffered.delete(id);
    },
    dispose() {
      if (frame !== undefined) frames.cancel(frame);
      frame = undefined;
      buffered = new Map();
    },
  };
}
