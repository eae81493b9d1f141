/**
 * When a result's text is shown as markdown, and which link addresses in it survive.
 *
 * Markdown when the server says so (a resource whose `mimeType` is `text/markdown` or
 * `text/x-markdown`), or when the text clearly is markdown. "Clearly" is deliberately
 * conservative, because plain text shown as markdown loses characters (`*`, `_`, line breaks):
 * the text starts with an ATX heading (`# Title`), or it has a fenced code block that is closed,
 * or it shows at least two different markdown constructs (headings, a list of two or more
 * items, `[text](address)` links, `**bold**`, a table's `|---|` rule). Texts over
 * `MAX_MARKDOWN_CHARS` stay plain text: parsing them would cost more than it gives.
 */

/** Longer texts are never rendered as markdown. */
export const MAX_MARKDOWN_CHARS = 50_000;

const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);

const LEADING_HEADING = /^\s*#{1,6} \S/;
const FENCE_PAIR = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1\s*$/m;
const CONSTRUCTS: readonly RegExp[] = [
  /^ {0,3}#{1,6} \S/m,
  /^ {0,3}(?:[-*+]|\d{1,3}[.)]) \S[^\n]*\n {0,3}(?:[-*+]|\d{1,3}[.)]) \S/m,
  /\[[^\]\n]+\]\([^)\s]+\)/,
  /\*\*[^*\n]+\*\*/,
  /^ {0,3}\|?\s*:?-{3,}:?\s*\|/m,
];

/** True when `mimeType` (parameters such as `; charset=utf-8` ignored) names markdown. */
export function isMarkdownType(mimeType: string | undefined): boolean {
  return mimeType !== undefined && MARKDOWN_TYPES.has(mimeType.split(';')[0]!.trim().toLowerCase());
}

/** True when the text clearly is markdown by the rules above (the server's type aside). */
export function looksLikeMarkdown(text: string): boolean {
  if (text.length > MAX_MARKDOWN_CHARS) return false;
  if (LEADING_HEADING.test(text) || FENCE_PAIR.test(text)) return true;
  return CONSTRUCTS.filter((construct) => construct.test(text)).length >= 2;
}

/** Whether a result text is shown as markdown: the server's type first, then the text itself. */
export function isMarkdownText(text: string, mimeType?: string): boolean {
  return text.length <= MAX_MARKDOWN_CHARS && (isMarkdownType(mimeType) || looksLikeMarkdown(text));
}

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The address a markdown link may keep: absolute `http:`, `https:` or `mailto:` only, as the URL
 * parser writes it; undefined for anything else (relative, `javascript:`, `data:`, `file:`, …),
 * which is then shown as plain text.
 */
export function safeLinkAddress(address: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(address);
  } catch {
    return undefined;
  }
  return LINK_SCHEMES.has(parsed.protocol) ? parsed.href : undefined;
}
