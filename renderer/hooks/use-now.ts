/** The current time, refreshed on an interval: for elapsed times and countdowns. */
import { useEffect, useState } from 'react';

/** Wall-clock ms, re-rendering the caller every `intervalMs`. */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
