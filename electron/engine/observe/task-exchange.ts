/**
 * Each task's protocol exchange: exactly the messages the protocol log attributed to it, as
 * lines — a request paired with its answer, a notification on its own — with consecutive
 * identical ones collapsed into one line with a count (300 `tasks/get` polls answered `working`
 * read as one line). Consecutive `notifications/progress` collapse too (the line keeps the
 * newest), so a chatty server costs one line. Bounded per task and, in memory, for all tasks
 * together (the first line, the call, is always kept; the line after a gap counts what went).
 * Persisted through an `ExchangeStore` when the task ends and on `flush`, so it survives a
 * restart; a write that fails is logged and tried again at the next occasion.
 */
import type { ExchangeLine } from '../../../shared/server-log.js';
import type { Clock, Logger, TimerHandle } from '../ports.js';
import { bodyBytesOf, foldsInto, isRepeatable, newLine, outcomeOf, putOpen, sameGist, sumBodyBytes, takeOpen, toExchangeLine, toLiveLine, trimLines, type LiveLine, type OpenRequests } from './exchange-line.js';
import { answerGistA, answerGistB, answerSummary, notificationSummary, redactSummary } from './exchange-summary.js';
import type { StoredProtocolEntry } from './protocol-log.js';

/** Lines kept per task (in memory while there are few tasks, and on disk). */
export const EXCHANGE_MAX_LINES = 200;
/**
 * Lines kept in memory for all tasks together. Each task gets its share, between
 * `EXCHANGE_MIN_LINES` and `EXCHANGE_MAX_LINES`: 150 live tasks keep 200 lines each, 10,000 keep
 * 3. Without it, 10,000 tasks whose status message changes every 10 s would hold two million
 * lines after half an hour.
 */
export const EXCHANGE_MEMORY_LINES = 30_000;
/** The fewest lines a task keeps: its first (the call) and the newest two (the newest may still fold into the one before). */
export const EXCHANGE_MIN_LINES = 3;
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
/** How many exchanges are written at the same time (a few keep the disk busy without a burst of open files). */
export const WRITES_AT_ONCE = 8;

/** Durable storage of task exchanges (one document per task, by local id). */
export interface ExchangeStore {
  /** The stored lines, or undefined when there are none (or they are damaged). */
  get(taskLocalId: string): Promise<ExchangeLine[] | undefined>;
  put(taskLocalId: string, lines: readonly ExchangeLine[]): Promise<void>;
  delete(taskLocalId: string): Promise<void>;
}

/** A task's lines, and its requests waiting for their answers (`open`, see `OpenRequests`). */
interface TaskRecord extends OpenRequests {
  lines: LiveLine[];
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
   * of secrets. True when the entry changed that task's exchange (what a reader of it must read again).
   */
  take(entry: StoredProtocolEntry, json: string | undefined, message: Record<string, unknown>, redact: (text: string) => string): boolean {
    const taskId = entry.localId;
    if (taskId === undefined || entry.method === undefined) return false;
    let record = this.records.get(taskId);
    if (record === undefined) {
      record = { lines: [], open: undefined, merged: false };
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
        putOpen(record, { direction: entry.direction, id: entry.id, line: last });
        this.changed(taskId);
        return true;
      }
      const line = newLine(entry.at, entry.direction, entry.kind === 'request' ? 'request' : 'notification', entry.method);
      line.id = entry.id;
      line.http = entry.http;
      if (kept !== undefined) {
        line.messageJson = kept;
        this.bodyBytes += kept.length;
      }
      if (line.kind === 'request') {
        line.outcome = 'pending';
        putOpen(record, { direction: entry.direction, id: entry.id, line });
        this.push(record, line);
      } else {
        line.summary = redactSummary(notificationSummary(entry.method, message), redact);
        line.foldable = true;
        this.push(record, line);
        this.collapseLast(record);
      }
    }
    this.changed(taskId);
    return true;
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
    const all = [...stored, ...live];
    trimLines(all, EXCHANGE_MAX_LINES);
    return all;
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
    let line = takeOpen(record, entry.direction === 'sent' ? 'received' : 'sent', entry.id);
    if (line === undefined) return;
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
      const own = newLine(repeatAt, line.direction, 'request', line.method);
      own.id = entry.id;
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
    line.summary = redactSummary(answerSummary(message), redact);
    line.foldable = true;
    if (record.lines[record.lines.length - 1] === line) this.collapseLast(record);
  }

  /** Folds the last line into the one before when both are settled and identical. */
  private collapseLast(record: TaskRecord): void {
    const { lines } = record;
    const last = lines[lines.length - 1];
    const before = lines[lines.length - 2];
    if (last === undefined || before === undefined || !foldsInto(last, before)) return;
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
    // A new array just long enough, not a push: V8 gives a pushed-to array room for about 16
    // more lines, which 10,000 tasks keeping 3 lines each would all carry.
    record.lines = record.lines.concat([line]);
    // The first line (the call that started it all) stays; the oldest after it go.
    for (const dropped of trimLines(record.lines, this.linesPerTask())) {
      this.bodyBytes -= bodyBytesOf(dropped);
      // A dropped request's answer has no line to go to.
      if (dropped.outcome === 'pending') takeOpen(record, dropped.direction, dropped.id);
    }
  }

  /** A task's share of `EXCHANGE_MEMORY_LINES` among the tasks whose lines are in memory now. */
  private linesPerTask(): number {
    return Math.min(EXCHANGE_MAX_LINES, Math.max(EXCHANGE_MIN_LINES, Math.floor(EXCHANGE_MEMORY_LINES / this.records.size)));
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

  /**
   * Writes every changed exchange, after what was stored before (`writing` chains the passes), a
   * few tasks at a time: quitting with 10,000 live tasks writes 10,000 files, which one at a time
   * took over 15 s. Each task appears once per pass, so its own writes stay in order.
   */
  private writeDirty(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const store = this.deps.store;
      if (store === undefined) return;
      const queue = [...this.dirty];
      let next = 0;
      const writer = async (): Promise<void> => {
        for (let taskLocalId = queue[next++]; taskLocalId !== undefined; taskLocalId = queue[next++]) await this.writeOne(store, taskLocalId);
      };
      await Promise.all(Array.from({ length: Math.min(WRITES_AT_ONCE, queue.length) }, writer));
    });
    return this.writing;
  }

  /** Writes one task's exchange (merged with what was stored before, once); a failed write stays dirty. */
  private async writeOne(store: ExchangeStore, taskLocalId: string): Promise<void> {
    const record = this.records.get(taskLocalId);
    if (record === undefined) {
      this.dirty.delete(taskLocalId);
      return;
    }
    try {
      if (!record.merged) {
        const stored = await this.readStored(taskLocalId);
        this.bodyBytes -= sumBodyBytes(record.lines);
        record.lines = stored.map(toLiveLine).concat(record.lines);
        trimLines(record.lines, EXCHANGE_MAX_LINES);
        this.bodyBytes += sumBodyBytes(record.lines);
        record.merged = true;
      }
      this.dirty.delete(taskLocalId);
      await store.put(taskLocalId, record.lines.map(toExchangeLine));
      // An ended task's exchange lives on disk from now on; a late message starts a new record.
      if (this.ended.has(taskLocalId) && !this.dirty.has(taskLocalId) && record.open === undefined) this.forgetRecord(taskLocalId);
    } catch (error) {
      this.dirty.add(taskLocalId);
      this.deps.logger.warn('could not write a task\'s exchange; it is kept in memory and written later', { error: String(error) });
    }
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
