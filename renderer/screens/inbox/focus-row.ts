/** Where focus goes when the open task closes: its row in the list, else the inbox heading. */

/** The id of the inbox's heading (the screen's `aria-labelledby`). */
export const INBOX_TITLE_ID = 'inbox-title';

/** The button of `taskId`'s row, if the list has rendered it (only rows in view exist). */
export function taskRowButton(taskId: string): HTMLButtonElement | null {
  // Compared, not put in a selector: an id is any string (jsdom lacks `CSS.escape`).
  const row = [...document.querySelectorAll<HTMLElement>('[data-testid="task-row"]')].find((candidate) => candidate.dataset.taskId === taskId);
  return row?.querySelector('button') ?? null;
}

/**
 * Focuses the row of `taskId` if it is rendered (the list is virtualized), else the inbox
 * heading. Runs on the next frame, after the list has rendered its rows and any screen's own
 * heading took focus on mount. Returns the cancel (for an effect's cleanup).
 */
export function focusTaskRowSoon(taskId: string): () => void {
  const frame = requestAnimationFrame(() => {
    (taskRowButton(taskId) ?? document.getElementById(INBOX_TITLE_ID))?.focus();
  });
  return () => cancelAnimationFrame(frame);
}
