/**
 * A raw JSON-RPC channel over Streamable HTTP (docs/protocol-notes.md#transports,
 * docs/protocol-notes.md#legacy-sessions-and-transports): one POST per message, answered with JSON
 * or an SSE stream. Echoes `Mcp-Session-Id` once a server assigned one (2025-era sessions);
 * 2026-era servers never do.
 */
import {
  DEFAULT_TIMEOUT_MS,
  JsonRpcMessageSchema,
  isResponse,
  type JsonRpcId,
  type JsonRpcMessage,
  type RpcChannel,
  type RpcReply,
  type RpcRequestOptions,
  type RpcResponse,
} from './json-rpc-channel.js';

/** Yields the `data` of each SSE event of `body`; comments, ids and priming events are skipped. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replaceAll('\r\n', '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data !== '') yield data;
    }
  }
}

const parseMessage = (text: string): JsonRpcMessage => JsonRpcMessageSchema.parse(JSON.parse(text));

export class HttpChannel implements RpcChannel {
  private sessionId: string | undefined;
  private lastId = 0;
  private readonly listeners = new Set<(message: JsonRpcMessage) => void>();

  constructor(readonly url: string) {}

  /** Resolves with the response to the request; other messages on its stream go to `onMessage`. */
  async request(method: string, params: Record<string, unknown>, options: RpcRequestOptions = {}): Promise<RpcResponse> {
    const id = options.id ?? ++this.lastId;
    const { signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
    const abort = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal === undefined ? [] : [signal])]);
    const response = await this.post({ jsonrpc: '2.0', id, method, params }, options.headers, abort);
    const deliver = (message: JsonRpcMessage): RpcResponse | undefined => {
      if (isResponse(message) && message.id === id) {
        return {
          id,
          ...(message.result !== undefined && { result: message.result }),
          ...(message.error !== undefined && { error: message.error }),
          httpStatus: response.status,
        };
      }
      options.onMessage?.(message);
      for (const listener of this.listeners) listener(message);
      return undefined;
    };
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.includes('text/event-stream') && response.body !== null) {
      try {
        for await (const data of sseData(response.body)) {
          const answer = deliver(parseMessage(data));
          if (answer !== undefined) return answer;
        }
      } catch (error) {
        if (abort.aborted) throw new Error(`${method} cancelled or timed out`, { cause: error });
        throw error;
      }
      throw new Error(`${method}: the SSE stream ended without a response (HTTP ${response.status})`);
    }
    const text = await response.text();
    const answer = deliver(parseMessage(text));
    if (answer === undefined) throw new Error(`${method}: HTTP ${response.status} without a matching response: ${text}`);
    return answer;
  }

  async notify(method: string, params: Record<string, unknown>, headers?: Record<string, string>): Promise<void> {
    await this.drain(await this.post({ jsonrpc: '2.0', method, params }, headers));
  }

  async respond(id: JsonRpcId, reply: RpcReply, headers?: Record<string, string>): Promise<void> {
    await this.drain(await this.post({ jsonrpc: '2.0', id, ...reply }, headers));
  }

  onMessage(listener: (message: JsonRpcMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async post(message: Record<string, unknown>, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(this.sessionId !== undefined && { 'mcp-session-id': this.sessionId }),
        ...headers,
      },
      body: JSON.stringify(message),
      ...(signal !== undefined && { signal }),
    });
    this.sessionId = response.headers.get('mcp-session-id') ?? this.sessionId;
    return response;
  }

  private async drain(response: Response): Promise<void> {
    await response.body?.cancel();
    if (response.status !== 202) throw new Error(`expected 202 Accepted, got HTTP ${response.status}`);
  }
}
