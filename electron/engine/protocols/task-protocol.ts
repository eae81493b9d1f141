/**
 * The one interface both task wire forms are driven through (ARCHITECTURE §3): the engine
 * never looks at wire field names, only at these calls and the normalized observations.
 */
import type { InputRequest, TaskForm, ToolResult } from '../../../shared/task-model.js';
import type { TaskObservation } from './task-wire.js';

/** An MRTR round's answers and the server's opaque state, echoed byte-exactly (PROTOCOL.md §2.7). */
export interface InputRound {
  inputResponses: Record<string, unknown>;
  requestState?: string;
}

/** What a `tools/call` came back with. */
export type CallOutcome =
  | { kind: 'task'; observation: TaskObservation }
  | { kind: 'result'; result: ToolResult }
  | { kind: 'input_required'; inputRequests: Record<string, InputRequest>; requestState?: string };

/** How an adapter reports what arrives without being asked for. */
export interface ProtocolSink {
  /** A pushed observation of a task (by the server's task id). */
  onObservation(taskId: string, observation: TaskObservation): void;
  /** Something changed for the task that a poll now would show (e.g. its payload arrived). */
  onPollHint(taskId: string): void;
  /**
   * A server asked for input for a task (2025-11-25: a request on the `tasks/result` stream,
   * with its JSON-RPC `requestId`, which an answer after a restart must carry).
   */
  onInputRequested(taskId: string, key: string, request: InputRequest, requestId?: string | number): void;
  /**
   * A request for input went away unanswered: `withdrawn` = the server gave it up; `disconnected`
   * = the connection ended while the server may still wait for it (a rejoined session can answer it).
   */
  onInputWithdrawn(taskId: string, key: string, why: 'withdrawn' | 'disconnected'): void;
  /** A message about a task was refused as malformed; `reason` is for the user. */
  onQuarantined(taskId: string | undefined, reason: string): void;
}

/** A task wire form bound to one connected server. */
export interface TaskProtocol {
  readonly form: TaskForm;
  /** Calls a tool that may become a task; `round` carries MRTR answers on a retry. */
  callTool(name: string, args: Record<string, unknown>, round?: InputRound): Promise<CallOutcome>;
  /** Reads a task; terminal observations carry the result (or the error) when the server has one. */
  getTask(taskId: string): Promise<TaskObservation>;
  /** Asks the server to cancel; resolves with the task when the answer carries it. */
  cancelTask(taskId: string): Promise<TaskObservation | undefined>;
  /** Answers outstanding input requests of a task by key. */
  answerInputs(taskId: string, responses: Record<string, unknown>): Promise<void>;
  /** The set of live tasks to watch by push, where the form can push; replaces the last set. */
  watch(taskIds: readonly string[]): void;
  /** True while a healthy push channel covers the task (polling drops to a safety net). */
  isPushed(taskId: string): boolean;
  /** Stops streams and forgets per-connection state (the connection dropped or closes). */
  reset(): void;
}
