/**
 * A minimal client of the Tasks extension (docs/protocol-notes.md#the-tasks-extension-2026-07-28)
 * for tests: it adds the 2026-07-28 `_meta` envelope to every request and, on HTTP, the
 * `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers (tool name for `tools/call`, task id
 * for `tasks/*`, docs/protocol-notes.md#http-routing-by-task-id).
 */
import { z } from 'zod';
import { MessageInbox, pollTask, type JsonRpcMessage, type RpcChannel, type RpcResponse } from './json-rpc-channel.js';

export const MODERN_PROTOCOL_VERSION = '2026-07-28';
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';
export const SUBSCRIPTION_ID_META_KEY = 'io.modelcontextprotocol/subscriptionId';

/** Client capabilities declaring the Tasks extension and form elicitation. */
export const TASK_CAPABILITIES = { extensions: { [TASKS_EXTENSION_ID]: {} }, elicitation: { form: {} } };

/** A `DetailedTask` as `tasks/get` and `notifications/tasks` carry it (docs/protocol-notes.md#the-task-object). */
export const DetailedTaskSchema = z.looseObject({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
  createdAt: z.iso.datetime(),
  lastUpdatedAt: z.iso.datetime(),
  ttlMs: z.number().int().nullable(),
  pollIntervalMs: z.number().int().optional(),
  inputRequests: z.record(z.string(), z.looseObject({ method: z.string(), params: z.record(z.string(), z.unknown()) })).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
});
export type DetailedTask = z.infer<typeof DetailedTaskSchema>;

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** A task subscription opened with `subscriptions/listen`. */
export interface TaskListen {
  /** The listen request id = the subscription id. */
  readonly id: string;
  /** Messages of this subscription, in order (ack first). */
  readonly inbox: MessageInbox;
  /** Ends the subscription the transport's way. */
  close(): void;
}

export class ExtensionClient {
  private listens = 0;

  constructor(
    private readonly channel: RpcChannel,
    private readonly transport: 'stdio' | 'http',
  ) {}

  /** Sends `method` with the envelope declaring `capabilities`. */
  request(method: string, params: Record<string, unknown>, capabilities: Record<string, unknown> = TASK_CAPABILITIES): Promise<RpcResponse> {
    return this.channel.request(method, this.withEnvelope(params, capabilities), { headers: this.headers(method, params) });
  }

  callTool(name: string, args: Record<string, unknown> = {}, capabilities?: Record<string, unknown>): Promise<RpcResponse> {
    return this.request('tools/call', { name, arguments: args }, capabilities);
  }

  /** `tasks/get`, parsed; throws on an error response. */
  async getTask(taskId: string): Promise<DetailedTask> {
    const response = await this.request('tasks/get', { taskId });
    if (response.result === undefined) throw new Error(`tasks/get failed: ${JSON.stringify(response.error)}`);
    return DetailedTaskSchema.parse(response.result);
  }

  /** Polls `tasks/get` until `until` holds; returns the last task and every status message seen. */
  pollTask(taskId: string, until: (task: DetailedTask) => boolean = (task) => TERMINAL.has(task.status), timeoutMs = 10_000): Promise<{ task: DetailedTask; statusMessages: string[] }> {
    return pollTask(() => this.getTask(taskId), until, timeoutMs);
  }

  /** Opens a task subscription for `taskIds`. */
  listen(taskIds: string[]): TaskListen {
    const id = `listen-${++this.listens}`;
    const inbox = new MessageInbox();
    const abort = new AbortController();
    const params = this.withEnvelope({ notifications: { taskIds } }, TASK_CAPABILITIES);
    const belongs = (message: JsonRpcMessage) =>
      (message.id === id && message.method === undefined) ||
      (message.params?.['_meta'] as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID_META_KEY] === id;
    this.channel
      .request('subscriptions/listen', params, {
        id,
        headers: this.headers('subscriptions/listen', params),
        onMessage: (message) => {
          if (belongs(message)) inbox.push(message);
        },
        signal: abort.signal,
        timeoutMs: 60_000,
      })
      // The graceful end is the listen response itself; it belongs in the inbox too.
      .then((response) => inbox.push({ jsonrpc: '2.0', id: response.id, ...(response.result && { result: response.result }), ...(response.error && { error: response.error }) }))
      .catch(() => {});
    return { id, inbox, close: () => abort.abort() };
  }

  private withEnvelope(params: Record<string, unknown>, capabilities: Record<string, unknown>): Record<string, unknown> {
    return {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN_PROTOCOL_VERSION,
        'io.modelcontextprotocol/clientInfo': { name: 'demo-server-tests', version: '0.0.0' },
        'io.modelcontextprotocol/clientCapabilities': capabilities,
      },
    };
  }

  private headers(method: string, params: Record<string, unknown>): Record<string, string> {
    if (this.transport === 'stdio') return {};
    const name = method === 'tools/call' ? params['name'] : method.startsWith('tasks/') ? params['taskId'] : undefined;
    return {
      'mcp-protocol-version': MODERN_PROTOCOL_VERSION,
      'mcp-method': method,
      ...(typeof name === 'string' && { 'mcp-name': name }),
    };
  }
}
