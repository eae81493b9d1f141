import { EVENT_INTERVAL_MS } from '../../../shared/ipc/contract-values';

/** Height of one inbox row in px: fixed, so the list window never measures (inbox.css fits the content to it). */
export const TASK_ROW_HEIGHT = 64;
/** Height of a group's header row in px (fixed for the same reason). */
export const TASK_GROUP_HEADER_HEIGHT = 40;
/**
 * Least time between two renders of a row's content (at most ~10 a second per row): the pace at
 * which pushed updates reach the list, so a row never renders more often than the list changes.
 */
export const ROW_UPDATE_MS = EVENT_INTERVAL_MS;
