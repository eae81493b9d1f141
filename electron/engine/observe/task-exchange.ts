/**
 * Each task's protocol exchange: exactly the messages the protocol log attributed to it, as
 * lines — a request paired with its answer, a notification on its own — with consecutive
 * identical ones collapsed into one line with a count (300 `tasks/get` polls answered `working`
 * read as one line). Consecutive `notifications/progress` collapse too (the line keeps the
 * newest), so a chatty server costs one line. Bounded per task (the first line, the call, is
 * always kept). Persisted through an `ExchangeStore` when the task ends and on `flush`, so it
 * survives a restart; a write that fails is logged and tried again at the next occasion.
 */
import { cleanLine } from '../connections/untrusted-line.js';
import type { ExchangeLine } from '../../../shared/server-log.js';
import type { Clock, Logger, TimerHandle } from '../ports.js';
import { isJsonObject } from '../protocols/task-wire.js';
import { parseKept, type StoredProtocolEntry } from './protocol-log.js';

/** Lines kept per task. */
export const EXCHANGE_MAX_LINES = 200;
/** The largest message (or answer) a line keeps, as JSON bytes; larger ones are left out. */
export const EXCHANGE_MESSAGE_BYTES = 16 * 1024;
/**
 * The most bytes of message bodies all exchanges together keep in memory: past it, new lines keep
 * their method, outcome, summary and times but not the messages themselves (the protocol log may
 * still hold them), so 10,000 live tasks cannot grow the app without bound.
 */
export const EXCHANGE_MEMORY_BYTES = 8 * 1024 * 1024;
/** How long after a task ends (or gets a late message) its exchange is written. */
const WRITE_DELAY_MS = 500;
const SUMMARY_LENGTH = 200;

/** Durable storage of task exchanges (one document per task, by local id). */
export interface ExchangeStore {
  /** The stored lines, or undefined when there are none (or they are damaged). */
  get(taskLocalId: string): Promise<ExchangeLine[] | undefined>;
  put(taskLocalId: string, lines: readonly ExchangeLine[]): Promise<void>;
  delete(taskLocalId: string): Promise<void>;
}

/** A line as kept in memory: messages as redacted JSON text, and what makes it identical to another. */
interface LiveLine extends Omit<ExchangeLine, 'message' | 'answer'> {
  messageJson?: string;
  answerJson?: string;
  /**
   * Whether the line may fold with an identical neighbour (see `isSameLine`): a settled request
   * or a notification, never a pending request or a line read back from storage.
   */
  canFold: boolean;
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

interface TaskRecord {
  lines: LiveLine[];
  /** Open requests of the task by direction and id. */
  open: Map<string, LiveLine>;
  /** True once the stored lines (from before this record existed) were read into `lines`. */
  merged: boolean;
}

export class TaskExchanges {
  private readonly records = new Map<string, TaskRecord>();
  private readonly ended = new Set<string>();
  private readonly dirty = new Set<string>();
  private writeTimer: TimerHandle | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Bytes of the message bodies the records hold (see `EXCHANGE_MEMORY_BYTES`). */
  private bodyBytes = 0;

  constructor(private readonly deps: { clock: Clock; logger: Logger; store: ExchangeStore | undefined }) {}

  /**
   * Takes one protocol-log entry (ignored unless it belongs to a task) with its redacted JSON
   * text, and its message as it came — read only for the line's summary, which `redact` cleans
   * of secrets.
   */
  take(entry: StoredProtocolEntry, json: string | undefined, message: Record<string, unknown>, redact: (text: string) => string): void {
    const taskId = entry.taskId;
    if (taskId === undefined || entry.method === undefined) return;
    let record = this.records.get(taskId);
    if (record === undefined) {
      record = { lines: [], open: new Map(), merged: false };
      this.records.set(taskId, record);
    }
    const kept = json !== undefined && json.length <= EXCHANGE_MESSAGE_BYTES && this.bodyBytes < EXCHANGE_MEMORY_BYTES ? json : undefined;
    if (entry.kind === 'response' || entry.kind === 'error') {
      this.settle(record, entry, kept, message, redact);
    } else {
      const last = record.lines[record.lines.length - 1];
      if (entry.kind === 'request' && last !== undefined && isRepeatable(last, entry.direction, entry.method)) {
        // Identical so far: counted on the last line once its answer is identical too.
        last.repeatId = entry.id;
        last.repeatAt = entry.at;
        last.repeatJson = kept;
        record.open.set(openKey(entry.direction, entry.id), last);
        this.changed(taskId);
        return;
      }
      const line: LiveLine = { at: entry.at, lastAt: entry.at, count: 1, direction: entry.direction, kind: entry.kind === 'request' ? 'request' : 'notification', method: entry.method, canFold: false };
      if (entry.id !== undefined) line.id = entry.id;
      if (entry.http !== undefined) line.http = entry.http;
      if (kept !== undefined) {
        line.messageJson = kept;
        this.bodyBytes += kept.length;
      }
      if (line.kind === 'request') {
        line.outcome = 'pending';
        record.open.set(openKey(entry.direction, entry.id), line);
        this.push(record, line);
      } else {
        const summary = redactSummary(notificationSummary(entry.method, message), redact);
        if (summary !== undefined) line.summary = summary;
        line.canFold = true;
        this.push(record, line);
        this.collapseLast(record);
      }
    }
    this.changed(taskId);
  }

