/**
 * The 2025-11-25 `TaskStore` of `@modelcontextprotocol/sdk` 1.32.2, backed by the shared task
 * table instead of the SDK's `InMemoryTaskStore`: random-UUID ids, lazy TTL expiry with no
 * timer per task, and failures that carry a JSON-RPC error. The SDK's own task machinery
 * (`tasks/get|result|list|cancel`, the message queue, status notifications) runs on top of it.
 */
import type { CreateTaskOptions, TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { Request, RequestId, Result, Task } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcError, type JsonRpcErrorObject } from '../catalogue/tool-result.js';
import { promised } from '../core/promised.js';
import type { TaskChange, TaskState, TaskTable } from '../core/task-table.js';

/** A task in the 2025-11-25 shape (docs/protocol-notes.md#legacy-task-shape): `ttl` and `pollInterval` in ms. */
function toLegacyTask(state: TaskState): Task {
  return {
    taskId: state.taskId,
    status: state.status,
    ...(state.statusMessage !== undefined && { statusMessage: state.statusMessage }),
    createdAt: state.createdAt,
    lastUpdatedAt: state.lastUpdatedAt,
    ttl: state.ttlMs,
    pollInterval: state.pollIntervalMs,
  };
}

/**
 * Tasks are owned by the HTTP session that created them (`sessionId`; undefined on stdio, where
 * the process is the session) and are "not found" for any other session.
 */
export class LegacyTaskStore implements TaskStore {
  constructor(private readonly table: TaskTable) {}

  /** The server reports its own TTL and poll interval; a requested `ttl` is overridden, as docs/protocol-notes.md#legacy-timing allows. */
  createTask(_params: CreateTaskOptions, _requestId: RequestId, _request: Request, sessionId?: string): Promise<Task> {
    return promised(() => toLegacyTask(this.table.create({ owner: sessionId })));
  }

  getTask(taskId: string, sessionId?: string): Promise<Task | null> {
    return promised(() => {
      const state = this.table.get(taskId, sessionId);
      return state === undefined ? null : toLegacyTask(state);
    });
  }

  storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result, sessionId?: string): Promise<void> {
    return promised(() => this.apply(taskId, { status, result }, sessionId));
  }

  /**
   * What `tasks/result` answers: the stored result, or — for a task that failed with a JSON-RPC
   * error — that very error, thrown so the SDK sends it as the error response
   * (docs/protocol-notes.md#legacy-methods).
   */
  getTaskResult(taskId: string, sessionId?: string): Promise<Result> {
    return promised(() => {
      const state = this.table.get(taskId, sessionId);
      if (state === undefined) throw new Error(`Task ${taskId} not found`);
      if (state.error !== undefined) throw new JsonRpcError(state.error.code, state.error.message, state.error.data);
      if (state.result === undefined) throw new Error(`Task ${taskId} has no result (status ${state.status})`);
      return state.result;
    });
  }

  updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string, sessionId?: string): Promise<void> {
    return promised(() => this.apply(taskId, { status, ...(statusMessage !== undefined && { statusMessage }) }, sessionId));
  }

  /** All live tasks of the session, in one page (this store never hands out cursors). */
  listTasks(cursor?: string, sessionId?: string): Promise<{ tasks: Task[] }> {
    return promised(() => {
      if (cursor !== undefined) throw new Error('Invalid cursor');
      return { tasks: this.table.list(sessionId).map(toLegacyTask) };
    });
  }

  /**
   * Attaches the JSON-RPC error a task is about to fail with. The caller then sets status
   * `failed` through the SDK's request task store, which also sends the status notification.
   */
  recordError(taskId: string, error: JsonRpcErrorObject): void {
    this.apply(taskId, { error });
  }

  private apply(taskId: string, change: TaskChange, sessionId?: string): void {
    // The SDK expects the store to refuse unknown tasks and changes of terminal ones
    // (docs/protocol-notes.md#legacy-statuses).
    if (this.table.update(taskId, change, sessionId) === undefined) throw new Error(`Task ${taskId} is unknown or already terminal`);
  }
}
