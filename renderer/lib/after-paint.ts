/**
 * Work that must not delay the frame the page is about to paint: it runs after that frame, in
 * the page's first idle period (or after `timeoutMs`, so a page that is never idle still runs
 * it). Without animation frames or idle callbacks (tests in Node), it runs in a later task.
 */

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
