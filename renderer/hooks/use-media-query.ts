/** Whether a CSS media query matches, following changes (a resized window). */
import { useCallback, useSyncExternalStore } from 'react';

/**
 * True while `query` matches. Where the page has no `matchMedia` (jsdom), false: callers pick
 * the query so that false is the layout that works at any width.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
}
