/**
 * One server's protocol log: every JSON-RPC message sent and received on its transport, with
 * what a reader needs beside the message — the method a response answers, how long its request
 * took, the HTTP facts of the POST that carried it, the task it belongs to. The message is
 * redacted before it is kept, as JSON text (parsed only when read, so recording costs one
 * `JSON.stringify` per message); a message larger than `PROTOCOL_MESSAGE_BYTES` is not kept, its
 * size is. Bounded by count and bytes, in columns (protocol-columns.ts) that cost no allocation
 * per message.
 */
import type { HttpFacts, ProtocolEntry } from '../../../shared/server-log.js';
import { ProtocolColumns } from './protocol-columns.js';
import type { Redactor } from './redaction.js';

/** Entries one server's protocol log keeps, and the bytes their messages may hold. */
export const PROTOCOL_MAX_ENTRIES = 2_000;
export const PROTOCOL_MAX_BYTES = 1024 * 1024;
/**
 * How many of the newest entries keep their message (older ones keep the rest). Held only a
 * moment on a busy server, the messages die young, which the garbage collector does cheaply;
 * a quiet server's last 256 messages span minutes.
 */
export const PROTOCOL_BODY_ENTRIES = 256;
/** The largest message kept with its entry, as JSON bytes. */
export const PROTOCOL_MESSAGE_BYTES = 256 * 1024;
/** Requests whose answer is awaited at most (older ones are forgotten: their answers get no method or duration). */
const MAX_OPEN_REQUESTS = 2_000;

/** What `query` selects. */
export interface ProtocolQuery {
  /** Only entries after this `seq`. */
  afterSeq?: number;
  /** Only entries of this task or call (its local id). */
  localId?: string;
  /** At most this many, the newest (default and most: every kept entry). */
  limit?: number;
}

/** An entry as it is recorded (its message apart, as redacted JSON text): what the task exchange is told of. */
export type StoredProtocolEntry = Omit<ProtocolEntry, 'message'>;

/** A request waiting for its answer. */
interface OpenRequest {
  method: string;
  at: number;
  localId: string | undefined;
  entry: StoredProtocolEntry;
  /** The request's `seq` in the columns. */
  seq: number;
}

/** Says which task a request or notification belongs to (a response belongs to its request's). */
/**
 * Told of each kept entry (the exchange of its task): `json` is its message as redacted JSON text
 * (absent when too large to keep), `message` the message as it came (untrusted, not redacted:
 * only for reading its gist, which `redact` then cleans).
 */
export type EntryListener = (entry: StoredProtocolEntry, json: string | undefined, message: Record<string, unknown>, redact: (text: string) => string) => void;

export type Attribute = (message: Record<string, unknown>, direction: ProtocolEntry['direction']) => string | undefined;

export class ProtocolLog {
  private readonly columns = new ProtocolColumns({ maxEntries: PROTOCOL_MAX_ENTRIES, bodyEntries: PROTOCOL_BODY_ENTRIES, maxBodyChars: PROTOCOL_MAX_BYTES / 2 });
  /** Open requests by id: ours, and the server's. */
  private readonly open = { sent: new Map<string | number, OpenRequest>(), received: new Map<string | number, OpenRequest>() };

  constructor(
    private readonly now: () => number,
    private redactor: Redactor,
    private readonly attribute: Attribute,
    private readonly onEntry: EntryListener,
  ) {}

  private readonly redactText = (text: string): string => this.redactor.text(text);

  /** Uses `redactor` from now on (the server's secrets changed). */
  setRedactor(redactor: Redactor): void {
    this.redactor = redactor;
  }

