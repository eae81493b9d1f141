/**
 * Where a server's protocol log keeps its entries: a fixed ring of columns — typed arrays for the
 * numbers, plain arrays for the few strings — allocated once. A busy server writes thousands of
 * entries a second, each kept for about as long as the ring takes to come round: as objects they
 * would outlive the young generation and be collected the costly way, as columns they cost no
 * allocation at all. Entries are objects again only when read. Only the newest `bodyEntries`
 * keep their message (as redacted JSON text), within `maxBodyBytes` together.
 */
import type { HttpFacts, ProtocolEntry } from '../../../shared/server-log.js';

const DIRECTIONS: readonly ProtocolEntry['direction'][] = ['sent', 'received'];
const KINDS: readonly ProtocolEntry['kind'][] = ['request', 'response', 'error', 'notification'];
/** Distinct method names kept as one shared string each (past this, a hostile server's inventions are kept as they come). */
const MAX_INTERNED_METHODS = 1_000;

/** An entry as it goes in (its `seq` is given by the columns). */
export type ProtocolEntryInput = Omit<ProtocolEntry, 'seq' | 'message'>;

/** The caps of one server's columns. */
export interface ColumnCaps {
  /** Entries kept (the oldest goes first). */
  maxEntries: number;
  /** How many of the newest entries keep their message. */
  bodyEntries: number;
  /** The most characters the kept messages may hold together (older ones lose theirs first). */
  maxBodyChars: number;
}

export class ProtocolColumns {
  private readonly at: Float64Array;
  private readonly bytes: Float64Array;
  /** NaN: none. */
  private readonly duration: Float64Array;
  /** 0: none. */
  private readonly status: Uint16Array;
  /** Bit 0: direction; bits 1–2: kind. */
  private readonly flags: Uint8Array;
  private readonly method: (string | undefined)[];
  private readonly id: (string | number | undefined)[];
  private readonly localId: (string | undefined)[];
  private readonly sessionId: (string | undefined)[];
  private readonly mcpName: (string | undefined)[];
  private readonly body: (string | undefined)[];
  private readonly methods = new Map<string, string>();
  /** Entries ever written: the newest entry's `seq`. */
  private written = 0;
  /** The oldest `seq` whose message may still be kept. */
  private oldestBody = 1;
  private bodyChars = 0;

  constructor(private readonly caps: ColumnCaps) {
    const size = caps.maxEntries;
    this.at = new Float64Array(size);
    this.bytes = new Float64Array(size);
    this.duration = new Float64Array(size);
    this.status = new Uint16Array(size);
    this.flags = new Uint8Array(size);
    this.method = new Array<string | undefined>(size);
    this.id = new Array<string | number | undefined>(size);
    this.localId = new Array<string | undefined>(size);
    this.sessionId = new Array<string | undefined>(size);
    this.mcpName = new Array<string | undefined>(size);
    this.body = new Array<string | undefined>(size);
  }

  /** Writes one entry over the oldest and returns its `seq`; `json` is its message, or undefined when it is not kept. */
  push(entry: ProtocolEntryInput, json: string | undefined): number {
    const seq = this.written + 1;
    // The entry written over loses its message first (while it still counts as kept).
    this.dropBody(seq - this.caps.maxEntries);
    this.written = seq;
    const slot = this.slotOf(seq);
    this.at[slot] = entry.at;
    this.bytes[slot] = entry.bytes;
    this.duration[slot] = entry.durationMs ?? Number.NaN;
    this.flags[slot] = DIRECTIONS.indexOf(entry.direction) | (KINDS.indexOf(entry.kind) << 1);
    this.method[slot] = entry.method === undefined ? undefined : this.intern(entry.method);
    this.id[slot] = entry.id;
    this.localId[slot] = entry.localId;
    this.writeHttp(slot, entry.http);
    this.body[slot] = json;
    if (json !== undefined) this.bodyChars += json.length;
    while (this.oldestBody <= seq - this.caps.bodyEntries || (this.bodyChars > this.caps.maxBodyChars && this.oldestBody < seq)) {
      this.dropBody(this.oldestBody);
      this.oldestBody += 1;
    }
    return seq;
  }

