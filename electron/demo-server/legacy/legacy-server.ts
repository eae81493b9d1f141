/**
 * The legacy server's MCP surface on `@modelcontextprotocol/sdk` 1.32.2 and its experimental
 * 2025-11-25 tasks (docs/protocol-notes.md#the-experimental-tasks-of-2025-11-25): `McpServer` with
 * task tools registered through `experimental.tasks.registerToolTask` (`execution.taskSupport:
 * "required"`), the SDK's task request handlers and message queue. One `McpServer` per session; the
 * task table, store, queue and running work are shared by the process.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { InMemoryTaskMessageQueue } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, ResultSchema, type CallToolResult, type ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { wireRequest } from '../catalogue/client-requests.js';
import { toolErrorResult, type JsonRpcErrorObject } from '../catalogue/tool-result.js';
import { createToolCatalogue, type ClientFeature, type ImmediateTool, type TaskTool } from '../catalogue/tools.js';
import { TaskJobs, type TaskDriver } from '../core/task-jobs.js';
import { TASK_POLL_INTERVAL_MS, TASK_TTL_MS, TaskTable } from '../core/task-table.js';
import type { Logger } from '../log.js';
import { LegacyTaskStore } from './legacy-task-store.js';

/** The legacy server's identity (`serverInfo`). */
export const LEGACY_SERVER_INFO = { name: 'demo-legacy', version: '0.1.0' };

type Shared = { store: LegacyTaskStore; queue: InMemoryTaskMessageQueue; jobs: TaskJobs };

/** How a running task reaches the 2025-11-25 wire. */
function legacyDriver(server: Server, taskStore: RequestTaskStore, shared: Shared, taskId: string, progressToken: string | number | undefined): TaskDriver {
  return {
    // Through the SDK's request task store, which also sends `notifications/tasks/status`.
    report: (statusMessage) => taskStore.updateTaskStatus(taskId, 'working', statusMessage),
    // The token of the call that created the task stays valid for the task's life (2025-11-25
    // tasks); unsolicited, so over HTTP it travels on the session's GET stream.
    progress: async (progress, total, message) => {
      if (progressToken === undefined) return;
      await server.notification({ method: 'notifications/progress', params: { progressToken, progress, total, message } });
    },
    request: async (request, signal) => {
      await taskStore.updateTaskStatus(taskId, 'input_required', `Waiting for input: ${request.title}`);
      try {
        // `relatedTask` makes the SDK tag the request with related-task meta and queue it for the
        // client's `tasks/result` stream instead of sending it unsolicited
        // (docs/protocol-notes.md#input-through-the-result-stream). The abort signal (cancel,
        // shutdown) withdraws it and clears its timeout. Any result object passes here: the
        // catalogue checks the reply itself, the same way for both wire forms.
        const value = await server.request(
          // URL mode needs an `elicitationId` in 2025-11-25
          // (docs/protocol-notes.md#elicitation-request-shapes); other requests ignore it.
          wireRequest(request, randomUUID()),
          ResultSchema,
          { relatedTask: { taskId }, timeout: TASK_TTL_MS, signal },
        );
        return { ok: true, value };
      } catch (error) {
        if (isClientErrorReply(error, signal)) return { ok: false, error: clientError(error) };
        throw error;
      }
    },
    settle: async (outcome) => {
      if (outcome.kind === 'error') {
        shared.store.recordError(taskId, outcome.error);
        await taskStore.updateTaskStatus(taskId, 'failed', outcome.error.message);
        return;
      }
      // In 2025-11-25 a tool result with `isError: true` is a failed task
      // (docs/protocol-notes.md#legacy-statuses, unlike the extension).
      await taskStore.storeTaskResult(taskId, outcome.result.isError === true ? 'failed' : 'completed', outcome.result);
    },
  };
}

/** Codes of the errors the SDK itself raises for a request it stopped waiting for. */
const SDK_GAVE_UP: readonly number[] = [ErrorCode.ConnectionClosed, ErrorCode.RequestTimeout];

/**
 * True when `error` is the client's own JSON-RPC error answer (e.g. a declined sampling request),
 * not the SDK giving up on the request (withdrawn, timed out, connection gone).
 */
function isClientErrorReply(error: unknown, signal: AbortSignal): error is McpError {
  return error instanceof McpError && !signal.aborted && !SDK_GAVE_UP.includes(error.code);
}

/** The client's error object as it sent it (the SDK's `McpError` prefixes the message with "MCP error <code>: "). */
function clientError(error: McpError): JsonRpcErrorObject {
  const message = error.message.replace(/^MCP error -?\d+: /, '');
  return error.data === undefined ? { code: error.code, message } : { code: error.code, message, data: error.data };
}