  /**
   * Records one message (an untrusted object as the transport carries it); `text` is its JSON
   * text when the transport had it (a stdio line), else it is serialized here.
   */
  record(message: Record<string, unknown>, direction: ProtocolEntry['direction'], text?: string): StoredProtocolEntry {
    const at = this.now();
    const { id, method } = message;
    const rpcId = typeof id === 'string' || typeof id === 'number' ? id : undefined;
    let json: string;
    // Taken as it came only without escapes: an escape can spell a secret so redaction misses it,
    // and serializing again writes one spelling (the one redaction knows).
    if (text !== undefined && !text.includes('\\')) {
      json = text;
    } else {
      try {
        json = JSON.stringify(message);
      } catch {
        json = '{}';
      }
    }
    const bytes = Buffer.byteLength(json, 'utf8');
    const entry: StoredProtocolEntry = { seq: 0, at, direction, kind: 'notification', bytes };
    if (rpcId !== undefined) entry.id = rpcId;
    let request: Omit<OpenRequest, 'seq'> | undefined;
    if (typeof method === 'string') {
      entry.method = method;
      const localId = this.attribute(message, direction);
      if (localId !== undefined) entry.localId = localId;
      if (rpcId !== undefined) {
        entry.kind = 'request';
        request = { method, at, localId, entry };
      }
    } else if (rpcId !== undefined) {
      entry.kind = 'error' in message ? 'error' : 'response';
      // An answer we send settles the server's request, and the other way round.
      const open = this.open[direction === 'sent' ? 'received' : 'sent'];
      const request = open.get(rpcId);
      if (request !== undefined) {
        open.delete(rpcId);
        entry.method = request.method;
        entry.durationMs = Math.max(0, at - request.at);
        if (request.localId !== undefined) entry.localId = request.localId;
        // Shared, not copied: `noteHttp` replaces a request's facts, never changes them.
        if (request.entry.http !== undefined) entry.http = request.entry.http;
      }
    }
    let kept: string | undefined;
    if (bytes <= PROTOCOL_MESSAGE_BYTES) kept = this.redactor.isEmpty ? json : this.redactor.json(json);
    entry.seq = this.columns.push(entry, kept);
    if (request !== undefined && rpcId !== undefined) this.remember(this.open[direction], rpcId, { ...request, seq: entry.seq });
    this.onEntry(entry, kept, message, this.redactText);
    return entry;
  }

  /**
   * The HTTP facts of the POST that carried our request `id` (its `Mcp-Name` and session going
   * out, its status and session coming back): added to the request's entry and to its answer's.
   */
  noteHttp(id: string | number, facts: HttpFacts): void {
    const request = this.open.sent.get(id);
    if (request === undefined) return;
    request.entry.http = { ...request.entry.http, ...definedOnly(facts) };
    this.columns.setHttp(request.seq, request.entry.http);
  }

  /** Kept entries, oldest first, with their messages parsed (see `ProtocolQuery`). */
  query(query: ProtocolQuery = {}): ProtocolEntry[] {
    return this.columns.query(query.afterSeq ?? 0, query.localId, Math.min(query.limit ?? PROTOCOL_MAX_ENTRIES, PROTOCOL_MAX_ENTRIES), parseKept);
  }

  /** The bytes the kept entries cost (an estimate). */
  get heldBytes(): number {
    return this.columns.heldBytes;
  }

  private remember(open: Map<string | number, OpenRequest>, id: string | number, request: OpenRequest): void {
    open.set(id, request);
    if (open.size > MAX_OPEN_REQUESTS) {
      const oldest = open.keys().next().value;
      if (oldest !== undefined) open.delete(oldest);
    }
  }
}

/** Redacted JSON text read back; undefined when there is none or redaction cut through an escape. */
export function parseKept(json: string | undefined): unknown {
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

function definedOnly(facts: HttpFacts): HttpFacts {
  const out: HttpFacts = {};
  if (facts.status !== undefined) out.status = facts.status;
  if (facts.sessionId !== undefined) out.sessionId = facts.sessionId;
  if (facts.mcpName !== undefined) out.mcpName = facts.mcpName;
  return out;
}
