/** A screen's main heading; it takes focus when the screen opens, so keyboard and screen-reader users land on it. */
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a screen (`id` for the screen's `aria-labelledby`): an `<h1>`, or an `<h2>`
 * (`level={2}`) for a screen shown as a pane beside another.
 */
export function ScreenHeading({ id, level = 1, children }: { id: string; level?: 1 | 2; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading ref={ref} id={id} tabIndex={-1} className="screen__title">
      {children}
    </Heading>
  );
}
