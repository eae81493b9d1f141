/**
 * The contract between a tool's long-running work and the task runtime of either wire form.
 * The work reports progress, asks questions and waits through a `TaskJobContext`, and ends with
 * a `ToolOutcome`; how that reaches the wire (extension: `inputRequests` + `tasks/update`;
 * 2025-11-25: `elicitation/create`, `sampling/createMessage`, `roots/list` on the `tasks/result`
 * stream) is the runtime's business. Questions asked concurrently (`Promise.all`) are
 * outstanding together: one `tasks/get` shows them all.
 */
import type { RootsSpec, SamplingSpec } from './client-requests.js';
import type { FormAnswer, FormSpec, UrlAnswer, UrlSpec } from './forms.js';
import type { SamplingAnswer } from './replies.js';
import type { JsonRpcErrorObject, ToolResult } from './tool-result.js';

/** What a task's work can do while it runs. */
export interface TaskJobContext {
  /** Aborted when the task is cancelled, expires or the server shuts down. */
  readonly signal: AbortSignal;
  /** Sets the task's `statusMessage` (status `working`); visible to `tasks/get` and pushed to listeners. */
  report(statusMessage: string): Promise<void>;
  /**
   * Reports numeric progress (`progress` of `total`, with `message`) where the wire form has it:
   * 2025-11-25 sends `notifications/progress` with the creating call's token for the task's life;
   * the extension has no numeric progress, so there it does nothing (its status message says it).
   */
  progress(progress: number, total: number, message: string): Promise<void>;
  /** Puts the task in `input_required` until the user answers `form`; the answer is already checked. */
  ask(form: FormSpec): Promise<FormAnswer>;
  /**
   * Like `ask`, but the server gives up after `withinMs`: the question is withdrawn (2025-11-25:
   * the SDK sends `notifications/cancelled` for the request; extension: it leaves
   * `inputRequests`) and the promise resolves with undefined while the task goes on.
   */
  askWithin(form: FormSpec, withinMs: number): Promise<FormAnswer | undefined>;
  /** Puts the task in `input_required` until the user consents to open `page` (or declines/cancels); never content. */
  askToOpen(page: UrlSpec): Promise<UrlAnswer>;
  /** Puts the task in `input_required` until the client answers a model completion; a JSON-RPC error reply (2025-11-25) is a decline. */
  sample(request: SamplingSpec): Promise<SamplingAnswer>;
  /** Puts the task in `input_required` until the client lists its roots; resolves with their URIs. */
  listRoots(request: RootsSpec): Promise<string[]>;
  /** Waits `ms` milliseconds; rejects (and clears its timer) as soon as `signal` aborts. */
  wait(ms: number): Promise<void>;
}

/** How a task's work ended: a tool result (possibly `isError`) or a JSON-RPC error. */
export type ToolOutcome = { kind: 'result'; result: ToolResult } | { kind: 'error'; error: JsonRpcErrorObject };

/** A task's work, bound to its arguments. */
export type TaskJob = (context: TaskJobContext) => Promise<ToolOutcome>;
