/**
 * One server's protocol log: every JSON-RPC message sent and received on its transport, with
 * what a reader needs beside the message — the method a response answers, how long its request
 * took, the HTTP facts of the POST that carried it, the task it belongs to. The message is
 * redacted before it is kept, as JSON text (parsed only when read, so recording costs one
 * `JSON.stringify` per message); a message larger than `PROTOCOL_MESSAGE_BYTES` is not kept, its
 * size is. Bounded by count and bytes.
 */
import type { HttpFacts, ProtocolEntry } from '../../../shared/server-log.js';
import { LogRing } from './log-ring.js';
import type { Redactor } from './redaction.js';

/** Entries one server's protocol log keeps, and the bytes their messages may hold. */
export const PROTOCOL_MAX_ENTRIES = 5_000;
export const PROTOCOL_MAX_BYTES = 4 * 1024 * 1024;
/** The largest message kept with its entry, as JSON bytes. */
export const PROTOCOL_MESSAGE_BYTES = 256 * 1024;
/** Requests whose answer is awaited at most (older ones are forgotten: their answers get no method or duration). */
const MAX_OPEN_REQUESTS = 2_000;
/** Fixed cost estimate of an entry beside its message. */
const ENTRY_OVERHEAD_BYTES = 200;

/** What `query` selects. */
export interface ProtocolQuery {
  /** Only entries after this `seq`. */
  afterSeq?: number;
  /** Only entries of this task or call (its local id). */
  taskId?: string;
  /** At most this many, the newest (default and most: every kept entry). */
  limit?: number;
}

/** A kept entry: its message as redacted JSON text. */
export interface StoredProtocolEntry extends Omit<ProtocolEntry, 'message'> {
  json?: string;
}

/** A request waiting for its answer. */
interface OpenRequest {
  method: string;
  at: number;
  taskId: string | undefined;
  entry: StoredProtocolEntry;
}

/** Says which task a request or notification belongs to (a response belongs to its request's). */
export type Attribute = (message: Record<string, unknown>, direction: ProtocolEntry['direction']) => string | undefined;

export class ProtocolLog {
  private readonly ring = new LogRing<StoredProtocolEntry>({ maxEntries: PROTOCOL_MAX_ENTRIES, maxBytes: PROTOCOL_MAX_BYTES });
  /** Open requests by direction and id: `s:` ours, `r:` the server's. */
  private readonly open = new Map<string, OpenRequest>();

  constructor(
    private readonly now: () => number,
    private redactor: Redactor,
    private readonly attribute: Attribute,
    /** Told of each entry once it is kept (the exchange of its task). */
    private readonly onEntry: (entry: StoredProtocolEntry) => void,
  ) {}

  /** Uses `redactor` from now on (the server's secrets changed). */
  setRedactor(redactor: Redactor): void {
    this.redactor = redactor;
  }

  /** Records one message (an untrusted object as the transport carries it). */
  record(message: Record<string, unknown>, direction: ProtocolEntry['direction']): StoredProtocolEntry {
    const at = this.now();
    const { id, method } = message;
    const rpcId = typeof id === 'string' || typeof id === 'number' ? id : undefined;
    let json: string;
    try {
      json = JSON.stringify(message);
    } catch {
      json = '{}';
    }
    const bytes = Buffer.byteLength(json, 'utf8');
    const entry: StoredProtocolEntry = { seq: this.ring.allocateSeq(), at, direction, kind: 'notification', bytes };
    if (rpcId !== undefined) entry.id = rpcId;
    if (typeof method === 'string') {
      entry.method = method;
      const taskId = this.attribute(message, direction);
      if (taskId !== undefined) entry.taskId = taskId;
      if (rpcId !== undefined) {
        entry.kind = 'request';
        this.remember(`${direction === 'sent' ? 's' : 'r'}:${String(rpcId)}`, { method, at, taskId, entry });
      }
    } else if (rpcId !== undefined) {
      entry.kind = 'error' in message ? 'error' : 'response';
      // An answer we send settles the server's request, and the other way round.
      const key = `${direction === 'sent' ? 'r' : 's'}:${String(rpcId)}`;
      const request = this.open.get(key);
      if (request !== undefined) {
        this.open.delete(key);
        entry.method = request.method;
        entry.durationMs = Math.max(0, at - request.at);
        if (request.taskId !== undefined) entry.taskId = request.taskId;
        if (request.entry.http !== undefined) entry.http = { ...request.entry.http };
      }
    }
    if (bytes <= PROTOCOL_MESSAGE_BYTES) entry.json = this.redactor.isEmpty ? json : this.redactor.json(json);
    // JavaScript strings take two bytes a character.
    this.ring.push(entry, ENTRY_OVERHEAD_BYTES + (entry.json?.length ?? 0) * 2);
    this.onEntry(entry);
    return entry;
  }

  /**
   * The HTTP facts of the POST that carried our request `id` (its `Mcp-Name` and session going
   * out, its status and session coming back): added to the request's entry and to its answer's.
   */
  noteHttp(id: string | number, facts: HttpFacts): void {
    const request = this.open.get(`s:${String(id)}`);
    if (request === undefined) return;
    request.entry.http = { ...request.entry.http, ...definedOnly(facts) };
  }

  /** Kept entries, oldest first, with their messages parsed (see `ProtocolQuery`). */
  query(query: ProtocolQuery = {}): ProtocolEntry[] {
    const keep = query.taskId === undefined ? () => true : (entry: StoredProtocolEntry) => entry.taskId === query.taskId;
    return this.ring.query(query.afterSeq ?? 0, keep, Math.min(query.limit ?? PROTOCOL_MAX_ENTRIES, PROTOCOL_MAX_ENTRIES)).map(toProtocolEntry);
  }

  /** The bytes the kept entries cost (an estimate). */
  get heldBytes(): number {
    return this.ring.heldBytes;
  }

  private remember(key: string, request: OpenRequest): void {
    this.open.set(key, request);
    if (this.open.size > MAX_OPEN_REQUESTS) {
      const oldest = this.open.keys().next().value;
      if (oldest !== undefined) this.open.delete(oldest);
    }
  }
}

/** A kept entry as readers get it: its message parsed (absent when it was not kept or cannot be read back). */
export function toProtocolEntry(stored: StoredProtocolEntry): ProtocolEntry {
  const { json, ...entry } = stored;
  const message = parseKept(json);
  return message === undefined ? { ...entry } : { ...entry, message };
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
