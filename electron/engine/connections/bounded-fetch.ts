/**
 * The `fetch` the Streamable HTTP transport uses, with the message limit (message-limit.ts)
 * enforced while a response body is read:
 * - a `Content-Length` above the limit is refused before anything is read;
 * - a JSON (or any non-SSE) body is counted chunk by chunk and the read is cancelled — the socket
 *   closes — the moment it passes the limit, so the transport's `response.json()` rejects;
 * - a `text/event-stream` body is counted per event (bytes since the last blank line): a
 *   long-lived stream may carry any number of events, but no single one past the limit. The
 *   stream is cancelled inside the big event, so the SDK's event parser never dispatches it. The
 *   request it answered is named from the event's first bytes (a GET stream's events answer POSTs
 *   of their own, as on HTTP+SSE).
 * Chunks are passed on only after they were counted; what was passed before the limit was
 * reached is at most the limit, and none of it is ever handed on as a message.
 */
import { isJsonObject } from '../../../shared/json-guards.js';
import { ID_PREFIX_BYTES, topLevelIdIn } from './json-prefix-id.js';
import { MessageTooLargeError } from './message-limit.js';

/** Statuses whose responses have no body by definition (a `Response` with one cannot be built). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const LF = 0x0a;
const CR = 0x0d;

/** The `fetch` signature the SDK transport takes. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** What `boundedFetch` needs. */
export interface BoundedFetchOptions {
  /** The limit in bytes. */
  maxBytes: number;
  /**
   * Told when a response was refused for its size, before the transport sees the failure: with
   * the JSON-RPC id of the request whose POST it answered (undefined for a GET stream or a
   * batch). The caller fails that request with `error`'s message: over SSE the transport itself
   * would only see a broken stream.
   */
  onTooLarge?: (requestId: string | number | undefined, error: MessageTooLargeError) => void;
  /** The underlying fetch (default: the global one). */
  fetch?: FetchLike;
  /**
   * Told, for the POST of each JSON-RPC request, the headers that matter to a reader: the
   * `Mcp-Name` and `Mcp-Session-Id` it went out with (before it is sent), then the HTTP status
   * and the `Mcp-Session-Id` it was answered with. Never `Authorization` or any other header.
   */
  onHttp?: (requestId: string | number, facts: HttpFacts) => void;
}

/** What `onHttp` is told (header values as they are: untrusted, uncut). */
export interface HttpFacts {
  status?: number;
  sessionId?: string;
  mcpName?: string;
}

/** A `fetch` whose response bodies are cut at `maxBytes` (per event for SSE), see the module comment. */
export function boundedFetch(options: BoundedFetchOptions): FetchLike {
  const { maxBytes, onTooLarge, onHttp } = options;
  const base = options.fetch ?? fetch;
  return async (url, init) => {
    // Only the start of the body is read for the id: this runs for every poll.
    const requestId = onHttp !== undefined && typeof init?.body === 'string' ? topLevelIdIn(init.body.slice(0, ID_PREFIX_BYTES)) : undefined;
    if (requestId !== undefined) {
      const headers = new Headers(init?.headers);
      onHttp?.(requestId, headerFacts(headers.get('mcp-name'), headers.get('mcp-session-id')));
    }
    const response = await base(url, init);
    if (requestId !== undefined) onHttp?.(requestId, { status: response.status, ...headerFacts(null, response.headers.get('mcp-session-id')) });
    const body = response.body;
    if (body === null || NULL_BODY_STATUSES.has(response.status)) return response;
    const counter: SizeCounter = isEventStream(response.headers.get('content-type')) ? new EventSizeCounter(maxBytes) : new TotalSizeCounter(maxBytes);
    const refuse = (): MessageTooLargeError => {
      const error = new MessageTooLargeError(maxBytes, 'response');
      onTooLarge?.(requestIdOf(init?.body) ?? counter.refusedId?.(), error);
      return error;
    };
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await body.cancel().catch(() => undefined);
      throw refuse();
    }
    return withBody(response, limitedStream(body, counter, refuse));
  };
}

/** Counts a body's bytes; `add` says whether the body is still within the limit. */
interface SizeCounter {
  add(chunk: Uint8Array): boolean;
  /** The JSON-RPC id of the message that was refused, where its start says. */
  refusedId?(): string | number | undefined;
}

/** The whole body counts. */
class TotalSizeCounter implements SizeCounter {
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  add(chunk: Uint8Array): boolean {
    this.total += chunk.byteLength;
    return this.total <= this.maxBytes;
  }
}

/**
 * Each SSE event counts on its own: the bytes since the last blank line (an event ends at an empty
 * line; lines end with CRLF, LF or CR, as the SSE format allows).
 */
class EventSizeCounter implements SizeCounter {
  private eventBytes = 0;
  private lineBytes = 0;
  private afterCR = false;
  /** The current event's first bytes, to name the request a refused one answered. */
  private readonly start = new Uint8Array(ID_PREFIX_BYTES);
  private startLength = 0;

  constructor(private readonly maxBytes: number) {}

  refusedId(): string | number | undefined {
    const text = new TextDecoder().decode(this.start.subarray(0, this.startLength));
    // An event's data is its `data:` lines joined by line feeds (the SSE format).
    const data = text.split(/\r\n|\r|\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(line.startsWith('data: ') ? 6 : 5)).join('\n');
    return topLevelIdIn(data);
  }

  add(chunk: Uint8Array): boolean {
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index] ?? 0;
      this.eventBytes += 1;
      if (this.startLength < this.start.length) this.start[this.startLength++] = byte;
      if (byte === LF && this.afterCR) {
        // The LF of a CRLF: the line already ended at its CR.
        this.afterCR = false;
        continue;
      }
      this.afterCR = byte === CR;
      if (byte === LF || byte === CR) {
        if (this.lineBytes === 0) {
          this.eventBytes = 0;
          this.startLength = 0;
        }
        this.lineBytes = 0;
      } else {
        this.lineBytes += 1;
      }
      if (this.eventBytes > this.maxBytes) return false;
    }
    return true;
  }
}

/** `source` passed on chunk by chunk while `counter` allows; past that, `source` is cancelled and the stream errors with `refuse()`. */
function limitedStream(source: ReadableStream<Uint8Array>, counter: SizeCounter, refuse: () => Error): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      if (counter.add(value)) {
        controller.enqueue(value);
        return;
      }
      const error = refuse();
      // Cancelling the body closes the connection: nothing more of this response is received.
      await reader.cancel(error).catch(() => undefined);
      controller.error(error);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** `response` with `body` in place of its own (status, headers, URL and redirect facts kept). */
export function withBody(response: Response, body: ReadableStream<Uint8Array>): Response {
  const wrapped = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  // The SDK reads these to explain an unfollowed redirect; a constructed Response has none.
  Object.defineProperties(wrapped, {
    url: { value: response.url },
    redirected: { value: response.redirected },
    type: { value: response.type },
  });
  return wrapped;
}

function isEventStream(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

function headerFacts(mcpName: string | null, sessionId: string | null): HttpFacts {
  return { ...(mcpName !== null ? { mcpName } : {}), ...(sessionId !== null ? { sessionId } : {}) };
}

/** The id of the single JSON-RPC request a POST body carries, if it is one. */
function requestIdOf(body: unknown): string | number | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const message: unknown = JSON.parse(body);
    if (!isJsonObject(message) || !('method' in message) || !('id' in message)) return undefined;
    const { id } = message;
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}
