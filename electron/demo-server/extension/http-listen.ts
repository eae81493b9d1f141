/**
 * Task subscriptions over Streamable HTTP: a `subscriptions/listen` POST is answered with an SSE
 * stream that lives until the client closes it (its cancellation,
 * docs/protocol-notes.md#transports) or the server ends it gracefully with the listen response.
 * Served in front of the SDK's handler, whose own listen support cannot carry `taskIds`
 * (docs/protocol-notes.md#what-the-mcp-typescript-packages-really-do).
 */
import { classifyInboundRequest, isJsonContentType, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/server';
import { INVALID_PARAMS, type JsonRpcErrorObject } from '../catalogue/tool-result.js';
import { LISTEN_METHOD, checkListenRequest } from './listen-request.js';
import type { TaskSubscriptions } from './task-subscriptions.js';

/** SSE comment keep-alive interval; clients ignore comments (docs/protocol-notes.md#transports). */
const KEEPALIVE_MS = 15_000;
/** JSON-RPC code: HTTP headers missing or disagreeing with the body (docs/protocol-notes.md#error-codes). */
const HEADER_MISMATCH = -32020;

const isListenBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { method?: unknown }).method === LISTEN_METHOD && 'id' in body;

function errorResponse(id: RequestId | null, error: JsonRpcErrorObject, status: number): Response {
  return Response.json({ jsonrpc: '2.0', id, error }, { status });
}

/** An SSE response carrying one task subscription. */
function subscriptionStream(subscriptions: TaskSubscriptions, id: RequestId, taskIds: string[], signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let ended = false;
  let keepAlive: NodeJS.Timeout | undefined;
  let unsubscribe = (): void => {};
  const onAbort = (): void => unsubscribe();

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // `ended` also covers a stream the reader already cancelled: closing it again would throw.
      const write = (frame: string): void => {
        if (!ended) controller.enqueue(encoder.encode(frame));
      };
      unsubscribe = subscriptions.subscribe(id, taskIds, {
        send: (message: JSONRPCMessage) => write(`event: message\ndata: ${JSON.stringify(message)}\n\n`),
        end: () => {
          clearInterval(keepAlive);
          signal.removeEventListener('abort', onAbort);
          if (!ended) controller.close();
          ended = true;
        },
      });
      if (!ended) keepAlive = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS).unref();
    },
    cancel: () => {
      ended = true;
      unsubscribe();
    },
  });
  if (!ended) signal.addEventListener('abort', onAbort, { once: true });
  return new Response(stream, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
  });
}

/**
 * Serves `request` when it is a 2026-era `subscriptions/listen` POST; returns undefined for
 * anything else, including listen requests the SDK's ladder rejects (bad envelope, version or
 * header mismatch, legacy traffic), so those keep the SDK's exact answers.
 */
export async function serveTaskListen(request: Request, subscriptions: TaskSubscriptions): Promise<Response | undefined> {
  if (request.method !== 'POST' || !isJsonContentType(request.headers.get('content-type'))) return undefined;
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return undefined;
  }
  if (!isListenBody(body)) return undefined;
  const header = (name: string): string | undefined => request.headers.get(name) ?? undefined;
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: header('mcp-protocol-version'),
    mcpMethodHeader: header('mcp-method'),
    mcpNameHeader: header('mcp-name'),
    body,
  });
  if (route.kind !== 'modern' || route.messageKind !== 'request') return undefined;
  const id = route.message.id;
  // The classifier checks that present headers agree with the body; presence is checked here
  // (docs/protocol-notes.md#transports).
  if (header('mcp-protocol-version') === undefined || header('mcp-method') === undefined) {
    return errorResponse(id, { code: HEADER_MISMATCH, message: 'Bad Request: MCP-Protocol-Version and Mcp-Method headers are required' }, 400);
  }
  const check = checkListenRequest(route.message);
  // A bad filter is an in-band error (like the SDK's own listen); capability and version errors are
  // HTTP 400 (docs/protocol-notes.md#error-codes).
  if (!check.ok) return errorResponse(check.id, check.error, check.error.code === INVALID_PARAMS ? 200 : 400);
  return subscriptionStream(subscriptions, check.subscriptionId, check.taskIds, request.signal);
}
