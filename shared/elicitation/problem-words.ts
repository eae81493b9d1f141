/** Wording shared by the schema check's problems: counts and lists of quoted server strings. */
import { quote } from '../quoted-text.js';

/** "1 option", "3 options". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Up to five quoted server strings, then "and N more". */
export function list(items: readonly string[]): string {
  const shown = items.slice(0, 5).map((item) => quote(item)).join(', ');
  return items.length > 5 ? `${shown} and ${items.length - 5} more` : shown;
}
