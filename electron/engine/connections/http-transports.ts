/**
 * The two HTTP transports of MCP, built on the SDK client's: Streamable HTTP (2025-03-26 on) and
 * the older HTTP+SSE transport of 2024-11-05 (a GET stream that names, in an `endpoint` event,
 * the URL messages are POSTed to), and the rule of the spec's backwards-compatibility section for
 * when a Streamable HTTP answer means "this server only speaks HTTP+SSE".
 *
 * Both take the same bounded fetch (message limit, protocol-log facts), headers and auth
 * provider, so what is refused, recorded and signed in does not depend on the transport.
 */
import { SdkHttpError, SSEClientTransport, StreamableHTTPClientTransport, type AuthProvider, type OAuthClientProvider, type Transport } from '@modelcontextprotocol/client';
import type { HttpTransportKind } from '../../../shared/server-config.js';
import type { LegacySession } from '../../../shared/task-model.js';
import { withBody, type FetchLike } from './bounded-fetch.js';

/** What either HTTP transport is built from. */
export interface HttpTransportOptions {
  /** The configured endpoint: the MCP endpoint (Streamable HTTP) or the SSE stream's URL (HTTP+SSE). */
  url: string;
  /** Configured headers, sent on every request (the GET stream included). */
  headers: Record<string, string>;
  /** The fetch every request goes through (bounded, observed). */
  fetch: FetchLike;
  /** Sign-in: the bearer token source and what a 401 does. */
  authProvider?: AuthProvider | OAuthClientProvider;
  /** Streamable HTTP only: a 2025-11-25 session to rejoin (HTTP+SSE sessions live as long as their stream). */
  rejoin?: LegacySession;
}

/** The transport of `kind` for `options`. */
export function createHttpTransport(kind: HttpTransportKind, options: HttpTransportOptions): Transport {
  const common = {
    requestInit: { headers: options.headers },
    fetch: options.fetch,
    ...(options.authProvider !== undefined ? { authProvider: options.authProvider } : {}),
  };
  if (kind === 'sse') return new LegacySseTransport(new URL(options.url), common);
  const rejoin = options.rejoin;
  return new StreamableHTTPClientTransport(new URL(options.url), {
    ...common,
    ...(rejoin !== undefined ? { sessionId: rejoin.id, protocolVersion: rejoin.protocolVersion } : {}),
  });
}

/**
 * HTTP+SSE whose connection ends when its GET stream ends. The SDK's transport leaves a dropped
 * stream to the EventSource, which opens a new one — and an HTTP+SSE server starts a new,
 * uninitialized session on every GET, so the client would go on in a session the server never
 * heard of. Closing instead lets the connection reconnect and `initialize` again.
 */
class LegacySseTransport extends SSEClientTransport {
  private isClosed = false;

  constructor(url: URL, options: { requestInit: RequestInit; fetch: FetchLike; authProvider?: AuthProvider | OAuthClientProvider }) {
    const { fetch: base } = options;
    // Set once the transport exists (a stream can only end after `start`).
    const stream = { ended: (): void => undefined };
    const endsWithStream: FetchLike = async (target, init) => {
      const response = await base(target, init);
      const isStream = (init?.method ?? 'GET').toUpperCase() === 'GET';
      if (!isStream || !response.ok || response.body === null) return response;
      return withBody(response, notifyingEnd(response.body, () => stream.ended()));
    };
    super(url, { ...options, fetch: endsWithStream });
    stream.ended = () => void this.close();
  }

  override async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    await super.close();
  }
}

/** `source` passed on as it is; `onEnd` is told once when it ends, fails or is cancelled. */
function notifyingEnd(source: ReadableStream<Uint8Array>, onEnd: () => void): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let told = false;
  const end = (): void => {
    if (told) return;
    told = true;
    onEnd();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          end();
          return;
        }
        controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        end();
      }
    },
    async cancel(reason) {
      end();
      await reader.cancel(reason);
    },
  });
}

/** JSON-RPC errors of 2026-07-28 that a 400 carries: the server speaks Streamable HTTP (HeaderMismatch, MissingRequiredClientCapability, UnsupportedProtocolVersion). */
const MODERN_ERROR_CODES = new Set([-32020, -32021, -32022]);
const METHOD_NOT_FOUND = -32601;

/**
 * True when a failed Streamable HTTP connect says the server only speaks HTTP+SSE: its POST was
 * answered with a 4xx (the spec's backwards-compatibility rule) — but not 401/403 (sign-in, not
 * the transport), nor a body that is a modern JSON-RPC error, nor a 404 carrying -32601 (a
 * 2026-07-28 "method not found"): those come from a server that does speak Streamable HTTP.
 */
export function isSseFallbackAnswer(error: unknown): boolean {
  if (!(error instanceof SdkHttpError)) return false;
  const status = error.status;
  if (typeof status !== 'number' || status < 400 || status >= 500 || status === 401 || status === 403) return false;
  const code = jsonRpcErrorCode(error.data.text);
  if (code !== undefined && MODERN_ERROR_CODES.has(code)) return false;
  return !(status === 404 && code === METHOD_NOT_FOUND);
}

/** The `error.code` of a JSON-RPC error response body, if `text` is one. */
function jsonRpcErrorCode(text: unknown): number | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
    const { error } = body;
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}
