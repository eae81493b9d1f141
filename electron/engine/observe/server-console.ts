/**
 * One server's console: what it wrote to its stderr (stdio), its `notifications/message` log, and
 * the app's own account of the connection — cleaned, capped and redacted before it is kept, in a
 * bounded ring kept across reconnects while the app runs.
 */
import { MAX_REPORTED_LINE_LENGTH } from '../../../shared/server-config.js';
import { LogLevelSchema, type ConsoleEntry, type ConsoleSource, type LogLevel } from '../../../shared/server-log.js';
import { cleanLine } from '../connections/untrusted-line.js';
import { LogRing } from './log-ring.js';
import type { Redactor } from './redaction.js';

/** Lines one server's console keeps, and the bytes they may hold. */
export const CONSOLE_MAX_ENTRIES = 2_000;
export const CONSOLE_MAX_BYTES = 1024 * 1024;
/** The longest console line kept (a longer one ends in an ellipsis). */
export const CONSOLE_LINE_LENGTH = 2_000;
/** The largest `data` of a log message kept as it is, as JSON; a larger one is kept as its cut text. */
export const CONSOLE_DATA_BYTES = 8 * 1024;
/** The longest logger name kept. */
const LOGGER_LENGTH = 100;
/** Default and largest page of `query`. */
const MAX_QUERY = CONSOLE_MAX_ENTRIES;

/** What `query` selects. */
export interface ConsoleQuery {
  /** Only lines after this `seq` (where a reader left off). */
  afterSeq?: number;
  /** Only lines of this task or call (its local id). */
  localId?: string;
  /** Only lines whose text (or logger, or data) contains this, ignoring case. */
  search?: string;
  /** At most this many, the newest (default and most: every kept line). */
  limit?: number;
}

/** A console line before it is cleaned and numbered. */
export interface ConsoleInput {
  source: ConsoleSource;
  text: string;
  level?: LogLevel;
  logger?: string;
  data?: unknown;
  localId?: string;
}

export class ServerConsole {
  private readonly ring = new LogRing<ConsoleEntry>({ maxEntries: CONSOLE_MAX_ENTRIES, maxBytes: CONSOLE_MAX_BYTES });

  constructor(private readonly now: () => number, private redactor: Redactor) {}

  /** Uses `redactor` from now on (the server's secrets changed). */
  setRedactor(redactor: Redactor): void {
    this.redactor = redactor;
  }

  /** Cleans, caps, redacts and keeps one line. */
  append(input: ConsoleInput): ConsoleEntry {
    const text = cleanLine(this.redactor.text(input.text), CONSOLE_LINE_LENGTH);
    const entry: ConsoleEntry = { seq: this.ring.allocateSeq(), at: this.now(), source: input.source, text };
    if (input.level !== undefined) entry.level = input.level;
    if (input.logger !== undefined) entry.logger = cleanLine(this.redactor.text(input.logger), LOGGER_LENGTH);
    if (input.data !== undefined) entry.data = this.keptData(input.data);
    if (input.localId !== undefined) entry.localId = input.localId;
    this.ring.push(entry, 64 + text.length * 2 + (entry.data === undefined ? 0 : CONSOLE_DATA_BYTES / 4));
    return entry;
  }

  /** Kept lines, oldest first (see `ConsoleQuery`). */
  query(query: ConsoleQuery = {}): ConsoleEntry[] {
    const needle = query.search?.toLowerCase();
    const keep = (entry: ConsoleEntry): boolean =>
      (query.localId === undefined || entry.localId === query.localId) && (needle === undefined || needle === '' || matches(entry, needle));
    return this.ring.query(query.afterSeq ?? 0, keep, Math.min(query.limit ?? MAX_QUERY, MAX_QUERY));
  }

  /** The bytes the kept lines cost (an estimate). */
  get heldBytes(): number {
    return this.ring.heldBytes;
  }

  /** `data` redacted, as it is when its JSON is small enough, else as its cut JSON text. */
  private keptData(data: unknown): unknown {
    let json: string | undefined;
    try {
      json = JSON.stringify(data);
    } catch {
      json = undefined;
    }
    if (json === undefined) return undefined;
    const redacted = this.redactor.json(json);
    if (redacted.length <= CONSOLE_DATA_BYTES) {
      try {
        return JSON.parse(redacted) as unknown;
      } catch {
        // Redaction cut through an escape: keep the text.
      }
    }
    return cleanLine(redacted, MAX_REPORTED_LINE_LENGTH * 4);
  }
}

/** The text of a `notifications/message` and what else it carries, from its params (untrusted). */
export function logMessageOf(params: Record<string, unknown>): { level?: LogLevel; logger?: string; text: string; data?: unknown } {
  const level = LogLevelSchema.safeParse(params.level);
  const logger = typeof params.logger === 'string' ? params.logger : undefined;
  const { data } = params;
  const base = { ...(level.success ? { level: level.data } : {}), ...(logger !== undefined ? { logger } : {}) };
  if (typeof data === 'string') return { ...base, text: data };
  let text: string;
  try {
    text = JSON.stringify(data) ?? '';
  } catch {
    text = '';
  }
  return { ...base, text: text.slice(0, CONSOLE_LINE_LENGTH), ...(data !== undefined ? { data } : {}) };
}

function matches(entry: ConsoleEntry, needle: string): boolean {
  return entry.text.toLowerCase().includes(needle) || (entry.logger?.toLowerCase().includes(needle) ?? false);
}
