/** Height of one inbox row in px: fixed, so the virtualizer never measures (inbox.css fits the content to it). */
export const TASK_ROW_HEIGHT = 64;