/** Whether the session's client declared `feature` at `initialize` (`elicitation: {}` alone means form mode, docs/protocol-notes.md#declaring-elicitation-modes). */
function clientDeclares(capabilities: ClientCapabilities | undefined, feature: ClientFeature): boolean {
  switch (feature) {
    case 'elicitation.form':
      return capabilities?.elicitation !== undefined;
    case 'elicitation.url':
      return capabilities?.elicitation?.url !== undefined;
    case 'sampling':
      return capabilities?.sampling !== undefined;
    case 'roots':
      return capabilities?.roots !== undefined;
  }
}

/** Why a tool needs each feature, for the -32600 refusal. */
const FEATURE_REASON: Record<ClientFeature, string> = {
  'elicitation.form': 'asks for input: the client must declare the elicitation capability',
  'elicitation.url': 'asks to open a web page: the client must declare elicitation.url',
  sampling: 'asks for a model completion: the client must declare the sampling capability',
  roots: 'asks for the workspace roots: the client must declare the roots capability',
};

function registerImmediateTool(server: McpServer, tool: ImmediateTool): void {
  server.registerTool(tool.name, { title: tool.title, description: tool.description, inputSchema: tool.inputSchema }, async (args, extra) => {
    const prepared = tool.prepare(args);
    if (!prepared.ok) return toolErrorResult(prepared.message);
    const token = extra._meta?.progressToken;
    // Progress goes with the request (over HTTP on its own response stream).
    return prepared.value({
      signal: extra.signal,
      progress: (progress, total, message) => (token === undefined ? Promise.resolve() : extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, total, message } })),
      wait: (ms) => delay(ms, undefined, { signal: extra.signal }),
    });
  });
}

function registerTaskTool(server: McpServer, tool: TaskTool, shared: Shared): void {
  server.experimental.tasks.registerToolTask(
    tool.name,
    { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, execution: { taskSupport: 'required' } },
    {
      createTask: async (args, extra) => {
        // A task must not later ask for input the client declared it cannot give
        // (docs/protocol-notes.md#declaring-elicitation-modes).
        const missing = tool.needs.find((feature) => !clientDeclares(server.server.getClientCapabilities(), feature));
        if (missing !== undefined) throw new McpError(ErrorCode.InvalidRequest, `Tool ${tool.name} ${FEATURE_REASON[missing]}`);
        const prepared = tool.prepare(args);
        if (!prepared.ok) throw new McpError(ErrorCode.InvalidParams, prepared.message);
        const task = await extra.taskStore.createTask({ ttl: TASK_TTL_MS, pollInterval: TASK_POLL_INTERVAL_MS });
        shared.jobs.start(task.taskId, prepared.value, legacyDriver(server.server, extra.taskStore, shared, task.taskId, extra._meta?.progressToken));
        return { task };
      },
      // Required by the interface; the SDK's own tasks/get and tasks/result handlers read the store directly.
      getTask: (_args, extra) => extra.taskStore.getTask(extra.taskId),
      // The store only ever holds the `CallToolResult`s this server's tools produced.
      getTaskResult: async (_args, extra) => (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult,
    },
  );
}

/** The process-wide parts of a legacy server. */
export interface LegacyServerCore {
  /** Builds the `McpServer` for one session. */
  createServer(): McpServer;
  /** Forgets the tasks of an ended HTTP session and stops their work. */
  endSession(sessionId: string): void;
  /** Stops all task work and forgets all tasks. */
  dispose(): void;
}

/** Creates the process-wide parts of a legacy server. */
export function createLegacyServerCore(log: Logger): LegacyServerCore {
  const table = new TaskTable();
  const shared: Shared = { store: new LegacyTaskStore(table), queue: new InMemoryTaskMessageQueue(), jobs: new TaskJobs(table, log) };
  const catalogue = createToolCatalogue();
  return {
    createServer: () => {
      const server = new McpServer(LEGACY_SERVER_INFO, {
        capabilities: { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
        taskStore: shared.store,
        taskMessageQueue: shared.queue,
      });
      for (const tool of catalogue.tools) {
        if (tool.kind === 'immediate') registerImmediateTool(server, tool);
        else registerTaskTool(server, tool, shared);
      }
      return server;
    },
    endSession: (sessionId) => {
      for (const taskId of table.removeOwnedBy(sessionId)) {
        shared.jobs.abort(taskId);
        void shared.queue.dequeueAll(taskId);
      }
    },
    dispose: () => {
      shared.jobs.dispose();
      table.clear();
    },
  };
}
