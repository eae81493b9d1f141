/** The width of the inbox's list pane, as a share of the layout, kept across sessions. */
import { useCallback, useState } from 'react';

/** The narrowest and widest list, in percent of the layout's width. */
export const LIST_WIDTH_RANGE = { min: 20, max: 70, initial: 38 } as const;

const STORAGE_KEY = 'mtm.inbox.listWidth';

/** `value` within the range, whole percent. */
export function clampListWidth(value: number): number {
  return Math.round(Math.min(LIST_WIDTH_RANGE.max, Math.max(LIST_WIDTH_RANGE.min, value)));
}

function readStored(): number {
  // Storage may be unavailable (privacy settings) or hold anything: both mean the default.
  try {
    const stored = Number(window.localStorage.getItem(STORAGE_KEY));
    return stored > 0 ? clampListWidth(stored) : LIST_WIDTH_RANGE.initial;
  } catch {
    return LIST_WIDTH_RANGE.initial;
  }
}

/** The list's width in percent and a setter that clamps and remembers it. */
export function useListWidth(): [number, (percent: number) => void] {
  const [width, setWidth] = useState(readStored);
  const update = useCallback((percent: number) => {
    const next = clampListWidth(percent);
    setWidth(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // Not remembered; the width still applies for this session.
    }
  }, []);
  return [width, update];
}
