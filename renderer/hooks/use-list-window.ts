/**
 * Windowing for a fixed-geometry list (lib/list-window.ts): which items to render for the scroll
 * container's position and height, re-rendering only when that set changes, not on every
 * scrolled pixel. The container's `scrollTop` and `clientHeight` are read when it scrolls or
 * resizes (when the browser has just laid it out) and kept, never during a render: a read
 * there, after the rows changed, would force a layout of the page on every update.
 */
import { useCallback, useLayoutEffect, useReducer, useRef, useSyncExternalStore, type RefObject } from 'react';
import { itemStart, scrollTopToShow, totalSize, visibleRange, type ListLayout } from '../lib/list-window';

/** One item to render and where. */
export interface WindowItem {
  index: number;
  /** Its top edge in px from the list's top. */
  start: number;
}

/** What the list renders, and how it scrolls to an item. */
export interface ListWindow {
  items: WindowItem[];
  /** The list's full height in px (its canvas's height). */
  totalSize: number;
  /** Scrolls the least amount that shows item `index` whole (nothing when it is in view). */
  scrollToIndex: (index: number) => void;
}

const NO_RANGE = '0:-1';

/** What the window needs of its container (read only where layout is already clean). */
function readViewport(element: HTMLElement): { scrollTop: number; height: number } {
  return { scrollTop: element.scrollTop, height: element.clientHeight };
}

/** The window over `layout` inside the scroll container `scrollRef`. */
export function useListWindow(scrollRef: RefObject<HTMLElement | null>, layout: ListLayout, overscan: number): ListWindow {
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  /** The container's scroll position and height as last read; null until it is mounted. */
  const viewport = useRef<ReturnType<typeof readViewport> | null>(null);
  const rangeKey = useCallback(() => {
    if (viewport.current === null) return NO_RANGE;
    const { first, last } = visibleRange(layoutRef.current, viewport.current.scrollTop, viewport.current.height, overscan);
    return `${first}:${last}`;
  }, [overscan]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const element = scrollRef.current;
      if (element === null) return () => undefined;
      const read = () => {
        viewport.current = readViewport(element);
        onChange();
      };
      read();
      element.addEventListener('scroll', read, { passive: true });
      window.addEventListener('resize', read);
      const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(read);
      resizes?.observe(element);
      return () => {
        element.removeEventListener('scroll', read);
        window.removeEventListener('resize', read);
        resizes?.disconnect();
      };
    },
    [scrollRef],
  );
  // The key is a string, so a scroll within the same rows is no re-render.
  const key = useSyncExternalStore(subscribe, rangeKey, () => NO_RANGE);
  // The container exists only after the first commit: read it then and render its rows before
  // the first paint (the store's subscription starts only after that paint).
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element !== null) viewport.current = readViewport(element);
    rerender();
  }, [scrollRef]);

  const [first = 0, last = -1] = key.split(':').map(Number);
  const items: WindowItem[] = [];
  for (let index = first; index <= Math.min(last, layout.count - 1); index += 1) items.push({ index, start: itemStart(layout, index) });
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (element === null) return;
      const top = scrollTopToShow(layoutRef.current, index, element.scrollTop, element.clientHeight);
      if (top !== undefined) element.scrollTo({ top });
    },
    [scrollRef],
  );
  return { items, totalSize: totalSize(layout), scrollToIndex };
}
