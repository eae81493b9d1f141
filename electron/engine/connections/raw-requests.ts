/**
 * The connection's raw JSON-RPC path: hand-built requests on the SDK's transport (the SDK client
 * cannot carry task handles, docs/protocol-notes.md#result-types), each waiting for its answer,
 * its timeout, its caller's abort or the end of its HTTP stream; bare responses and notifications
 * too. String ids with the `mtm-` prefix keep our requests apart from the SDK's own (numbered) ones.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { isJsonObject } from '../../../shared/json-guards.js';
import { authProblemOf, describeAuthProblem } from '../auth/sign-in-errors.js';
import type { Clock, TimerHandle } from '../ports.js';
import type { ServerRequestAnswer } from './connection-contract.js';
import { McpRequestError } from './mcp-request-error.js';
import { StdioTransport } from './stdio-transport.js';

/** Default timeout of a raw request. */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** The prefix of our request ids. */
const ID_PREFIX = 'mtm-';

/** Options for a raw request. */
export interface RawRequestOptions {
  /** Milliseconds before the request fails; `Infinity` for none (blocking `tasks/result`). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** HTTP only: fired when the request's response stream ends (listen streams). */
  onStreamEnd?: () => void;
  /** Use this JSON-RPC id (from `allocateRequestId`), e.g. when it names a subscription. */
  id?: string;
  /**
   * Asked when the timeout is reached: a positive number of ms waits that much longer instead of
   * failing the request (a call's rule: calls/call-timeout.ts). Absent or 0: the request fails.
   */
  extraWait?: () => number;
}

/** A request we sent and still wait on. */
interface PendingRequest {
  resolve(result: Record<string, unknown>): void;
  reject(error: McpRequestError): void;
}

/** What the request path reads from, and tells, the connection it belongs to. */
export interface RawRequestHooks {
  clock: Clock;
  /** The server's name, for errors. */
  name: string;
  /** The current transport (undefined while there is none). */
  transport(): Transport | undefined;
  /** True while the connection's status is `connected`. */
  isConnected(): boolean;
  /** `params` as they go out on the current connection (the era's envelope, era-rules.ts). */
  envelope(params: Record<string, unknown>): Record<string, unknown>;
  /** True when a request given up is told to the server with `notifications/cancelled` (see `CancelWire`). */
  cancelNotifies(): boolean;
  /** `method`, sent on `transport`, got no answer in `waitedMs` (the request is failed next). */
  timedOut(transport: Transport, method: string, waitedMs: number): void;
  /** Sending on `transport` failed with `error` (the request has been failed with it). */
  sendFailed(transport: Transport, error: unknown): void;
}

/** The raw requests of one connection, across its reconnects. */
export class RawRequests {
  private readonly pending = new Map<string, PendingRequest>();
  private nextId = 1;

  constructor(private readonly hooks: RawRequestHooks) {}

  /** A fresh JSON-RPC id (string ids: the SDK's own requests use numbers). */
  allocateId(): string {
    return `${ID_PREFIX}${this.nextId++}`;
  }

  /** True when `id` is one of ours still waiting for its answer. */
  isWaiting(id: unknown): boolean {
    return typeof id === 'string' && this.pending.has(id);
  }

