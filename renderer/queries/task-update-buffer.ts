/**
 * Collects pushed task summaries and hands them over at most once per animation frame, so a
 * burst of 1,000 updates a second costs one cache write and one render per frame, not one per
 * update. Only the newest summary per task is kept.
 */
import type { TaskSummary } from '../../shared/ipc/contract';

export interface TaskUpdateBuffer {
  /** Adds summaries; the flush runs on the next frame. */
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

/** The browser's `requestAnimationFrame`. */
const animationFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/** A buffer that calls `flush` with the newest summary of each task once per frame. */
export function createTaskUpdateBuffer(flush: (tasks: TaskSummary[]) => void, frames: FrameScheduler = animationFrames): TaskUpdateBuffer {
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
