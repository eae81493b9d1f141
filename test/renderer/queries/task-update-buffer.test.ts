// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createTaskUpdateBuffer, FLUSH_INTERVAL_MS, type FrameScheduler } from '../../../renderer/queries/task-update-buffer';
import { makeTask } from '../factories';

/** Frames that run only when the test says so. */
function manualFrames() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  const frames: FrameScheduler = {
    request: (callback) => {
      callbacks.set(next, callback);
      return next++;
    },
    cancel: (handle) => callbacks.delete(handle),
  };
  return {
    frames,
    pending: () => callbacks.size,
    runFrame: () => {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
  };
}

describe('createTaskUpdateBuffer', () => {
  it('flushes a burst once per frame, with the newest summary of each task', () => {
    const clock = manualFrames();
    const flush = vi.fn();
    const buffer = createTaskUpdateBuffer(flush, clock.frames);
    for (let i = 0; i < 1_000; i += 1) buffer.push([makeTask({ id: `t${i % 10}`, updatedAt: i })]);
    expect(clock.pending()).toBe(1);
    expect(flush).not.toHaveBeenCalled();
    clock.runFrame();
    expect(flush).toHaveBeenCalledTimes(1);
    const flushed = flush.mock.calls[0]![0] as ReturnType<typeof makeTask>[];
    expect(flushed).toHaveLength(10);
    expect(flushed.find((task) => task.id === 't3')!.updatedAt).toBe(993);
  });

  it('keeps the newer summary when an older one arrives later', () => {
    const clock = manualFrames();
    const flush = vi.fn();
    const buffer = createTaskUpdateBuffer(flush, clock.frames);
    buffer.push([makeTask({ id: 'a', updatedAt: 5, toolName: 'new' })]);
    buffer.push([makeTask({ id: 'a', updatedAt: 4, toolName: 'old' })]);
    clock.runFrame();
    expect(flush).toHaveBeenCalledWith([expect.objectContaining({ toolName: 'new' })]);
  });

  it('schedules a new frame after a flush, and none when idle', () => {
    const clock = manualFrames();
    const flush = vi.fn();
    const buffer = createTaskUpdateBuffer(flush, clock.frames);
    buffer.push([makeTask()]);
    clock.runFrame();
    expect(clock.pending()).toBe(0);
    buffer.push([makeTask({ updatedAt: 9_999_999_999_999 })]);
    expect(clock.pending()).toBe(1);
    clock.runFrame();
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('drops buffered summaries of removed tasks', () => {
    const clock = manualFrames();
    const flush = vi.fn();
    const buffer = createTaskUpdateBuffer(flush, clock.frames);
    buffer.push([makeTask({ id: 'a' }), makeTask({ id: 'b' })]);
    buffer.drop(['a']);
    clock.runFrame();
    expect(flush).toHaveBeenCalledWith([expect.objectContaining({ id: 'b' })]);
  });

  it('dispose cancels the pending frame', () => {
    const clock = manualFrames();
    const flush = vi.fn();
    const buffer = createTaskUpdateBuffer(flush, clock.frames);
    buffer.push([makeTask()]);
    buffer.dispose();
    expect(clock.pending()).toBe(0);
    clock.runFrame();
    expect(flush).not.toHaveBeenCalled();
  });
});

describe('the default pace', () => {
  it('writes once per flush interval, on a frame, however many updates arrive in it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const flushes: number[] = [];
      const buffer = createTaskUpdateBuffer((tasks) => flushes.push(tasks.length));
      for (let i = 0; i < 50; i += 1) buffer.push([makeTask({ id: `t${i % 10}`, updatedAt: i })]);
      vi.advanceTimersByTime(FLUSH_INTERVAL_MS - 1);
      expect(flushes).toEqual([]);
      vi.advanceTimersByTime(1 + 20);
      expect(flushes).toEqual([10]);
      buffer.push([makeTask({ id: 'late' })]);
      buffer.dispose();
      vi.advanceTimersByTime(FLUSH_INTERVAL_MS + 20);
      expect(flushes).toEqual([10]);
    } finally {
      vi.useRealTimers();
    }
  });
});
