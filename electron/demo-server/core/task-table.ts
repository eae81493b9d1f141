/**
 * In-memory task records shared by both wire forms: ids, timestamps, TTL, status and the
 * status-specific payload. Each form maps a `TaskState` onto its own wire shape.
 *
 * Expiry is lazy (checked on every access) so the table never owns a timer: a task whose
 * `createdAt + ttlMs` has passed is gone, and asking for it is "unknown task"
 * (docs/protocol-notes.md#reading-a-task).
 */
import { randomUUID } from 'node:crypto';
import type { WireRequest } from '../catalogue/client-requests.js';
import type { JsonRpcErrorObject } from '../catalogue/tool-result.js';

/** Task lifetime from creation: one hour. Both forms report it (`ttlMs` / `ttl`). */
export const TASK_TTL_MS = 3_600_000;
/** Suggested poll interval for every demo task (`pollIntervalMs` / `pollInterval`). */
export const TASK_POLL_INTERVAL_MS = 500;

/** A task's status; identical vocabulary in both forms. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** True for the statuses a task never leaves (docs/protocol-notes.md#task-statuses, docs/protocol-notes.md#legacy-statuses). */
export function isTerminalStatus(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** One outstanding input request of an extension task (docs/protocol-notes.md#the-task-object): elicitation, sampling or roots. */
export type InputRequest = WireRequest;

/** A snapshot of one task. Never mutated: every change produces a new snapshot. */
export type TaskState = {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601. */
  readonly lastUpdatedAt: string;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  /** Outstanding input requests by key; set only while `input_required`. */
  readonly inputRequests?: Readonly<Record<string, InputRequest>>;
  /** The final result (a `CallToolResult`). */
  readonly result?: Record<string, unknown>;
  /** The JSON-RPC error of a task that failed with one. */
  readonly error?: JsonRpcErrorObject;
  /** Who may see the task (a 2025-11-25 HTTP session); undefined = anyone who knows the id. */
  readonly owner?: string;
};

/** The fields an update may change; an explicit `undefined` clears a field. */
export type TaskChange = Partial<Pick<TaskState, 'status' | 'statusMessage' | 'inputRequests' | 'result' | 'error'>>;

type Listener = (state: TaskState) => void;

/** The task records of one server process. */
export class TaskTable {
  private readonly tasks = new Map<string, TaskState>();
  private readonly listeners = new Set<Listener>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Creates a `working` task with an unguessable id (a random UUID: ids may act as bearer tokens, docs/protocol-notes.md#task-ids-are-secrets). */
  create(options: { owner?: string; statusMessage?: string } = {}): TaskState {
    this.sweep();
    const at = new Date(this.now()).toISOString();
    const state: TaskState = {
      taskId: randomUUID(),
      status: 'working',
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs: TASK_TTL_MS,
      pollIntervalMs: TASK_POLL_INTERVAL_MS,
      ...(options.statusMessage !== undefined && { statusMessage: options.statusMessage }),
      ...(options.owner !== undefined && { owner: options.owner }),
    };
    this.tasks.set(state.taskId, state);
    return state;
  }

  /** The task, unless it is unknown, expired, or owned by someone other than `owner` (when both are set). */
  get(taskId: string, owner?: string): TaskState | undefined {
    const state = this.tasks.get(taskId);
    if (state === undefined) return undefined;
    if (this.isExpired(state)) {
      this.tasks.delete(taskId);
      return undefined;
    }
    return owner !== undefined && state.owner !== undefined && state.owner !== owner ? undefined : state;
  }

  /**
   * Applies `change` and notifies listeners. Returns the new snapshot, or undefined when the task is
   * unknown/expired/not `owner`'s, or already terminal (terminal states never change).
   */
  update(taskId: string, change: TaskChange, owner?: string): TaskState | undefined {
    const current = this.get(taskId, owner);
    if (current === undefined || isTerminalStatus(current.status)) return undefined;
    const next: TaskState = { ...current, ...change, lastUpdatedAt: new Date(this.now()).toISOString() };
    this.tasks.set(taskId, next);
    for (const listener of this.listeners) listener(next);
    return next;
  }

  /** Live tasks visible to `owner`, oldest first. */
  list(owner?: string): TaskState[] {
    this.sweep();
    return [...this.tasks.values()].filter((state) => owner === undefined || state.owner === undefined || state.owner === owner);
  }

  /** Forgets every task owned by `owner` (its session ended) and returns their ids. */
  removeOwnedBy(owner: string): string[] {
    const removed = [...this.tasks.values()].filter((state) => state.owner === owner).map((state) => state.taskId);
    for (const taskId of removed) this.tasks.delete(taskId);
    return removed;
  }

  /** Calls `listener` with every new snapshot; returns the unsubscribe function. */
  onDidChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets every task and listener (server shutdown). */
  clear(): void {
    this.tasks.clear();
    this.listeners.clear();
  }

  private isExpired(state: TaskState): boolean {
    return this.now() >= Date.parse(state.createdAt) + state.ttlMs;
  }

  private sweep(): void {
    for (const state of this.tasks.values()) if (this.isExpired(state)) this.tasks.delete(state.taskId);
  }
}
