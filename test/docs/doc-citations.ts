/**
 * Checks the references between the repository's files and its documents in `docs/`:
 * - a citation `docs/<name>.md` or `docs/<name>.md#<anchor>` (in a comment, a config, any text),
 *   and a relative markdown link that lands on a `docs/*.md` file, must name a file of the
 *   repository and, with an anchor, one of that file's headings;
 * - a document that is not in the repository (`ARCHITECTURE.md`, `PROTOCOL.md`, `SECURITY.md`,
 *   `PEERS.md`, also as `SECURITY §4`) or a bare section number (`§3.2`, which names no document)
 *   must not be cited at all: a reader of a clone could not open it. Section numbers of RFCs
 *   (`RFC 8252 §7.3`) are public and allowed.
 * Pure: the caller passes the files' paths (relative to the repository root, `/`-separated) and texts.
 */
import { posix } from 'node:path';

/** One text file of the repository. */
export interface SourceFile {
  path: string;
  text: string;
}

/** A reference that does not resolve, as `file:line: why`. */
export interface CitationProblem {
  path: string;
  line: number;
  message: string;
}

/** Documents cited in the past that the repository does not hold. */
const ABSENT_DOCUMENT = /\b(ARCHITECTURE|PROTOCOL|SECURITY|PEERS)(?:\.md\b|(?:\/[A-Z]+)?\s*§)/g;
/** A section sign not preceded by an RFC's name. */
const BARE_SECTION = /(?<!RFC \d+ )§\s*\d/g;
/** `docs/<name>.md` with an optional anchor, not part of a longer path (`../docs/…` is a link, below). */
const DOCS_PATH = /(?<![\w./-])docs\/([\w.-]+\.md)(?:#([\w-]*))?/g;
/** A markdown link or image target: `](target)` or `](target "title")`. */
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** A fenced code block's opening or closing line. */
const FENCE = /^\s*(```|~~~)/;

/**
 * The anchors GitHub gives the headings of a markdown document: the heading text lower-cased,
 * everything but letters, digits, spaces, `-` and `_` removed, spaces turned into `-`; a repeated
 * slug gets `-1`, `-2`… Headings inside fenced code blocks are not headings.
 */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading === null) continue;
    const base = headingSlug(heading[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

function headingSlug(text: string): string {
  const plain = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return plain.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every reference in `files` that does not resolve, in file and line order. */
export function checkCitations(files: readonly SourceFile[]): CitationProblem[] {
  const byPath = new Map(files.map((file) => [file.path, file.text]));
  const slugCache = new Map<string, Set<string>>();
  const slugsOf = (path: string, text: string): Set<string> => {
    let slugs = slugCache.get(path);
    if (slugs === undefined) slugCache.set(path, (slugs = headingSlugs(text)));
    return slugs;
  };
  const problems: CitationProblem[] = [];
  for (const file of files) {
    const lines = file.text.split('\n');
    lines.forEach((text, index) => {
      const report = (message: string): void => void problems.push({ path: file.path, line: index + 1, message });
      const absent = [...text.matchAll(ABSENT_DOCUMENT)];
      for (const match of absent) report(`cites ${match[0].trim()}, which is not in the repository`);
      // A line already reported for its absent document is not reported again for its section signs.
      if (absent.length === 0) for (const match of text.matchAll(BARE_SECTION)) report(`cites a bare section number "${match[0]}" of no document in the repository`);
      for (const target of targetsOn(file.path, text)) {
        const cited = byPath.get(target.path);
        if (cited === undefined) report(`cites ${target.written}, but ${target.path} is not in the repository`);
        else if (target.anchor !== undefined && !slugsOf(target.path, cited).has(target.anchor)) report(`cites ${target.written}, but ${target.path} has no heading with the anchor #${target.anchor}`);
      }
    });
  }
  return problems;
}

interface Target {
  written: string;
  path: string;
  anchor?: string;
}

/** The `docs/*.md` files (and anchors) one line of `path` points at, each once. */
function targetsOn(path: string, text: string): Target[] {
  const targets = new Map<string, Target>();
  const add = (written: string, target: string, anchor: string | undefined): void => {
    if (!/^docs\/[^/]+\.md$/.test(target)) return;
    const key = `${target}#${anchor ?? ''}`;
    if (!targets.has(key)) targets.set(key, { written, path: target, ...(anchor !== undefined ? { anchor } : {}) });
  };
  for (const match of text.matchAll(DOCS_PATH)) add(match[0], `docs/${match[1]}`, match[2]);
  if (path.endsWith('.md')) {
    for (const match of text.matchAll(MARKDOWN_LINK)) {
      const link = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('/')) continue;
      const [file = '', anchor] = link.split('#', 2);
      const target = file === '' ? path : posix.normalize(posix.join(posix.dirname(path), file));
      add(link, target, anchor);
    }
  }
  return [...targets.values()];
}
