/** A value that follows its input at most once per interval: a chatty server costs a few renders a second, not one per update. */
import { useEffect, useRef, useState } from 'react';

/**
 * `value`, changed at most once per `intervalMs`: the first change shows at once, later ones
 * within the interval wait for its end and only the newest is shown (trailing edge, so the last
 * value is never lost).
 */
export function useThrottledValue<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const lastShownAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = lastShownAt.current + intervalMs - Date.now();
    if (wait <= 0) {
      lastShownAt.current = Date.now();
      setShown(value);
      return;
    }
    const timer = setTimeout(() => {
      lastShownAt.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, shown, intervalMs]);
  return shown;
}
