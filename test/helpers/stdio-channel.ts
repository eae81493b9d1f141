/** A raw JSON-RPC channel over a child process's stdin/stdout (newline-delimited JSON, docs/protocol-notes.md#transports). */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
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

type Pending = { resolve: (response: RpcResponse) => void; onMessage?: (message: JsonRpcMessage) => void };

export class StdioChannel implements RpcChannel {
  private readonly pending = new Map<JsonRpcId, Pending>();
  private readonly listeners = new Set<(message: JsonRpcMessage) => void>();
  private lastId = 0;

  /** Also collects lines that are not valid JSON-RPC: a stdio server must write nothing else to stdout. */
  readonly garbage: string[] = [];

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => this.receive(line));
  }

  request(method: string, params: Record<string, unknown>, options: RpcRequestOptions = {}): Promise<RpcResponse> {
    const id = options.id ?? ++this.lastId;
    const { signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
    return new Promise((resolve, reject) => {
      const finish = (): void => {
        this.pending.delete(id);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        finish();
        this.write({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });
        reject(new Error(`${method} cancelled`));
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`${method} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (response) => {
          finish();
          resolve(response);
        },
        ...(options.onMessage !== undefined && { onMessage: options.onMessage }),
      });
      this.write({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: Record<string, unknown>): Promise<void> {
    this.write({ jsonrpc: '2.0', method, params });
    return Promise.resolve();
  }

  respond(id: JsonRpcId, reply: RpcReply): Promise<void> {
    this.write({ jsonrpc: '2.0', id, ...reply });
    return Promise.resolve();
  }

  onMessage(listener: (message: JsonRpcMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private write(message: Record<string, unknown>): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private receive(line: string): void {
    let parsed: ReturnType<typeof JsonRpcMessageSchema.safeParse>;
    try {
      parsed = JsonRpcMessageSchema.safeParse(JSON.parse(line));
    } catch {
      this.garbage.push(line);
      return;
    }
    if (!parsed.success) {
      this.garbage.push(line);
      return;
    }
    const message = parsed.data;
    if (isResponse(message)) {
      this.pending.get(message.id)?.resolve({
        id: message.id,
        ...(message.result !== undefined && { result: message.result }),
        ...(message.error !== undefined && { error: message.error }),
      });
      return;
    }
    for (const pending of this.pending.values()) pending.onMessage?.(message);
    for (const listener of this.listeners) listener(message);
  }
}
