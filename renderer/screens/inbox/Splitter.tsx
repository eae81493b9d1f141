/**
 * The bar between the list and the detail: dragged with the pointer or moved with the arrow
 * keys (Home/End for the narrowest/widest list). An ARIA window splitter: its value is the
 * list's width in percent.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { LIST_WIDTH_RANGE } from './use-list-width';

/** Percent moved by one arrow key press. */
const KEY_STEP = 2;

export interface SplitterProps {
  /** The list's width in percent of the layout. */
  value: number;
  onChange: (percent: number) => void;
  /** The id of the pane the splitter resizes (the list). */
  controls: string;
}

/** The resize handle of the two-pane inbox. */
export function Splitter({ value, onChange, controls }: SplitterProps) {
  const ref = useRef<HTMLDivElement>(null);

  const widthAt = (clientX: number): number | undefined => {
    const layout = ref.current?.parentElement?.getBoundingClientRect();
    if (layout === undefined || layout.width === 0) return undefined;
    return ((clientX - layout.left) / layout.width) * 100;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    const percent = widthAt(event.clientX);
    if (percent !== undefined) onChange(percent);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = keyTarget(event.key, value);
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    <div
      ref={ref}
      role="separator"
      aria-orientation="vertical"
      aria-label="Width of the task list"
      aria-controls={controls}
      aria-valuenow={value}
      aria-valuemin={LIST_WIDTH_RANGE.min}
      aria-valuemax={LIST_WIDTH_RANGE.max}
      aria-valuetext={`${value} %`}
      tabIndex={0}
      className="splitter"
      data-testid="inbox-splitter"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
    />
  );
}

/** The width a key moves the splitter to, or undefined for other keys. */
export function keyTarget(key: string, value: number): number | undefined {
  switch (key) {
    case 'ArrowLeft':
      return value - KEY_STEP;
    case 'ArrowRight':
      return value + KEY_STEP;
    case 'Home':
      return LIST_WIDTH_RANGE.min;
    case 'End':
      return LIST_WIDTH_RANGE.max;
    default:
      return undefined;
  }
}
