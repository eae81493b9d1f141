/**
 * The app's keyboard shortcuts: which key does what, and the list the help dialog shows. One
 * table, so the handler and the help can never disagree. Keys never act while the user types.
 */

/** What a shortcut asks for. */
export type KeyCommand = 'next' | 'previous' | 'back' | 'search' | 'cancel' | 'help';

/** The part of a keyboard event the map reads. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

const COMMANDS: Readonly<Record<string, KeyCommand>> = {
  j: 'next',
  k: 'previous',
  Escape: 'back',
  '/': 'search',
  c: 'cancel',
  '?': 'help',
};

/** The keys as the help dialog lists them, in its order (list keys included). */
export const KEY_HELP: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['j', '↓'], does: 'Next task in the list' },
  { keys: ['k', '↑'], does: 'Previous task in the list' },
  { keys: ['Home', 'End'], does: 'First or last task' },
  { keys: ['Enter'], does: 'Open the focused task' },
  { keys: ['Esc'], does: 'Close the task, the dialog or the screen; back to the inbox' },
  { keys: ['/'], does: 'Search the inbox' },
  { keys: ['c'], does: 'Cancel the focused or open task (asks first)' },
  { keys: ['?'], does: 'Show these keys' },
];

/** Whether `target` takes typed text (or a choice), so letters typed there must not act. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/**
 * The command `press` gives, or undefined: for unmapped keys, with Ctrl/Cmd/Alt held (those
 * belong to the browser and the OS), and while typing in a field.
 */
export function commandForKey(press: KeyPress): KeyCommand | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey) return undefined;
  if (!Object.hasOwn(COMMANDS, press.key)) return undefined;
  if (isTypingTarget(press.target)) return undefined;
  return COMMANDS[press.key];
}
