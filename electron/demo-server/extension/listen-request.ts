/**
 * The checks of a task `subscriptions/listen` request, shared by stdio and HTTP. The request is
 * answered by this server, not the SDK: the SDK's own listen support only knows the core filter
 * fields, drops `taskIds`, acknowledges `{}` and closes
 * (docs/protocol-notes.md#what-the-mcp-typescript-packages-really-do).
 */
import { CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY, type RequestId } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { INVALID_PARAMS, type JsonRpcErrorObject } from '../catalogue/tool-result.js';
import { MODERN_PROTOCOL_VERSION, TASKS_EXTENSION_REQUIRED, declaresTasksExtension } from './wire.js';

/** JSON-RPC code: the request lacks a client capability the server needs (docs/protocol-notes.md#error-codes). */
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
/** JSON-RPC code: the request names a protocol revision the server does not speak (docs/protocol-notes.md#error-codes). */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** The method this module checks. */
export const LISTEN_METHOD = 'subscriptions/listen';

const ListenRequestSchema = z.object({
  id: z.union([z.string(), z.number().int()]),
  params: z.looseObject({
    _meta: z.looseObject({
      [PROTOCOL_VERSION_META_KEY]: z.string(),
      [CLIENT_CAPABILITIES_META_KEY]: z.record(z.string(), z.unknown()),
    }),
    notifications: z.unknown(),
  }),
});

/** The core filter fields are accepted (and not honoured: this server publishes no list changes); `taskIds` is ours. */
const FilterSchema = z.looseObject({ taskIds: z.array(z.string().min(1).max(200)).max(1000).optional() });

/** A listen request that may be served, or the JSON-RPC error to answer it with. */
export type ListenCheck = { ok: true; subscriptionId: RequestId; taskIds: string[] } | { ok: false; id: RequestId | null; error: JsonRpcErrorObject };

/** Checks, in order: envelope (-32602), protocol revision (-32022), extension declared (-32021), filter (-32602). */
export function checkListenRequest(message: unknown): ListenCheck {
  const rawId = (message as { id?: unknown } | null)?.id;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  const reject = (code: number, text: string, data?: unknown): ListenCheck => ({
    ok: false,
    id,
    error: data === undefined ? { code, message: text } : { code, message: text, data },
  });

  const request = ListenRequestSchema.safeParse(message);
  if (!request.success) return reject(INVALID_PARAMS, `Invalid subscriptions/listen request: ${z.prettifyError(request.error)}`);
  const { _meta: envelope, notifications } = request.data.params;
  const version = envelope[PROTOCOL_VERSION_META_KEY];
  if (version !== MODERN_PROTOCOL_VERSION) {
    return reject(UNSUPPORTED_PROTOCOL_VERSION, `Unsupported protocol version: ${version}`, { supported: [MODERN_PROTOCOL_VERSION], requested: version });
  }
  if (!declaresTasksExtension(envelope[CLIENT_CAPABILITIES_META_KEY])) {
    return reject(MISSING_REQUIRED_CLIENT_CAPABILITY, 'Task subscriptions require the io.modelcontextprotocol/tasks extension', {
      requiredCapabilities: TASKS_EXTENSION_REQUIRED,
    });
  }
  const filter = FilterSchema.safeParse(notifications);
  if (!filter.success) return reject(INVALID_PARAMS, `Invalid subscription filter: ${z.prettifyError(filter.error)}`);
  return { ok: true, subscriptionId: request.data.id, taskIds: filter.data.taskIds ?? [] };
}
