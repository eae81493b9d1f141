/**
 * The extension server's MCP surface on `@modelcontextprotocol/server` 2.4: one low-level
 * `Server` per serving unit (HTTP request / stdio connection), all sharing one task runtime.
 * The SDK supplies the base protocol (`server/discover`, the `_meta` envelope, -32021/-32022,
 * HTTP header checks incl. `Mcp-Name`); this module adds `tools/*` and `tasks/*`.
 *
 * The low-level `Server`, not `McpServer`: the high-level class turns a thrown -32021 into a
 * tool error result (docs/protocol-notes.md#what-the-mcp-typescript-packages-really-do), and -32021
 * is part of the task-creation rule here.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  Server,
  type JSONRPCRequest,
  type Result,
  type ServerContext,
  type ServerOptions,
  type Tool,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { INVALID_PARAMS } from '../catalogue/tool-result.js';
import type { DemoTool, PlainCallContext, ToolCatalogue } from '../catalogue/tools.js';
import { setTimeout as delay } from 'node:timers/promises';
import type { ExtensionTaskRuntime } from './task-runtime.js';
import { planToolCall } from './tool-calls.js';
import {
  TASKS_EXTENSION_ID,
  TASKS_EXTENSION_REQUIRED,
  TaskIdParamsSchema,
  declaresTasksExtension,
  toCreateTaskResult,
  toDetailedTask,
} from './wire.js';

/** The extension server's identity (`serverInfo`). */
export const EXTENSION_SERVER_INFO = { name: 'demo-extension', version: '0.1.0' };

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;
type TaskStarter = (request: JSONRPCRequest, ctx: ServerContext) => Result | undefined;

/**
 * A `Server` whose `tools/call` can answer with a task handle.
 *
 * Why a subclass: the SDK funnels every `tools/call` result through its `CallToolResult`
 * normalisation and validation (`Server._wrapHandler`), which injects `content: []` into a
 * `resultType: "task"` answer. `_wrapHandler` is the SDK's documented hook for wrapping
 * registered handlers, so the task decision sits in front of that funnel: a call that becomes
 * a task returns its `CreateTaskResult` untouched (the 2026 encoder passes `resultType: "task"`
 * through for `tools/call`), every other call takes the SDK's validated path.
 */
class TaskAwareServer extends Server {
  constructor(
    options: ServerOptions,
    private readonly startTask: TaskStarter,
  ) {
    super(EXTENSION_SERVER_INFO, options);
  }

  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return wrapped;
    return async (request, ctx) => this.startTask(request, ctx) ?? wrapped(request, ctx);
  }
}

/**
 * The client capabilities this request declared in its `_meta` envelope (the SDK lifts the
 * envelope into the context; its published type is opaque, the value is checked with zod later).
 */
const declaredCapabilities = (ctx: ServerContext): unknown =>
  (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY];

/** `tasks/*` from a request without the extension: -32021, a MUST (docs/protocol-notes.md#negotiating-the-extension). */
function requireTasksExtension(ctx: ServerContext): void {
  if (!declaresTasksExtension(declaredCapabilities(ctx))) {
    throw new MissingRequiredClientCapabilityError({ requiredCapabilities: TASKS_EXTENSION_REQUIRED });
  }
}

/** Unknown or expired task id: -32602, a MUST for `tasks/get`, SHOULD for update/cancel (docs/protocol-notes.md#extension-errors). */
const unknownTask = (taskId: string) => new ProtocolError(INVALID_PARAMS, `Unknown or expired task: ${taskId}`);

/** A plain call's context from the request's: its signal, and progress with the client's token. */
function plainCallContext(request: { signal: AbortSignal; _meta?: { progressToken?: string | number }; notify: (notification: { method: string; params?: Record<string, unknown> }) => Promise<void> }): PlainCallContext {
  const token = request._meta?.progressToken;
  return {
    signal: request.signal,
    progress: (progress, total, message) => (token === undefined ? Promise.resolve() : request.notify({ method: 'notifications/progress', params: { progressToken: token, progress, total, message } })),
    wait: (ms) => delay(ms, undefined, { signal: request.signal }),
  };
}

function toolListing(tool: DemoTool): Tool {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(tool.inputSchema, { io: 'input' });
  return { name: tool.name, title: tool.title, description: tool.description, inputSchema: inputSchema as Tool['inputSchema'] };
}

/**
 * The factory `createMcpHandler` / `serveStdio` call for every serving unit. Everything that
 * outlives one request lives in `runtime`.
 */
export function createExtensionServerFactory(catalogue: ToolCatalogue, runtime: ExtensionTaskRuntime): () => Server {
  const tools = catalogue.tools.map(toolListing);

  const startTask: TaskStarter = (request, ctx) => {
    const plan = planToolCall(catalogue, request.params, declaredCapabilities(ctx));
    return plan.kind === 'task' ? toCreateTaskResult(runtime.start(plan.job)) : undefined;
  };

  return () => {
    const server = new TaskAwareServer({ capabilities: { tools: {}, extensions: { [TASKS_EXTENSION_ID]: {} } } }, startTask);

    server.setRequestHandler('tools/list', () => ({ tools }));

    server.setRequestHandler('tools/call', (request, ctx) => {
      const plan = planToolCall(catalogue, request.params, declaredCapabilities(ctx));
      switch (plan.kind) {
        case 'result':
          return plan.produce(plainCallContext(ctx.mcpReq));
        case 'missing-capability':
          throw new MissingRequiredClientCapabilityError({ requiredCapabilities: plan.requiredCapabilities });
        case 'invalid-request':
          throw new ProtocolError(INVALID_PARAMS, plan.message);
        case 'task':
          // Task calls never get here: TaskAwareServer starts them in front of this handler.
          throw new Error('A task call reached the plain tools/call handler');
      }
    });

    server.setRequestHandler('tasks/get', { params: TaskIdParamsSchema }, ({ taskId }, ctx) => {
      requireTasksExtension(ctx);
      const state = runtime.get(taskId);
      if (state === undefined) throw unknownTask(taskId);
      return toDetailedTask(state);
    });

    // The SDK lifts `inputResponses` out of params into `ctx.mcpReq.inputResponses` before any
    // handler runs (it treats them as MRTR retry material,
    // docs/protocol-notes.md#what-the-mcp-typescript-packages-really-do): read them there.
    server.setRequestHandler('tasks/update', { params: TaskIdParamsSchema }, ({ taskId }, ctx) => {
      requireTasksExtension(ctx);
      const responses = ctx.mcpReq.inputResponses;
      if (responses === undefined) throw new ProtocolError(INVALID_PARAMS, 'tasks/update requires inputResponses');
      if (!runtime.answer(taskId, responses)) throw unknownTask(taskId);
      return {};
    });

    server.setRequestHandler('tasks/cancel', { params: TaskIdParamsSchema }, ({ taskId }, ctx) => {
      requireTasksExtension(ctx);
      if (!runtime.cancel(taskId)) throw unknownTask(taskId);
      return {};
    });

    return server;
  };
}