  /** Sets the HTTP facts of a kept entry (they are known only after its POST was answered). */
  setHttp(seq: number, facts: HttpFacts): void {
    if (this.isKept(seq)) this.writeHttp(this.slotOf(seq), facts);
  }

  /** Kept entries with `seq > afterSeq` (of `localId` when given), oldest first, at most the newest `limit`; messages parsed by `parse`. */
  query(afterSeq: number, localId: string | undefined, limit: number, parse: (json: string | undefined) => unknown): ProtocolEntry[] {
    const found: ProtocolEntry[] = [];
    const first = Math.max(afterSeq + 1, this.written - this.caps.maxEntries + 1, 1);
    for (let seq = this.written; seq >= first && found.length < limit; seq--) {
      const slot = this.slotOf(seq);
      if (localId !== undefined && this.localId[slot] !== localId) continue;
      found.push(this.read(seq, slot, parse));
    }
    return found.reverse();
  }

  /** The bytes the columns hold: the fixed arrays and the kept messages (two bytes a character). */
  get heldBytes(): number {
    return this.caps.maxEntries * (8 * 3 + 2 + 1 + 8 * 6) + this.bodyChars * 2;
  }

  private read(seq: number, slot: number, parse: (json: string | undefined) => unknown): ProtocolEntry {
    const flags = this.flags[slot] ?? 0;
    const entry: ProtocolEntry = { seq, at: this.at[slot] ?? 0, direction: DIRECTIONS[flags & 1] ?? 'sent', kind: KINDS[(flags >> 1) & 3] ?? 'notification', bytes: this.bytes[slot] ?? 0 };
    const method = this.method[slot];
    if (method !== undefined) entry.method = method;
    const id = this.id[slot];
    if (id !== undefined) entry.id = id;
    const duration = this.duration[slot] ?? Number.NaN;
    if (!Number.isNaN(duration)) entry.durationMs = duration;
    const http = this.httpOf(slot);
    if (http !== undefined) entry.http = http;
    const localId = this.localId[slot];
    if (localId !== undefined) entry.localId = localId;
    const message = parse(this.body[slot]);
    if (message !== undefined) entry.message = message;
    return entry;
  }

  private httpOf(slot: number): HttpFacts | undefined {
    const status = this.status[slot] ?? 0;
    const sessionId = this.sessionId[slot];
    const mcpName = this.mcpName[slot];
    if (status === 0 && sessionId === undefined && mcpName === undefined) return undefined;
    return { ...(status !== 0 ? { status } : {}), ...(sessionId !== undefined ? { sessionId } : {}), ...(mcpName !== undefined ? { mcpName } : {}) };
  }

  private writeHttp(slot: number, http: HttpFacts | undefined): void {
    this.status[slot] = http?.status ?? 0;
    this.sessionId[slot] = http?.sessionId;
    this.mcpName[slot] = http?.mcpName;
  }

  private dropBody(seq: number): void {
    if (seq < 1 || !this.isKept(seq)) return;
    const slot = this.slotOf(seq);
    const json = this.body[slot];
    if (json === undefined) return;
    this.bodyChars -= json.length;
    this.body[slot] = undefined;
  }

  private isKept(seq: number): boolean {
    return seq >= 1 && seq <= this.written && seq > this.written - this.caps.maxEntries;
  }

  private slotOf(seq: number): number {
    return (seq - 1) % this.caps.maxEntries;
  }

  private intern(method: string): string {
    const known = this.methods.get(method);
    if (known !== undefined) return known;
    if (this.methods.size < MAX_INTERNED_METHODS) this.methods.set(method, method);
    return method;
  }
}
