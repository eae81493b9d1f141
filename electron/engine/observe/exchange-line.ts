/**
 * A line of a task's exchange as it is kept in memory (messages as redacted JSON text, whether it
 * may fold with an identical one), and its conversions to and from the stored form.
 */
import type { ExchangeLine } from '../../../shared/server-log.js';
import { answerGistA, answerGistB } from './exchange-summary.js';
import { parseKept, type StoredProtocolEntry } from './protocol-log.js';

/** A line as kept in memory: messages as redacted JSON text, and whether it may fold with an identical one. */
export interface LiveLine extends Omit<ExchangeLine, 'message' | 'answer'> {
  messageJson?: string;
  answerJson?: string;
  /**
   * True once the line says all it will (a request answered, a notification taken): from then on
   * an identical line after it folds into it (see `foldsInto`). A line read back from the store
   * never does.
   */
  foldable: boolean;
  /**
   * A request identical so far to this settled line is on the wire (its id, time and message):
   * if its answer is identical too it only counts, so a repeated poll allocates no line.
   */
  repeatId?: string | number | undefined;
  repeatAt?: number | undefined;
  repeatJson?: string | undefined;
  /** What the answer said, as it came (see `answerGist`): a repeat's answer is compared with these. */
  gistA?: unknown;
  gistB?: unknown;
}

/**
 * A new line, every field present from the start: lines of one shape keep their fields in the
 * object itself, where fields added one by one would each cost thousands of lines a separate
 * property store.
 */
export function newLine(at: number, direction: ExchangeLine['direction'], kind: ExchangeLine['kind'], method: string): LiveLine {
  return {
    at, lastAt: at, count: 1, direction, kind, method, foldable: false,
    id: undefined, outcome: undefined, summary: undefined, droppedBefore: undefined, durationMs: undefined, http: undefined,
    messageJson: undefined, answerJson: undefined, repeatId: undefined, repeatAt: undefined, repeatJson: undefined, gistA: undefined, gistB: undefined,
  };
}

/** A settled request line the next identical request may be counted on (none waiting already). */
export function isRepeatable(line: LiveLine, direction: ExchangeLine['direction'], method: string): boolean {
  return line.kind === 'request' && line.foldable && line.repeatAt === undefined && line.direction === direction && line.method === method;
}

/**
 * True when `line` says what `before` says, so it folds into it as one more of the same: both
 * foldable, of one kind, direction and method, with the same outcome and summary — consecutive
 * progress notifications by method alone (the newest value is what a reader wants). Never
 * across a gap: lines not kept came between the two, so they are not one run.
 */
export function foldsInto(line: LiveLine, before: LiveLine): boolean {
  if (!line.foldable || !before.foldable || line.droppedBefore !== undefined) return false;
  if (line.kind !== before.kind || line.direction !== before.direction || line.method !== before.method) return false;
  if (line.kind === 'notification') return line.method === 'notifications/progress' || line.summary === before.summary;
  return line.outcome === before.outcome && line.summary === before.summary;
}

/** How an answer entry settles its request's line. */
export function outcomeOf(entry: StoredProtocolEntry): 'error' | 'result' {
  return entry.kind === 'error' ? 'error' : 'result';
}

/** True when `answer` says what the line's answer said (so its summary would be the same). */
export function sameGist(line: LiveLine, answer: Record<string, unknown>): boolean {
  return line.gistA === answerGistA(answer) && line.gistB === answerGistB(answer);
}

/** Characters of the message bodies a line keeps (what counts against `EXCHANGE_MEMORY_BYTES`). */
export function bodyBytesOf(line: LiveLine): number {
  return (line.messageJson?.length ?? 0) + (line.answerJson?.length ?? 0);
}

/** `bodyBytesOf` summed over lines. */
export function sumBodyBytes(lines: readonly LiveLine[]): number {
  return lines.reduce((sum, line) => sum + bodyBytesOf(line), 0);
}

/**
 * Drops the oldest lines after the first until `lines` holds at most `max` (at least 2), in
 * place, and returns what went. The line that then follows the first counts every line dropped
 * before it (`droppedBefore`), so a reader is told that some are missing and how many.
 */
