/** Height of one inbox row in px: fixed, so the virtualizer never measures (inbox.css fits the content to it). */
export const TASK_ROW_HEIGHT = 64;
/** Height of a group's header row in px (fixed for the same reason). */
export const TASK_GROUP_HEADER_HEIGHT = 40;
/** Least time between two renders of a row's content (at most ~10 a second per row). */
export const ROW_UPDATE_MS = 100;
