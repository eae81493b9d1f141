/** A screen's main heading; it takes focus when the screen opens, so keyboard and screen-reader users land on it. */
import { useEffect, useRef, type ReactNode } from 'react';

/** The `<h1>` of a screen (`id` for the screen's `aria-labelledby`). */
export function ScreenHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="screen__title">
      {children}
    </h1>
  );
}
