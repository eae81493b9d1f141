/**
 * A minimal client of the 2025-11-25 experimental tasks
 * (docs/protocol-notes.md#the-experimental-tasks-of-2025-11-25) for tests, in raw JSON-RPC so the
 * tests see the exact wire shapes.
 */
import { z } from 'zod';
import { pollTask, type JsonRpcMessage, type RpcChannel, type RpcResponse } from './json-rpc-channel.js';

export const LEGACY_PROTOCOL_VERSION = '2025-11-25';
export const RELATED_TASK_META_KEY = 'io.modelcontextprotocol/related-task';

/** A 2025-11-25 `Task` (docs/protocol-notes.md#legacy-task-shape). */
export const LegacyTaskSchema = z.looseObject({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
  createdAt: z.iso.datetime(),
  lastUpdatedAt: z.iso.datetime(),
  ttl: z.number().nullable(),
  pollInterval: z.number().optional(),
});
export type LegacyTask = z.infer<typeof LegacyTaskSchema>;

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** A JSON-RPC error a test client answers a server request with (e.g. a declined sampling request). */
export class ErrorReply {
  constructor(
    readonly code: number,
    readonly message: string,
  ) {}
}

/**
 * Answers one server request (`elicitation/create`, `sampling/createMessage`, `roots/list`) the
 * server sends on the `tasks/result` stream: with the result, or an `ErrorReply`.
 */
export type ServerRequestHandler = (request: JsonRpcMessage) => Record<string, unknown> | ErrorReply | Promise<Record<string, unknown> | ErrorReply>;

/** Client capabilities declared by default: form elicitation only. */
export const FORM_ONLY_CAPABILITIES = { elicitation: { form: {} } };

const SERVER_REQUEST_METHODS = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);

export class LegacyClient {
  constructor(private readonly channel: RpcChannel) {}

  /** `initialize` (declaring `capabilities`, by default form elicitation only) + `notifications/initialized`. */
  async initialize(capabilities: Record<string, unknown> = FORM_ONLY_CAPABILITIES): Promise<RpcResponse> {
    const response = await this.channel.request('initialize', {
      protocolVersion: LEGACY_PROTOCOL_VERSION,
      capabilities,
      clientInfo: { name: 'demo-server-tests', version: '0.0.0' },
    });
    await this.channel.notify('notifications/initialized', {}, this.headers());
    return response;
  }

  request(method: string, params: Record<string, unknown>, onMessage?: (message: JsonRpcMessage) => void): Promise<RpcResponse> {
    return this.channel.request(method, params, { headers: this.headers(), ...(onMessage !== undefined && { onMessage }) });
  }

  /** `tools/call`, task-augmented when `task` is given. */
  callTool(name: string, args: Record<string, unknown> = {}, task?: { ttl?: number }): Promise<RpcResponse> {
    return this.request('tools/call', { name, arguments: args, ...(task !== undefined && { task }) });
  }

  async getTask(taskId: string): Promise<LegacyTask> {
    const response = await this.request('tasks/get', { taskId });
    if (response.result === undefined) throw new Error(`tasks/get failed: ${JSON.stringify(response.error)}`);
    return LegacyTaskSchema.parse(response.result);
  }

  /** Polls `tasks/get` until `until` holds; returns the last task and every status message seen. */
  pollTask(taskId: string, until: (task: LegacyTask) => boolean = (task) => TERMINAL.has(task.status), timeoutMs = 10_000): Promise<{ task: LegacyTask; statusMessages: string[] }> {
    return pollTask(() => this.getTask(taskId), until, timeoutMs);
  }

  /**
   * `tasks/result`: blocks until the task is terminal, answering with `onRequest` the server
   * requests for this task (tagged with related-task meta) that arrive on its stream (stdio:
   * interleaved on stdout).
   */
  taskResult(taskId: string, onRequest?: ServerRequestHandler): Promise<RpcResponse> {
    return this.channel.request('tasks/result', { taskId }, {
      headers: this.headers(),
      timeoutMs: 15_000,
      onMessage: (message) => {
        const related = (message.params?.['_meta'] as Record<string, { taskId?: unknown } | undefined> | undefined)?.[RELATED_TASK_META_KEY];
        if (!SERVER_REQUEST_METHODS.has(message.method ?? '') || related?.taskId !== taskId || onRequest === undefined) return;
        if (message.id === undefined || message.id === null) return;
        const { id } = message;
        void Promise.resolve(onRequest(message)).then((answer) => {
          const reply = answer instanceof ErrorReply ? { error: { code: answer.code, message: answer.message } } : { result: answer };
          return this.channel.respond(id, reply, this.headers());
        });
      },
    });
  }

  private headers(): Record<string, string> {
    return { 'mcp-protocol-version': LEGACY_PROTOCOL_VERSION };
  }
}
