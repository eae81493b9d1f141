/**
 * A stdio server's stderr, kept to explain why it failed. stderr is free-form logging
 * (MCP 2025-11-25 / 2026-07-28 stdio transport), written by a process we do not trust: lines are
 * cleaned (untrusted-line.ts) and only the last few are kept. `explainingLines` picks what the
 * user reads.
 */
import { MAX_STDERR_LINES } from '../../../shared/server-config.js';
import { cleanLine } from './untrusted-line.js';

/** Lines kept from the end of a server's stderr. */
const TAIL_LINES = 50;
/** The longest unfinished line buffered before it is cut off (a server writing without newlines). */
const MAX_PARTIAL_LENGTH = 4_096;
/** A line that says something went wrong (English, as runtimes and most servers write it). */
const SAYS_WHAT_FAILED =
  /(?:\b[A-Z]\w*(?:Error|Exception)\b|\bERR!|\b(?:error|errors|fatal|panic|panicked|traceback|cannot|can't|could not|couldn't|failed|failure|not found|no such|denied|refused|invalid|missing|unable|unknown|not allowed)\b)/i;
/** A stack frame (JavaScript `at …`, Python `File "…"`): where, not why. */
const STACK_FRAME = /^\s*(?:at\s|File\s")/;

/**
 * The last lines of a stream, cleaned, fed chunk by chunk (a chunk may end mid-line). Each
 * finished line is also handed to `onLine` as it arrives, uncleaned (the server console cleans,
 * redacts and caps it itself); an unfinished line goes when the stream ends (`end`).
 */
export class StderrTail {
  #lines: string[] = [];
  #partial = '';

  constructor(private readonly onLine?: (line: string) => void) {}

  /** Adds a chunk of the stream. */
  push(chunk: string): void {
    const text = this.#partial + chunk;
    const parts = text.split(/\r?\n|\r/);
    this.#partial = (parts.pop() ?? '').slice(0, MAX_PARTIAL_LENGTH);
    for (const part of parts) this.#add(part);
  }

  /** The stream ended: its unfinished last line, if any, counts as a line. */
  end(): void {
    const partial = this.#partial;
    this.#partial = '';
    if (partial !== '') this.#add(partial);
  }

  /** Every kept line, oldest first, the unfinished last line included. */
  lines(): string[] {
    const partial = cleanLine(this.#partial);
    return partial === '' ? [...this.#lines] : [...this.#lines, partial].slice(-TAIL_LINES);
  }

  #add(raw: string): void {
    const line = cleanLine(raw);
    if (line === '') return;
    this.onLine?.(raw);
    this.#lines.push(line);
    if (this.#lines.length > TAIL_LINES) this.#lines.splice(0, this.#lines.length - TAIL_LINES);
  }
}

/**
 * The lines of a failed process's stderr that say why, at most `MAX_STDERR_LINES`: those that
 * read like an error (stack frames left out), the last ones when there are more; when none
 * does, the last lines that are not stack frames. Node's "Cannot find module" report, say,
 * becomes its one `Error: Cannot find module '…'` line instead of `requireStack: []`, `}` and
 * the Node version it ends with.
 */
export function explainingLines(lines: readonly string[]): string[] {
  const candidates = lines.filter((line) => line.trim() !== '' && !STACK_FRAME.test(line)).map((line) => line.trim());
  const errors = dropRepeats(candidates.filter((line) => SAYS_WHAT_FAILED.test(line)));
  return (errors.length > 0 ? errors : dropRepeats(candidates).slice(-3)).slice(-MAX_STDERR_LINES);
}

function dropRepeats(lines: readonly string[]): string[] {
  return lines.filter((line, index) => line !== lines[index - 1]);
}