  /** The task ended: its exchange is written soon. */
  taskEnded(taskLocalId: string): void {
    if (this.ended.has(taskLocalId)) return;
    this.ended.add(taskLocalId);
    if (this.records.has(taskLocalId)) this.markDirty(taskLocalId);
  }

  /** The task's lines, oldest first: what is in memory, after what was stored before. */
  async lines(taskLocalId: string): Promise<ExchangeLine[]> {
    const record = this.records.get(taskLocalId);
    const live = record?.lines.map(toExchangeLine) ?? [];
    if (record?.merged === true) return live;
    const stored = await this.readStored(taskLocalId);
    return [...stored, ...live].slice(-EXCHANGE_MAX_LINES);
  }

  /** Forgets a task's exchange, in memory and on disk. */
  async remove(taskLocalId: string): Promise<void> {
    this.forgetRecord(taskLocalId);
    this.ended.delete(taskLocalId);
    this.dirty.delete(taskLocalId);
    await this.writing;
    await this.deps.store?.delete(taskLocalId).catch((error: unknown) => {
      this.deps.logger.warn('could not delete a task\'s stored exchange', { error: String(error) });
    });
  }

  /** Writes every changed exchange now (on dispose). */
  async flush(): Promise<void> {
    this.writeTimer?.cancel();
    this.writeTimer = undefined;
    await this.writeDirty();
  }

  /** Lines held in memory, for the memory figure of the benchmark. */
  get heldBytes(): number {
    let lines = 0;
    for (const record of this.records.values()) lines += record.lines.length;
    // Strings of JavaScript take two bytes a character; a line's other fields about 200.
    return this.bodyBytes * 2 + lines * 200;
  }

  private settle(record: TaskRecord, entry: StoredProtocolEntry, kept: string | undefined, message: Record<string, unknown>, redact: (text: string) => string): void {
    // Our answer settles the server's request, the server's answer ours.
    const key = openKey(entry.direction === 'sent' ? 'received' : 'sent', entry.id);
    let line = record.open.get(key);
    if (line === undefined) return;
    record.open.delete(key);
    if (line.repeatAt !== undefined && line.repeatId === entry.id) {
      const repeatAt = line.repeatAt;
      const repeatJson = line.repeatJson;
      line.repeatId = undefined;
      line.repeatAt = undefined;
      line.repeatJson = undefined;
      // Counted only while nothing came between (the lines stay in order).
      if (record.lines[record.lines.length - 1] === line && line.outcome === outcomeOf(entry) && sameGist(line, message)) {
        line.count += 1;
        line.lastAt = repeatAt;
        line.id = entry.id;
        line.durationMs = entry.durationMs;
        line.http = entry.http;
        return;
      }
      // It answered otherwise: the repeat is a line of its own.
      const own: LiveLine = { at: repeatAt, lastAt: repeatAt, count: 1, direction: line.direction, kind: 'request', method: line.method, canFold: false };
      if (entry.id !== undefined) own.id = entry.id;
      if (repeatJson !== undefined) {
        own.messageJson = repeatJson;
        this.bodyBytes += repeatJson.length;
      }
      this.push(record, own);
      line = own;
    }
    line.outcome = outcomeOf(entry);
    line.gistA = answerGistA(message);
    line.gistB = answerGistB(message);
    if (entry.durationMs !== undefined) line.durationMs = entry.durationMs;
    if (entry.http !== undefined) line.http = entry.http;
    if (kept !== undefined) {
      this.bodyBytes += kept.length - (line.answerJson?.length ?? 0);
      line.answerJson = kept;
    }
    const summary = redactSummary(answerSummary(message), redact);
    if (summary !== undefined) line.summary = summary;
    line.canFold = true;
    if (record.lines[record.lines.length - 1] === line) this.collapseLast(record);
  }

