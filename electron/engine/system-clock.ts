/** The real clock for hosts: wall time, `performance.now()` and unref'd timers. */
import type { Clock } from './ports.js';

/** A `Clock` on the process's own time; its timers never keep the process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimer(delayMs, callback) {
    const handle = setTimeout(callback, delayMs);
    handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
};
