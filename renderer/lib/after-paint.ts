/**
 * Work that must not delay the frame the page is about to paint: it runs after that frame, in
 * the page's first idle period (or after `timeoutMs`, so a page that is never idle still runs
 * it), or as soon as the frame is out. Without animation frames or idle callbacks (tests in
 * Node), it runs in a later task.
 */

/**
 * Resolves in a task after the page's next frame, or after `timeoutMs` if no frame comes first
 * (a hidden page paints none).
 */
export function afterNextPaint(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const timer = setTimeout(resolve, timeoutMs);
    // An animation frame's callbacks run before its paint; a task posted from one runs after it.
    requestAnimationFrame(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });
}

/** Schedules `run` after the next paint, when idle; returns a function that cancels it if it has not started. */
export function afterPaintWhenIdle(run: () => void, timeoutMs: number): () => void {
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(run, { timeout: timeoutMs });
      cancelIdle = () => cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(run, 0);
      cancelIdle = () => clearTimeout(timer);
    }
  };
  if (typeof requestAnimationFrame !== 'function') {
    whenIdle();
    return () => cancelIdle();
  }
  const frame = requestAnimationFrame(whenIdle);
  return () => {
    cancelAnimationFrame(frame);
    cancelIdle();
  };
}