  /** Folds the last line into the one before when both are settled and identical. */
  private collapseLast(record: TaskRecord): void {
    const { lines } = record;
    const last = lines[lines.length - 1];
    const before = lines[lines.length - 2];
    if (last === undefined || before === undefined || !isSameLine(before, last)) return;
    lines.pop();
    // The line keeps the bodies of the first of the identical exchanges: replacing them on every
    // poll would make each one long-lived garbage, the costliest kind to collect.
    this.bodyBytes -= bodyBytesOf(last);
    before.count += last.count;
    before.lastAt = last.lastAt;
    // The newest speaks for them all in the rest (assigned, not deleted: deleting would turn
    // every collapsed line into a slow dictionary object).
    before.id = last.id;
    before.durationMs = last.durationMs;
    before.http = last.http;
    before.summary = last.summary;
  }

  private push(record: TaskRecord, line: LiveLine): void {
    record.lines.push(line);
    // The first line (the call that started it all) stays; the oldest after it goes.
    if (record.lines.length <= EXCHANGE_MAX_LINES) return;
    const [dropped] = record.lines.splice(1, 1);
    if (dropped === undefined) return;
    this.bodyBytes -= bodyBytesOf(dropped);
    // A dropped request's answer has no line to go to.
    if (dropped.outcome === 'pending') record.open.delete(openKey(dropped.direction, dropped.id));
  }

  private changed(taskLocalId: string): void {
    if (this.ended.has(taskLocalId)) this.markDirty(taskLocalId);
    else this.dirty.add(taskLocalId);
  }

  private markDirty(taskLocalId: string): void {
    this.dirty.add(taskLocalId);
    this.writeTimer ??= this.deps.clock.setTimer(WRITE_DELAY_MS, () => {
      this.writeTimer = undefined;
      void this.writeDirty();
    });
  }

  /** Writes every changed exchange, one at a time (after what was stored before it). */
  private writeDirty(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const store = this.deps.store;
      if (store === undefined) return;
      for (const taskLocalId of [...this.dirty]) {
        const record = this.records.get(taskLocalId);
        if (record === undefined) {
          this.dirty.delete(taskLocalId);
          continue;
        }
        try {
          if (!record.merged) {
            const stored = await this.readStored(taskLocalId);
            this.bodyBytes -= sumBodyBytes(record.lines);
            record.lines = [...stored.map(toLiveLine), ...record.lines].slice(-EXCHANGE_MAX_LINES);
            this.bodyBytes += sumBodyBytes(record.lines);
            record.merged = true;
          }
          this.dirty.delete(taskLocalId);
          await store.put(taskLocalId, record.lines.map(toExchangeLine));
          // An ended task's exchange lives on disk from now on; a late message starts a new record.
          if (this.ended.has(taskLocalId) && !this.dirty.has(taskLocalId) && record.open.size === 0) this.forgetRecord(taskLocalId);
        } catch (error) {
          this.dirty.add(taskLocalId);
          this.deps.logger.warn('could not write a task\'s exchange; it is kept in memory and written later', { error: String(error) });
        }
      }
    });
    return this.writing;
  }

  private forgetRecord(taskLocalId: string): void {
    const record = this.records.get(taskLocalId);
    if (record === undefined) return;
    this.bodyBytes -= sumBodyBytes(record.lines);
    this.records.delete(taskLocalId);
  }

  private async readStored(taskLocalId: string): Promise<ExchangeLine[]> {
    try {
      return (await this.deps.store?.get(taskLocalId)) ?? [];
    } catch (error) {
      this.deps.logger.warn('could not read a task\'s stored exchange', { error: String(error) });
      return [];
    }
  }
}

/** A settled request line the next identical request may be counted on (none waiting already). */
function isRepeatable(line: LiveLine, direction: ExchangeLine['direction'], method: string): boolean {
  return line.kind === 'request' && line.outcome !== undefined && line.outcome !== 'pending' && line.canFold
    && line.repeatAt === undefined && line.direction === direction && line.method === method;
}

/**
 * Whether `later` reads the same as `earlier`, so it folds into it: settled requests with the same
 * method, outcome and summary; notifications with the same method and summary, progress by method
 * alone (the newest value is what a reader wants). Compared field by field, so a line costs no
 * identity string.
 */
function isSameLine(earlier: LiveLine, later: LiveLine): boolean {
  if (!earlier.canFold || !later.canFold || earlier.direction !== later.direction || earlier.kind !== later.kind || earlier.method !== later.method) return false;
  if (earlier.kind === 'notification' && earlier.method === 'notifications/progress') return true;
  return earlier.outcome === later.outcome && (earlier.summary ?? '') === (later.summary ?? '');
}

function outcomeOf(entry: StoredProtocolEntry): 'error' | 'result' {
  return entry.kind === 'error' ? 'error' : 'result';
}

