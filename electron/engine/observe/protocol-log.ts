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
  json?: string | undefined;
}

/** A request waiting for its answer. */
interface OpenRequest {
  method: string;
  at: number;
  taskId: string | undefined;
  entry: StoredProtocolEntry;
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
  private readonly ring = new LogRing<StoredProtocolEntry>({ maxEntries: PROTOCOL_MAX_ENTRIES, maxBytes: PROTOCOL_MAX_BYTES });
  /** Open requests by id: ours, and the server's. */
  /** The entries that keep their message, oldest first from `bodyHead` (a circular list). */
  private readonly withBody: (StoredProtocolEntry | undefined)[] = new Array<StoredProtocolEntry | undefined>(PROTOCOL_BODY_ENTRIES);
  private bodyHead = 0;
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
        this.remember(this.open[direction], rpcId, { method, at, taskId, entry });
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
        if (request.taskId !== undefined) entry.taskId = request.taskId;
        if (request.entry.http !== undefined) entry.http = { ...request.entry.http };
      }
    }
    let kept: string | undefined;
    if (bytes <= PROTOCOL_MESSAGE_BYTES) kept = this.redactor.isEmpty ? json : this.redactor.json(json);
    entry.json = kept;
    if (kept !== undefined) this.keepBody(entry);
    // JavaScript strings take two bytes a character.
    this.ring.push(entry, ENTRY_OVERHEAD_BYTES + (kept?.length ?? 0) * 2);
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
  }

  /** Kept entries, oldest first, with their messages parsed (see `ProtocolQuery`). */
  query(query: ProtocolQuery = {}): ProtocolEntry[] {
    const keep = query.taskId === undefined ? () => true : (entry: StoredProtocolEntry) => entry.taskId === query.taskId;
    return this.ring.query(query.afterSeq ?? 0, keep, Math.min(query.limit ?? PROTOCOL_MAX_ENTRIES, PROTOCOL_MAX_ENTRIES)).map((stored) => {
      const { json, ...entry } = stored;
      const message = parseKept(json);
      return message === undefined ? { ...entry } : { ...entry, message };
    });
  }

  /** The bytes the kept entries cost (an estimate). */
  get heldBytes(): number {
    return this.ring.heldBytes;
  }

  /** Lets the entry that kept its message longest ago drop it (assigned, not deleted: see task-exchange.ts). */
  private keepBody(entry: StoredProtocolEntry): void {
    const oldest = this.withBody[this.bodyHead];
    if (oldest !== undefined) oldest.json = undefined;
    this.withBody[this.bodyHead] = entry;
    this.bodyHead = (this.bodyHead + 1) % PROTOCOL_BODY_ENTRIES;
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
