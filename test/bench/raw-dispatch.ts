/**
 * The baseline's `rawDispatch`: ext-tasks needs a host-owned raw request path for a 2026-07-28
 * Tasks server, because the SDK client's result codec rejects task wire shapes
 * (docs/protocol-notes.md#what-the-mcp-typescript-packages-really-do). It runs on the SDK's own
 * connected transport with the technique our engine
 * uses, so both clients pay the same per-request costs: JSON-RPC requests with string ids the
 * SDK never issues, whose responses are taken off the transport before the SDK sees them.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { DispatchError, type JsonRpcResponse, type RawClientDispatch } from '@modelcontextprotocol/ext-tasks/client';

type JsonValue = Parameters<RawClientDispatch>[0];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toResponse(message: Record<string, unknown>): JsonRpcResponse {
  const { error } = message;
  if (!isObject(error)) return { kind: 'result', result: (message.result ?? null) as JsonValue };
  return {
    kind: 'error',
    error: {
      code: typeof error.code === 'number' ? error.code : -32603,
      message: typeof error.message === 'string' ? error.message : 'error without a message',
      ...(error.data === undefined ? {} : { data: error.data as JsonValue }),
    },
  };
}

/**
 * Wraps the `onmessage` the SDK installed on `transport` (call after `client.connect`) and
 * returns a dispatch for ext-tasks. Requests it receives are already framed by ext-tasks
 * (`method`, `params` with the 2026-07-28 `_meta`); only `jsonrpc` and an id are added. A
 * request aborted in flight is forgotten and cancelled with `notifications/cancelled` (stdio,
 * docs/protocol-notes.md#transports). No timeout of its own: ext-tasks passes none unless asked to.
 */
export function attachRawDispatch(transport: Transport): RawClientDispatch {
  const pending = new Map<string, (response: JsonRpcResponse) => void>();
  let nextId = 1;
  const sdkOnMessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const raw = message as Record<string, unknown>;
    const settle = typeof raw.id === 'string' && raw.method === undefined ? pending.get(raw.id) : undefined;
    if (settle === undefined) {
      sdkOnMessage?.(message, extra);
      return;
    }
    pending.delete(raw.id as string);
    settle(toResponse(raw));
  };
  return (request, options) =>
    new Promise<JsonRpcResponse>((resolve, reject) => {
      if (!isObject(request)) throw new DispatchError('A request must be a JSON object');
      const id = `baseline-${nextId++}`;
      const signal = options?.signal;
      const onAbort = (): void => {
        pending.delete(id);
        transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } }).catch(() => undefined);
        reject(new DispatchError('The request was aborted'));
      };
      if (signal?.aborted === true) {
        reject(new DispatchError('The request was aborted'));
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      pending.set(id, (response) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(response);
      });
      transport.send({ ...request, jsonrpc: '2.0', id } as JSONRPCMessage).catch((error: unknown) => {
        pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
        reject(new DispatchError('The transport could not send the request', false, { cause: error }));
      });
    });
}
