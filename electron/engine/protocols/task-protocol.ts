/**
 * The one interface both task wire forms are driven through: the engine never looks at wire field
 * names or asks which form it talks to — every form-specific decision is behind these calls and
 * the normalized observations. Questions travel by path, not by form: a task's own
 * `inputRequests` (answered with `answerInputs`, all together), an MRTR round of a call (answered
 * by retrying it), or a server-to-client request (answered on its own; inputs/server-requests.ts).
 */
import type { InputRequest, LegacySession, TaskForm, ToolResult } from '../../../shared/task-model.js';
import { CALL_TIMEOUT_MS, type CallTimeout } from '../calls/call-timeout.js';
import type { RawRequestOptions } from '../connections/raw-requests.js';
import type { CancelWire } from '../tasks/task-rules.js';
import type { TaskObservation } from './task-wire.js';

/** An MRTR round's answers and the server's opaque state, echoed byte-exactly (MCP 2026-07-28 MRTR). */
export interface InputRound {
  inputResponses: Record<string, unknown>;
  requestState?: string;
}

/** How to send a `tools/call`: everything about it is decided by the caller, the protocol only puts it on the wire. */
export interface CallOptions {
  /** The answers of an MRTR round: the call is a retry. */
  round?: InputRound;
  /**
   * Ask for a task (the 2025-11-25 `task` param), as `mayBecomeTask` decided before the entry was
   * written. The extension form has no such param: its server decides, so it ignores this.
   */
  asTask?: boolean;
  /** Sent as `_meta.progressToken`: the server's `notifications/progress` for the call name it. */
  progressToken?: string;
  /** The call's timeout (calls/call-timeout.ts); absent: `CALL_TIMEOUT_MS`, not extended. */
  timeout?: Pick<CallTimeout, 'timeoutMs' | 'extraWait'>;
  /** Aborting it cancels the request (its reason, a string, goes to the server). */
  signal?: AbortSignal;
}

/** What a `tools/call` came back with on the wire (the host turns the engine's result into the contract's `CallOutcome`). */
export type CallReply =
  | { kind: 'task'; observation: TaskObservation }
  | { kind: 'result'; result: ToolResult }
  | { kind: 'input_required'; inputRequests: Record<string, InputRequest>; requestState?: string };

/** How an adapter reports what arrives without being asked for. */
export interface ProtocolSink {
  /** A pushed observation of a task (by the server's task id). */
  onObservation(serverTaskId: string, observation: TaskObservation): void;
  /** Something changed for the task that a poll would show (e.g. its payload arrived): poll at the task's pace. */
  onPollHint(serverTaskId: string): void;
  /** A pushed message about a task was refused as malformed; `reason` says what was wrong (shown to the user). */
  onQuarantined(serverTaskId: string | undefined, reason: string): void;
}

/** A task wire form bound to one connected server. */
export interface TaskProtocol {
  readonly form: TaskForm;
  /**
   * Whether a task can come of calling `toolName`, asked once before the call's entry is written
   * (its answer is the call's `plain` and `asTask`): a 2025-11-25 server only where the tool
   * allows tasks, a server without tasks never, an extension server always (it may answer any
   * call with a task).
   */
  mayBecomeTask(toolName: string): Promise<boolean>;
  /** What cancelling a `tools/call` on the wire sends to this server. */
  readonly cancelWire: CancelWire;
  /** Calls a tool (see `CallOptions`). */
  callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallReply>;
  /** Reads a task; terminal observations carry the result (or the error) when the server has one. */
  getTask(serverTaskId: string): Promise<TaskObservation>;
  /** Asks the server to cancel; resolves with the task when the answer carries it. */
  cancelTask(serverTaskId: string): Promise<TaskObservation | undefined>;
  /**
   * Answers a task's own `inputRequests` by key, all in one write. Forms whose tasks ask through
   * server-to-client requests instead have none to answer and reject.
   */
  answerInputs(serverTaskId: string, responses: Record<string, unknown>): Promise<void>;
  /** The session a task created now lives in, for a restart to rejoin; undefined where tasks outlive sessions. */
  taskSession(): LegacySession | undefined;
  /**
   * False where the protocol has no server-to-client requests (2026-07-28 asks through MRTR and
   * `inputRequests` instead): such a request is refused, never shown or answered.
   */
  readonly takesServerRequests: boolean;
  /** The server task a server-to-client request belongs to (by its params), if it names one. */
  relatedTaskOf(params: Record<string, unknown>): string | undefined;
  /** Every task the server lists (following pagination); undefined where the form or server offers no listing. */
  listTasks(): Promise<TaskObservation[] | undefined>;
  /** The set of live tasks to watch by push, where the form can push; replaces the last set. */
  watch(serverTaskIds: readonly string[]): void;
  /** True while a healthy push channel covers the task (polling drops to a safety net). */
  isPushed(serverTaskId: string): boolean;
  /** Consumes a server notification this form owns; true when it was ours. */
  handleNotification(method: string, params: Record<string, unknown>): boolean;
  /** Stops streams and forgets per-connection state (the connection dropped or closes). */
  reset(): void;
}

/** The request options of a `tools/call` sent with `options`, the same in both forms. */
export function callRequestOptions(options: CallOptions): RawRequestOptions {
  return {
    timeoutMs: options.timeout?.timeoutMs ?? CALL_TIMEOUT_MS,
    ...(options.timeout !== undefined ? { extraWait: options.timeout.extraWait } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  };
}