/**
 * The two facts an answer's summary is made of, read as they came (no string is built): an
 * error's code and message, a task's status and status message, a tool result's `isError`.
 */
function answerGistA(answer: Record<string, unknown>): unknown {
  const { error, result } = answer;
  if (isJsonObject(error)) return error.code;
  if (!isJsonObject(result)) return undefined;
  const task = isJsonObject(result.task) ? result.task : result;
  if (typeof task.status === 'string') return task.status;
  return Array.isArray(result.content) ? result.isError === true : undefined;
}

function answerGistB(answer: Record<string, unknown>): unknown {
  const { error, result } = answer;
  if (isJsonObject(error)) return error.message;
  if (!isJsonObject(result)) return undefined;
  const task = isJsonObject(result.task) ? result.task : result;
  return typeof task.status === 'string' ? task.statusMessage : undefined;
}

/** True when `answer` says what the line's answer said (so its summary would be the same). */
function sameGist(line: LiveLine, answer: Record<string, unknown>): boolean {
  return line.gistA === answerGistA(answer) && line.gistB === answerGistB(answer);
}

function bodyBytesOf(line: LiveLine): number {
  return (line.messageJson?.length ?? 0) + (line.answerJson?.length ?? 0);
}

function sumBodyBytes(lines: readonly LiveLine[]): number {
  return lines.reduce((sum, line) => sum + bodyBytesOf(line), 0);
}

function openKey(direction: ExchangeLine['direction'], id: StoredProtocolEntry['id']): string {
  return `${direction === 'sent' ? 's' : 'r'}:${String(id)}`;
}

function toExchangeLine(line: LiveLine): ExchangeLine {
  const { messageJson, answerJson, canFold: _canFold, ...rest } = line;
  const out: ExchangeLine = { at: rest.at, lastAt: rest.lastAt, count: rest.count, direction: rest.direction, kind: rest.kind, method: rest.method };
  for (const field of ['id', 'outcome', 'summary', 'durationMs', 'http'] as const) {
    if (rest[field] !== undefined) (out as Record<string, unknown>)[field] = rest[field];
  }
  const message = parseKept(messageJson);
  const answer = parseKept(answerJson);
  if (message !== undefined) out.message = message;
  if (answer !== undefined) out.answer = answer;
  return out;
}

/** A stored line back in memory: identical to nothing (a line read back never collapses with a new one). */
function toLiveLine(line: ExchangeLine): LiveLine {
  const { message, answer, ...rest } = line;
  const out: LiveLine = { ...rest, canFold: false };
  if (message !== undefined) out.messageJson = JSON.stringify(message);
  if (answer !== undefined) out.answerJson = JSON.stringify(answer);
  return out;
}

/** The gist of an answer: a task's status and message, a tool result's kind, or an error's code and message. */
export function answerSummary(answer: unknown): string | undefined {
  if (!isJsonObject(answer)) return undefined;
  const { error, result } = answer;
  if (isJsonObject(error)) {
    return text(`${typeof error.code === 'number' ? `${error.code} ` : ''}${typeof error.message === 'string' ? error.message : 'error'}`);
  }
  if (!isJsonObject(result)) return undefined;
  const task = isJsonObject(result.task) ? result.task : result;
  if (typeof task.status === 'string') {
    return text(typeof task.statusMessage === 'string' ? `${task.status} — ${task.statusMessage}` : task.status);
  }
  if (Array.isArray(result.content)) return result.isError === true ? 'tool error' : 'tool result';
  return undefined;
}

/** The gist of a notification: progress as `3/5 message`, a task status push, a log line's level. */
function notificationSummary(method: string, message: unknown): string | undefined {
  const params = isJsonObject(message) && isJsonObject(message.params) ? message.params : undefined;
  if (params === undefined) return undefined;
  if (method === 'notifications/progress' && typeof params.progress === 'number') {
    const total = typeof params.total === 'number' ? `/${params.total}` : '';
    return text(`${params.progress}${total}${typeof params.message === 'string' ? ` ${params.message}` : ''}`);
  }
  const task = isJsonObject(params.task) ? params.task : params;
  if (typeof task.status === 'string') return text(typeof task.statusMessage === 'string' ? `${task.status} — ${task.statusMessage}` : task.status);
  if (typeof params.reason === 'string') return text(params.reason);
  return undefined;
}

/** Server text made fit to show (cleaned of secrets by `redactSummary`). */
function text(raw: string): string {
  return cleanLine(raw, SUMMARY_LENGTH);
}

function redactSummary(summary: string | undefined, redact: (text: string) => string): string | undefined {
  return summary === undefined ? undefined : redact(summary);
}
