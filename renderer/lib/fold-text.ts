/**
 * Where a long text is cut while it is folded: after a few lines or a few hundred characters,
 * whichever comes first, so a server's 4,000-character status message takes a few lines until the
 * user asks for all of it.
 */

/** Lines a folded text shows. */
export const FOLD_MAX_LINES = 6;
/** Characters a folded text shows. */
export const FOLD_MAX_CHARS = 600;

/** A text as it shows folded. */
export interface FoldedView {
  /** What shows while folded: all of it when nothing needs folding. */
  head: string;
  /** True when `head` is not all of the text (a "Show all" is offered). */
  isFolded: boolean;
  /** "Show all (12 lines)", or "(4,000 characters)" for one long line: what unfolding gives. */
  showAllLabel: string;
}

/** How `text` shows folded, cut at `maxLines` lines or `maxChars` characters, whichever comes first. */
export function foldText(text: string, maxLines = FOLD_MAX_LINES, maxChars = FOLD_MAX_CHARS): FoldedView {
  const lines = text.split('\n');
  const byLines = lines.length > maxLines ? lines.slice(0, maxLines).join('\n') : text;
  // Code points, not UTF-16 units: a cut never splits a character in two.
  const characters = [...byLines];
  const head = (characters.length > maxChars ? characters.slice(0, maxChars).join('') : byLines).trimEnd();
  const isFolded = head.length < text.trimEnd().length;
  const showAllLabel = lines.length > 1 ? `Show all (${lines.length.toLocaleString('en-US')} lines)` : `Show all (${[...text].length.toLocaleString('en-US')} characters)`;
  return { head, isFolded, showAllLabel };
}
