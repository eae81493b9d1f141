/** Where focus goes when the open task closes: its row in the list, else the inbox heading. */

/** The id of the inbox's heading (the screen's `aria-labelledby`). */
export const INBOX_TITLE_ID = 'inbox-title';

/**
 * Focuses the row of `taskId` if it is rendered (the list is virtualized), else the inbox
 * heading. Runs on the next frame, after the list has rendered its rows and any screen's own
 * heading took focus on mount.
 */
export function focusTaskRowSoon(taskId: string): void {
  requestAnimationFrame(() => {
    const row = document.querySelector<HTMLElement>(`[data-testid="task-row"][data-task-id="${CSS.escape(taskId)}"] button`);
    (row ?? document.getElementById(INBOX_TITLE_ID))?.focus();
  });
}