export function trimLines<T extends { droppedBefore?: number | undefined }>(lines: T[], max: number): T[] {
  const excess = lines.length - Math.max(2, max);
  if (excess <= 0) return [];
  const dropped = lines.splice(1, excess);
  const next = lines[1]!;
  next.droppedBefore = dropped.reduce((sum, line) => sum + 1 + (line.droppedBefore ?? 0), next.droppedBefore ?? 0);
  return dropped;
}

/** A request of a task on the wire, waiting for its answer, and the line the answer settles. */
export interface OpenRequest {
  direction: ExchangeLine['direction'];
  id: StoredProtocolEntry['id'];
  line: LiveLine;
}

/**
 * Where a task's open requests wait: an array only while some are (a task has one or two open at
 * a time), created for the first with room for just it and dropped by the answer that empties it.
 * An emptied array would keep the room V8 gave it on a push, 150 bytes for each of 10,000 tasks;
 * a `Map` per task reallocated its table on nearly every poll, each table long-lived garbage.
 */
export interface OpenRequests {
  open: OpenRequest[] | undefined;
}

/** Files `request` as open; one already open with the same direction and id is replaced (it gets no answer of its own). */
export function putOpen(holder: OpenRequests, request: OpenRequest): void {
  const open = holder.open;
  if (open === undefined) {
    holder.open = [request];
    return;
  }
  const at = open.findIndex((other) => other.direction === request.direction && sameId(other.id, request.id));
  if (at === -1) open.push(request);
  else open[at] = request;
}

/**
 * Removes and returns the line waiting for the answer to request `id` sent in `direction`, if
 * any. Ids match as JSON-RPC text does (`1` and `"1"` alike, as before).
 */
export function takeOpen(holder: OpenRequests, direction: ExchangeLine['direction'], id: StoredProtocolEntry['id']): LiveLine | undefined {
  const open = holder.open;
  if (open === undefined) return undefined;
  for (let at = 0; at < open.length; at += 1) {
    const request = open[at]!;
    if (request.direction !== direction || !sameId(request.id, id)) continue;
    // Order does not matter: the last takes the freed place.
    open[at] = open[open.length - 1]!;
    open.pop();
    if (open.length === 0) holder.open = undefined;
    return request.line;
  }
  return undefined;
}

function sameId(a: StoredProtocolEntry['id'], b: StoredProtocolEntry['id']): boolean {
  return a === b || String(a) === String(b);
}

/** The optional fields a line has alike in memory and as stored (the messages aside). */
const SHARED_OPTIONAL_FIELDS = ['id', 'outcome', 'summary', 'droppedBefore', 'durationMs', 'http'] as const;

/** A line as it is stored and shown: messages parsed back from their kept JSON, no in-memory bookkeeping. */
export function toExchangeLine(line: LiveLine): ExchangeLine {
  const out: ExchangeLine = { at: line.at, lastAt: line.lastAt, count: line.count, direction: line.direction, kind: line.kind, method: line.method };
  for (const field of SHARED_OPTIONAL_FIELDS) {
    if (line[field] !== undefined) copyField(out, line, field);
  }
  const message = parseKept(line.messageJson);
  const answer = parseKept(line.answerJson);
  if (message !== undefined) out.message = message;
  if (answer !== undefined) out.answer = answer;
  return out;
}

/** A stored line back in memory: identical to nothing (a line read back never collapses with a new one). */
export function toLiveLine(line: ExchangeLine): LiveLine {
  const out = newLine(line.at, line.direction, line.kind, line.method);
  out.lastAt = line.lastAt;
  out.count = line.count;
  for (const field of SHARED_OPTIONAL_FIELDS) copyField(out, line, field);
  if (line.message !== undefined) out.messageJson = JSON.stringify(line.message);
  if (line.answer !== undefined) out.answerJson = JSON.stringify(line.answer);
  return out;
}

/** Copies one of `SHARED_OPTIONAL_FIELDS` from one form of a line to the other. */
function copyField<K extends (typeof SHARED_OPTIONAL_FIELDS)[number]>(to: Pick<ExchangeLine, K>, from: Pick<ExchangeLine, K>, field: K): void {
  to[field] = from[field];
}