  /** Sends `method` with `params` on the connected transport and resolves with the raw result object; rejects with `McpRequestError`. */
  request(method: string, params: Record<string, unknown>, options: RawRequestOptions): Promise<Record<string, unknown>> {
    const transport = this.hooks.transport();
    if (transport === undefined || !this.hooks.isConnected()) {
      return Promise.reject(new McpRequestError(`${this.hooks.name} is not connected`, undefined, undefined, 'disconnected'));
    }
    const id = options.id ?? this.allocateId();
    const message = { jsonrpc: '2.0' as const, id, method, params: this.hooks.envelope(params) };
    const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    // Only HTTP sends use the signal and the stream-end callback (a stdio send writes one line);
    // made per request at thousands of polls a second, they would outlive the young generation.
    const abort = transport instanceof StdioTransport ? undefined : new AbortController();
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      let timer: TimerHandle | undefined;
      const finish = (): void => {
        this.pending.delete(id);
        timer?.cancel();
        options.signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = (): void => {
        finish();
        abort?.abort();
        this.sendCancelled(id, typeof options.signal?.reason === 'string' ? options.signal.reason : undefined);
        reject(new McpRequestError(`${method} was aborted`, undefined, undefined, 'aborted'));
      };
      this.pending.set(id, {
        resolve: (result) => { finish(); resolve(result); },
        reject: (error) => { finish(); reject(error); },
      });
      // The whole wait, extensions included: what the failure says it waited.
      let waitedMs = 0;
      const armTimeout = (ms: number): void => {
        waitedMs += ms;
        timer = this.hooks.clock.setTimer(ms, () => {
          const more = options.extraWait?.() ?? 0;
          if (more > 0) return armTimeout(more);
          finish();
          abort?.abort();
          this.sendCancelled(id);
          this.hooks.timedOut(transport, method, waitedMs);
          reject(new McpRequestError(`${method} timed out after ${waitedMs} ms`, undefined, undefined, 'timeout'));
        });
      };
      if (Number.isFinite(timeoutMs)) armTimeout(timeoutMs);
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      transport
        .send(message as JSONRPCMessage, abort === undefined ? undefined : {
          requestSignal: abort.signal,
          onRequestStreamEnd: () => {
            options.onStreamEnd?.();
            const waiting = this.pending.get(id);
            waiting?.reject(new McpRequestError(`${method}: the server closed the stream without answering`, undefined, undefined, 'disconnected'));
          },
        })
        .catch((error: unknown) => {
          this.pending.get(id)?.reject(toRequestError(method, error));
          this.hooks.sendFailed(transport, error);
        });
    });
  }

  /** Sends a bare JSON-RPC response to the server's request `requestId` on the connected transport; rejects when it could not be sent. */
  async respond(requestId: string | number, answer: ServerRequestAnswer): Promise<void> {
    const transport = this.hooks.transport();
    if (transport === undefined || !this.hooks.isConnected()) {
      throw new McpRequestError(`${this.hooks.name} is not connected`, undefined, undefined, 'disconnected');
    }
    try {
      await transport.send({ jsonrpc: '2.0', id: requestId, ...answer });
    } catch (error) {
      throw toRequestError('answer', error);
    }
  }

  /** Sends a JSON-RPC notification on the current transport, if there is one. */
  async notify(method: string, params: Record<string, unknown>): Promise<void> {
    await this.hooks.transport()?.send({ jsonrpc: '2.0', method, params: this.hooks.envelope(params) });
  }

  /**
   * Takes a message that answers one of our requests (a string id, no method) and settles the
   * request with it; true when the message was ours, one we no longer wait for included.
   */
  take(raw: Record<string, unknown>): boolean {
    if (typeof raw.id !== 'string' || raw.method !== undefined) return false;
    const waiting = this.pending.get(raw.id);
    if (waiting === undefined) return raw.id.startsWith(ID_PREFIX);
    if ('error' in raw && 'result' in raw) {
      // JSON-RPC allows exactly one of the two; guessing which one the server meant is unsafe.
      waiting.reject(new McpRequestError('The server answered with both a result and an error.', undefined, undefined, 'malformed'));
    } else if (isJsonObject(raw.error)) {
      const code = typeof raw.error.code === 'number' ? raw.error.code : undefined;
      const text = typeof raw.error.message === 'string' ? raw.error.message : 'error without a message';
      waiting.reject(McpRequestError.fromServer(code, text, raw.error.data));
    } else if (isJsonObject(raw.result)) {
      waiting.resolve(raw.result);
    } else {
      waiting.reject(new McpRequestError('The server answered without a result object.', undefined, undefined, 'malformed'));
    }
    return true;
  }

  /** Fails the request `id` with `error` when it is one of ours still waiting; true when it was. */
  fail(id: unknown, error: McpRequestError): boolean {
    const waiting = typeof id === 'string' ? this.pending.get(id) : undefined;
    if (waiting === undefined) return false;
    waiting.reject(error);
    return true;
  }

  /** Tells the server that request `requestId` was given up, where the cancel wire has the notification. */
  private sendCancelled(requestId: string, reason = 'cancelled by the client'): void {
    if (this.hooks.cancelNotifies()) {
      void this.notify('notifications/cancelled', { requestId, reason }).catch(() => undefined);
    }
  }

  /** Fails every waiting request as disconnected, saying `message`. */
  failAll(message: string): void {
    for (const waiting of this.pending.values()) {
      waiting.reject(new McpRequestError(message, undefined, undefined, 'disconnected'));
    }
  }
}

/** A failed send of `method` as the request error its caller sees (a refusal for want of sign-in says so). */
export function toRequestError(method: string, error: unknown): McpRequestError {
  if (error instanceof McpRequestError) return error;
  const problem = authProblemOf(error);
  if (problem !== undefined) return new McpRequestError(`${method}: ${describeAuthProblem(problem, 'The server')}`, undefined, undefined, 'sign-in-needed');
  const record = isJsonObject(error) ? error : {};
  const code = typeof record.code === 'number' ? record.code : undefined;
  const message = `${method}: ${error instanceof Error ? error.message : String(error)}`;
  return code === undefined ? new McpRequestError(message, undefined, undefined, 'disconnected') : McpRequestError.fromServer(code, message, record.data);
}
