/**
 * The words of a desktop notification, built from untrusted strings (a server's tool name, status
 * message and error text; the user's own server name). A notification is plain text, but it is
 * drawn by the OS outside the app's control, so every piece is made safe here:
 * - control characters (C0, C1, line breaks) become spaces and runs of white space collapse, so
 *   a server cannot fake extra lines or a second notification inside one;
 * - bidi overrides and isolates and zero-width characters are removed, so text cannot be made to
 *   read backwards or hide a word (the same concern as docs/security.md#untrusted-text for the UI);
 * - every piece is capped, then the whole title and body are capped again.
 * Markup escaping is separate (`escapeNotificationMarkup`): only the OSes that interpret markup
 * in a body need it, and escaping elsewhere would show `&amp;` literally.
 */

/** Longest title the OS is given (most daemons show one line of ~50–80 characters anyway). */
export const MAX_TITLE_LENGTH = 120;
/** Longest body the OS is given. */
export const MAX_BODY_LENGTH = 300;
/** Longest tool or server name inside a title. */
const MAX_NAME_LENGTH = 60;
/** Longest status or error message inside a body. */
const MAX_MESSAGE_LENGTH = 200;

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** Bidi marks, embeddings, overrides and isolates (incl. the Arabic letter mark), zero-width characters and BOM. */
const INVISIBLES = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * One line of plain text: controls → spaces, invisible and bidi characters removed, white space
 * collapsed and trimmed, at most `max` characters (an ellipsis marks a cut; never a split
 * surrogate pair).
 */
export function plainLine(text: string, max: number): string {
  const clean = text.replace(CONTROLS, ' ').replace(INVISIBLES, '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  return chars.length <= max ? clean : `${chars.slice(0, Math.max(0, max - 1)).join('').trimEnd()}…`;
}

/**
 * Escapes `&`, `<` and `>` for notification daemons that read a markup subset in the body
 * (the freedesktop notification spec's `body-markup`: most Linux daemons). Without it a server
 * could make its text bold, hide part of it inside a tag, or add a link. Use it only where the OS
 * interprets markup (Electron on Linux): macOS and Windows show the body literally.
 */
export function escapeNotificationMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** What ended a task, in the words a notification uses; see `notificationWords`. */
export type NotifiedOutcome =
  | { kind: 'input' }
  | { kind: 'completed' }
  | { kind: 'failed'; how: 'failed' | 'tool-error' | 'server-cancelled' | 'lost' | 'expired' | 'outcome-unknown' | 'refused' | 'interrupted' };

/** The untrusted facts a notification is worded from. */
export interface NotificationFacts {
  /** The user's name for the server (the configured name). */
  serverName: string;
  /** The tool of the task or call; absent for a question the server asked outside any call. */
  toolName?: string;
  /** The task's latest status message, if any (server text). */
  statusMessage?: string | undefined;
  /** The error of a failed task (server text), or the app's last error talking about it. */
  errorMessage?: string | undefined;
}

const FAILED_TITLES: Record<Extract<NotifiedOutcome, { kind: 'failed' }>['how'], string> = {
  'failed': 'failed',
  'tool-error': 'completed with a tool error',
  'server-cancelled': 'was cancelled by the server',
  'lost': 'was lost: the server no longer knows it',
  'expired': 'expired on the server',
  'outcome-unknown': 'got no answer; its outcome is unknown',
  'refused': 'was refused by the server',
  'interrupted': 'was interrupted; its answer could not be received',
};

/** Title and body (plain text, safe as described in the module comment) for one task's notification. */
export function notificationWords(outcome: NotifiedOutcome, facts: NotificationFacts): { title: string; body: string } {
  const tool = plainLine(facts.toolName ?? '', MAX_NAME_LENGTH) || 'A tool';
  const server = plainLine(facts.serverName, MAX_NAME_LENGTH) || 'A server';
  const detail = (outcome.kind === 'failed' ? facts.errorMessage ?? facts.statusMessage : facts.statusMessage) ?? '';
  const message = plainLine(detail, MAX_MESSAGE_LENGTH);
  let title: string;
  let fallback: string;
  switch (outcome.kind) {
    case 'input':
      title = facts.toolName === undefined ? `${server} asks for your input` : `${tool} needs your input`;
      fallback = 'is waiting for your answer.';
      break;
    case 'completed':
      title = `${tool} completed`;
      fallback = 'finished the task.';
      break;
    case 'failed':
      title = `${tool} ${FAILED_TITLES[outcome.how]}`;
      fallback = 'reported no details.';
      break;
  }
  return {
    title: plainLine(title, MAX_TITLE_LENGTH),
    body: plainLine(message === '' ? `${server} ${fallback}` : `${server}: ${message}`, MAX_BODY_LENGTH),
  };
}

/** The words of one notification standing for several (a burst, or what waited while paused). */
export function summaryWords(counts: { input: number; completed: number; failed: number }): { title: string; body: string } {
  const total = counts.input + counts.completed + counts.failed;
  const parts = [
    counts.input > 0 ? `${counts.input} ${counts.input === 1 ? 'waits' : 'wait'} for your input` : '',
    counts.completed > 0 ? `${counts.completed} completed` : '',
    counts.failed > 0 ? `${counts.failed} failed or ended` : '',
  ].filter((part) => part !== '');
  return { title: `${total} tasks need your attention`, body: `${parts.join(', ')}.` };
}

/** The tray's words for the number of tasks waiting for input. */
export function waitingWords(count: number): string {
  if (count === 0) return 'No task waits for your input';
  return count === 1 ? '1 task waits for your input' : `${count} tasks wait for your input`;
}
