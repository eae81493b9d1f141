/** Keyboard movement between windowed rows: the target row may not be rendered yet. */
import { useLayoutEffect, useState, type KeyboardEvent, type RefObject } from 'react';

/** Rows jumped by Page Up / Page Down. */
const PAGE_ROWS = 8;

/** The row index a key moves to from `current`, or undefined for other keys. */
export function targetRow(key: string, current: number, count: number): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, current + 1);
    case 'ArrowUp':
      return Math.max(0, current - 1);
    case 'PageDown':
      return Math.min(last, current + PAGE_ROWS);
    case 'PageUp':
      return Math.max(0, current - PAGE_ROWS);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}

/** The list's keyboard: its keydown handler, and a move to any row (for shortcuts from outside). */
export interface RowKeyboard {
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Scrolls row `index` into view, then focuses its button once it has rendered. */
  moveTo: (index: number) => void;
}

/**
 * Keyboard movement for the list: scrolls the target row into view, then focuses its button
 * once it has rendered.
 */
export function useRowKeyboard(scrollToIndex: (index: number) => void, count: number, listRef: RefObject<HTMLDivElement | null>): RowKeyboard {
  const [pendingFocus, setPendingFocus] = useState<number | undefined>(undefined);

  useLayoutEffect(() => {
    if (pendingFocus === undefined) return;
    const button = listRef.current?.querySelector<HTMLButtonElement>(`[data-index="${pendingFocus}"] button`);
    if (button === null || button === undefined) return;
    button.focus();
    setPendingFocus(undefined);
  });

  const moveTo = (index: number) => {
    scrollToIndex(index);
    setPendingFocus(index);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const current = Number(row?.dataset.index);
    if (row === null || !Number.isInteger(current)) return;
    const next = targetRow(event.key, current, count);
    if (next === undefined || next === current) return;
    event.preventDefault();
    moveTo(next);
  };
  return { onKeyDown, moveTo };
}
