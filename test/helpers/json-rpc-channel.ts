/**
 * A minimal raw JSON-RPC channel for tests, over a stdio child process or Streamable HTTP.
 * Every inbound message is checked with zod: test clients treat servers as untrusted too.
 */
import { z } from 'zod';

export type JsonRpcId = string | number;

export const JsonRpcErrorSchema = z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() });

/** Any JSON-RPC 2.0 message. */
export const JsonRpcMessageSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: JsonRpcErrorSchema.optional(),
});
export type JsonRpcMessage = z.infer<typeof JsonRpcMessageSchema>;

/** The answer to one request. */
export interface RpcResponse {
  id: JsonRpcId;
  result?: Record<string, unknown>;
  error?: z.infer<typeof JsonRpcErrorSchema>;
  /** HTTP status of the exchange (HTTP channel only). */
  httpStatus?: number;
}

export interface RpcRequestOptions {
  /** Request id; the channel picks one when absent. */
  id?: JsonRpcId;
  /** HTTP headers (ignored on stdio). */
  headers?: Record<string, string>;
  /**
   * Server messages that may belong to this request: on HTTP those on its SSE stream; on stdio
   * every non-response message that arrives while it is pending (stdio cannot tell).
   */
  onMessage?: (message: JsonRpcMessage) => void;
  /** Cancels the request the transport's way: stdio `notifications/cancelled`, HTTP stream closed. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A bidirectional JSON-RPC connection to one server. */
/** A client's answer to a server→client request. */
export type RpcReply = { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };

export interface RpcChannel {
  request(method: string, params: Record<string, unknown>, options?: RpcRequestOptions): Promise<RpcResponse>;
  notify(method: string, params: Record<string, unknown>, headers?: Record<string, string>): Promise<void>;
  /** Answers a server→client request with a result or a JSON-RPC error. */
  respond(id: JsonRpcId, reply: RpcReply, headers?: Record<string, string>): Promise<void>;
  /** Calls `listener` with every server message that is not a response; returns the unsubscribe function. */
  onMessage(listener: (message: JsonRpcMessage) => void): () => void;
}

/** True for a response message (has an id and a result or error, no method). */
export function isResponse(message: JsonRpcMessage): message is JsonRpcMessage & { id: JsonRpcId } {
  return message.method === undefined && message.id !== undefined && message.id !== null && (message.result !== undefined || message.error !== undefined);
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Messages collected for a test to wait on: `next(predicate)` takes the first unread message,
 * already received or still to come, that matches.
 */
export class MessageInbox {
  /** Everything received, in order (read or not). */
  readonly received: JsonRpcMessage[] = [];
  private readonly unread: JsonRpcMessage[] = [];
  private readonly waiters: { predicate: (message: JsonRpcMessage) => boolean; take: (message: JsonRpcMessage) => void }[] = [];

  push(message: JsonRpcMessage): void {
    this.received.push(message);
    const waiter = this.waiters.find((candidate) => candidate.predicate(message));
    if (waiter === undefined) this.unread.push(message);
    else waiter.take(message);
  }

  next(predicate: (message: JsonRpcMessage) => boolean, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<JsonRpcMessage> {
    const index = this.unread.findIndex(predicate);
    if (index >= 0) return Promise.resolve(this.unread.splice(index, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter = {
        predicate,
        take: (message: JsonRpcMessage) => {
          clearTimeout(timer);
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          resolve(message);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}

/** A task's status fields as both wire forms name them. */
interface PolledTask {
  status: string;
  statusMessage?: string | undefined;
}

/**
 * Calls `get` every 20 ms until `until` holds; returns the last task and every distinct status
 * message seen on the way (test clients only: the engine never polls like this).
 */
export async function pollTask<T extends PolledTask>(get: () => Promise<T>, until: (task: T) => boolean, timeoutMs: number): Promise<{ task: T; statusMessages: string[] }> {
  const statusMessages: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const task = await get();
    if (task.statusMessage !== undefined && statusMessages.at(-1) !== task.statusMessage) statusMessages.push(task.statusMessage);
    if (until(task)) return { task, statusMessages };
    if (Date.now() > deadline) throw new Error(`task still ${task.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
