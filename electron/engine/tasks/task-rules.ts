/**
 * Pure rules for task state: how observations merge, when to poll next, how a task ends when
 * its server forgets it. No I/O and no clock reads: callers pass `now`. Table-tested.
 */
import {
  isTaskFinished,
  isTerminalStatus,
  isToolErrorResult,
  type EndReason,
  type JsonRpcErrorObject,
  type LegacySession,
  type TaskForm,
  type TaskSnapshot,
  type ToolResult,
  type TrackedCall,
  type TrackedServerTask,
  type TrackedTask,
} from '../../../shared/task-model.js';
import { clampPollInterval, DEFAULT_POLL_INTERVAL_MS } from '../../../shared/poll-interval.js';
import { withTimelineEntry } from '../../../shared/timeline.js';
import type { AbandonFact, AnswerFact, CancelFact, ProblemFact, TimelineFact } from '../../../shared/timeline-facts.js';
import { timestampMs } from '../../../shared/timestamp.js';

/** While a healthy subscription pushes a task, it is still polled this often as a safety net. */
export const SUBSCRIBED_SAFETY_POLL_MS = 30_000;
/** The longest back-off between polls of a task whose polls keep failing. */
export const MAX_ERROR_BACKOFF_MS = 60_000;

/**
 * Delay before the next poll of a task.
 * @param consecutiveErrors failed polls in a row; each doubles the delay up to 60 s.
 * @param isSubscribed a healthy subscription pushes this task, so polling is only a safety net.
 */
export function nextPollDelay(suggestedMs: number | undefined, consecutiveErrors: number, isSubscribed: boolean): number {
  const base = clampPollInterval(suggestedMs);
  if (consecutiveErrors > 0) return errorBackoffDelay(consecutiveErrors, base);
  return isSubscribed ? Math.max(base, SUBSCRIBED_SAFETY_POLL_MS) : base;
}

/**
 * The wait after `consecutiveErrors` failures in a row of one request loop (a task's polls, its
 * `tasks/result` stream): `baseMs` doubled per failure, capped at `MAX_ERROR_BACKOFF_MS`. Every
 * loop the engine runs against a server backs off by this one rule.
 */
export function errorBackoffDelay(consecutiveErrors: number, baseMs = DEFAULT_POLL_INTERVAL_MS): number {
  return Math.min(MAX_ERROR_BACKOFF_MS, baseMs * 2 ** Math.min(Math.max(consecutiveErrors, 0), 16));
}

/** Why an observation was not applied, or `applied`. */
export type MergeOutcome = 'applied' | 'duplicate' | 'stale' | 'after-terminal';

export interface MergeResult {
  outcome: MergeOutcome;
  /** The task after the merge (the same object when nothing changed). */
  task: TrackedServerTask;
}

/** Field-by-field equality; only the rare structured members are compared as JSON (hot path: every poll). */
function sameSnapshot(a: TaskSnapshot, b: TaskSnapshot): boolean {
  return a.serverTaskId === b.serverTaskId
    && a.status === b.status
    && a.statusMessage === b.statusMessage
    && a.createdAt === b.createdAt
    && a.lastUpdatedAt === b.lastUpdatedAt
    && a.ttlMs === b.ttlMs
    && a.pollIntervalMs === b.pollIntervalMs
    && sameJson(a.inputRequests, b.inputRequests)
    && sameJson(a.error, b.error);
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * Merges a snapshot observed on the wire (poll, push or cancel answer) into a task.
 * Terminal states never regress; an older `lastUpdatedAt` loses; duplicates are idempotent.
 * A terminal `cancelled` gets an end reason saying who cancelled
 * (docs/protocol-notes.md#cancelling-a-task: a cancel request may still end `completed`, which is
 * then shown as such).
 */
export function mergeSnapshot(task: TrackedServerTask, incoming: TaskSnapshot, now: number): MergeResult {
  const current = task.snapshot;
  if (task.endReason !== undefined || (current !== undefined && isTerminalStatus(current.status))) {
    return { outcome: current !== undefined && sameSnapshot(current, incoming) ? 'duplicate' : 'after-terminal', task };
  }
  if (current !== undefined) {
    if (sameSnapshot(current, incoming)) return { outcome: 'duplicate', task };
    const currentAt = timestampMs(current.lastUpdatedAt);
    const incomingAt = timestampMs(incoming.lastUpdatedAt);
    if (currentAt !== undefined && incomingAt !== undefined && incomingAt < currentAt) {
      return { outcome: 'stale', task };
    }
  }
  const statusChanged = current?.status !== incoming.status;
  const messageChanged = current?.statusMessage !== incoming.statusMessage;
  const timeline = statusChanged || messageChanged
    ? withTimelineEntry(task, {
      at: now,
      status: incoming.status,
      ...(incoming.statusMessage !== undefined ? { statusMessage: incoming.statusMessage } : {}),
    })
    : {};
  let endReason: EndReason | undefined;
  if (incoming.status === 'cancelled') {
    endReason = task.cancelRequestedAt !== undefined ? 'user-cancelled' : 'server-cancelled';
  }
  const next: TrackedServerTask = {
    ...task,
    snapshot: incoming,
    ...timeline,
    updatedAt: now,
    ...(endReason !== undefined ? { endReason } : {}),
  };
  return { outcome: 'applied', task: withoutProblem(next) };
}

/**
 * Ends a task the server no longer knows (`-32602` on `tasks/get`): `expired` when its TTL ran
 * out by the local clock since it was first observed (docs/security.md#robustness-against-servers:
 * never compare the server's `createdAt` with the local wall clock), otherwise `lost` (e.g. a
 * restarted server forgot it).
 */
export function endAsUnknownToServer(task: TrackedServerTask, now: number, detail: string): TrackedServerTask {
  const ttl = task.snapshot?.ttlMs;
  const anchor = task.observedAt ?? task.createdAt;
  const reason: EndReason = typeof ttl === 'number' && now >= anchor + ttl ? 'expired' : 'lost';
  const fact: TimelineFact = { kind: reason === 'expired' ? 'expired-on-server' : 'unknown-to-server', detail };
  return { ...noted(task, now, fact), endReason: reason };
}

/** `task` with one more fact on its timeline, changed at `now`. */
function noted<T extends TrackedTask>(task: T, now: number, fact: TimelineFact): T {
  return { ...task, updatedAt: now, ...withTimelineEntry(task, { at: now, fact }) };
}

/**
 * A finished task whose stored result was damaged (kept aside as `keptAs`) or is missing
 * (`keptAs` undefined): says so on its timeline, and whether the server gave the result again
 * (`refetched`; otherwise the task has no result any more).
 */
export function resultRecovered<T extends TrackedTask>(task: T, keptAs: string | undefined, refetched: boolean, now: number): T {
  return { ...noted(task, now, { kind: 'result-recovered', refetched, ...(keptAs !== undefined ? { keptAs } : {}) }), hasResult: refetched };
}

/** A new pending entry for a `tools/call` about to be sent (on disk before the request goes out). */
export function newCall(fields: { localId: string; serverId: string; form: TaskForm; toolName: string; arguments: Record<string, unknown> }, now: number): TrackedCall {
  return { ...fields, phase: 'calling', createdAt: now, updatedAt: now, hasResult: false, timeline: [{ at: now, fact: { kind: 'call-sent' } }], timelineCount: 1, answeredInputKeys: [] };
}

/**
 * A call the app stopped in the middle of, never resent: a plain one (no task can come of it)
 * ends `interrupted`; one that may have become a task is `outcome-unknown`.
 */
export function endAsInterrupted(task: TrackedCall, now: number): TrackedCall {
  if (task.plain === true) return { ...noted(task, now, { kind: 'call-interrupted' }), endReason: 'interrupted' };
  return { ...noted(task, now, { kind: 'app-stopped-mid-call' }), phase: 'outcome-unknown' };
}

/**
 * A call whose answer never came or could not be understood (`malformed`): the request may have
 * reached the server, so whether a task exists is unknown; it is never resent.
 */
export function endAsOutcomeUnknown(task: TrackedCall, detail: string, malformed: boolean, now: number): TrackedCall {
  const fact: ProblemFact = { kind: 'call-outcome-unknown', malformed, detail };
  return { ...noted(task, now, fact), phase: 'outcome-unknown', lastProblem: fact };
}

/** The server answered a call with a task handle: from now on the entry is that task. */
export function becomeTask(task: TrackedCall, serverTaskId: string, session: LegacySession | undefined, now: number): TrackedServerTask {
  const { plain: _plain, phase: _phase, ...call } = noted(task, now, { kind: 'task-created' });
  return { ...call, phase: 'task', serverTaskId, observedAt: now, ...(session !== undefined ? { legacy: { session } } : {}) };
}

/** The server asked for input before it runs the call (MRTR `input_required`). */
export function awaitCallInput(task: TrackedCall, now: number): TrackedCall {
  return noted(task, now, { kind: 'call-needs-input' });
}

/**
 * A call got its result directly (no task), at once or after the user's input (MRTR): it ends
 * `answered` (`answered-with-error` for `isError: true`), its result stored like a task's.
 */
export function endAsAnswered(task: TrackedCall, result: ToolResult, now: number): TrackedCall {
  const isToolError = isToolErrorResult(result);
  return { ...withStoredResult(noted(task, now, { kind: 'call-answered', toolError: isToolError }), result), endReason: isToolError ? 'answered-with-error' : 'answered' };
}

/** `task` once its final `result` is stored: it has a result, and says whether that result is a tool error. */
export function withStoredResult<T extends TrackedTask>(task: T, result: ToolResult): T {
  return { ...without(task, 'resultIsError'), hasResult: true, ...(isToolErrorResult(result) ? { resultIsError: true as const } : {}) };
}

/** A call was refused with a JSON-RPC error (at once or after the user's input), kept as `callError`. */
export function endAsRefused(task: TrackedCall, callError: JsonRpcErrorObject, now: number): TrackedCall {
  return { ...noted(task, now, { kind: 'call-refused', message: callError.message, code: callError.code }), endReason: 'refused', callError };
}

/** What cancelling a request on the wire sends, by transport and protocol (see `ServerConnection.cancelWire`). */
export interface CancelWire {
  /** A `notifications/cancelled` naming the request goes to the server. */
  notifies: boolean;
  /** The request's HTTP POST (and its response stream) is closed. */
  closesRequest: boolean;
}

/**
 * The user cancelled a call whose request was on the wire (no task yet): it ends
 * `user-cancelled`, its fact saying what the server was sent; an answer arriving later is ignored.
 */
export function endAsCallCancelled(task: TrackedCall, wire: CancelWire, now: number): TrackedCall {
  const fact: TimelineFact = { kind: 'call-cancelled', requestClosed: wire.closesRequest, serverNotified: wire.notifies };
  return { ...noted(task, now, fact), endReason: 'user-cancelled', cancelRequestedAt: now };
}

/** A call that waited for the user's input and was given up (`why` says how): never retried. */
export function endAsAbandoned(task: TrackedCall, why: AbandonFact, now: number): TrackedCall {
  return { ...noted(task, now, why), endReason: 'input-declined', lastProblem: why };
}

/** A task of another form than its server now speaks: it cannot be followed. */
export function endAsOtherForm<T extends TrackedTask>(task: T, serverForm: TaskForm, now: number): T {
  return { ...noted(task, now, { kind: 'form-changed', serverForm, taskForm: task.form }), endReason: 'lost' };
}

/** The user asked to cancel (`why` says how); the task shows "cancel requested" until the server ends it. */
export function requestCancel<T extends TrackedTask>(task: T, why: CancelFact, now: number): T {
  return { ...noted(task, now, why), cancelRequestedAt: now };
}

/** The cancel request failed: the task is running as before, with the failure on its timeline. */
export function cancelFailed<T extends TrackedTask>(task: T, detail: string, now: number): T {
  return { ...without(task, 'cancelRequestedAt'), ...withTimelineEntry(task, { at: now, fact: { kind: 'cancel-failed', detail } }) };
}

/**
 * One more answer delivered for `key` (counted: a key asked again is answered again), with an
 * optional fact for the timeline; a kept copy of the server request it answered is dropped.
 */
export function recordAnswer<T extends TrackedTask>(task: T, key: string, now: number, fact?: AnswerFact): T {
  const answered = { ...withoutKeptRequests(task, [key]), answeredInputKeys: [...task.answeredInputKeys, key], updatedAt: now };
  return fact === undefined ? answered : { ...answered, ...withTimelineEntry(task, { at: now, fact }) };
}

/** `task` with `problem` as its last problem (the same object when it already says that). */
export function withProblem<T extends TrackedTask>(task: T, problem: ProblemFact): T {
  const same = task.lastProblem !== undefined && task.lastError === undefined && sameFact(task.lastProblem, problem);
  return same ? task : { ...withoutProblem(task), lastProblem: problem };
}

/** `task` without a last problem, the sentence of an older version included (the same object when it has none). */
export function withoutProblem<T extends TrackedTask>(task: T): T {
  if (task.lastProblem === undefined && task.lastError === undefined) return task;
  return without(without(task, 'lastProblem'), 'lastError');
}

/** Fields both phases may leave out. */
type OptionalInEveryPhase = 'resultIsError' | 'cancelRequestedAt' | 'lastProblem' | 'lastError';

/**
 * `task` without its `key` field. The field is optional in both phases, so the copy is still a
 * task of `task`'s phase: TypeScript cannot follow a rest pattern on a generic, so this one
 * place says so.
 */
function without<T extends TrackedTask>(task: T, key: OptionalInEveryPhase): T {
  const { [key]: _dropped, ...rest } = task;
  return rest as unknown as T;
}

function sameFact(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * `task` without the kept server requests of `keys` (all of them when `keys` is undefined);
 * unchanged when it keeps none of them. Kept requests exist only for 2025-11-25 tasks in a
 * rejoinable HTTP session (protocols/legacy/kept-requests.ts).
 */
export function withoutKeptRequests<T extends Pick<TrackedTask, 'legacy'>>(task: T, keys?: readonly string[]): T {
  const legacy = task.legacy;
  const kept = legacy?.pendingRequests;
  if (legacy === undefined || kept === undefined) return task;
  const rest = keys === undefined ? [] : kept.filter((entry) => !keys.includes(entry.key));
  if (rest.length === kept.length) return task;
  if (rest.length > 0) return { ...task, legacy: { ...legacy, pendingRequests: rest } };
  const { pendingRequests: _dropped, ...session } = legacy;
  return { ...task, legacy: session };
}

/** A task as it is stored: an ended one keeps no server requests (they can never be answered). */
export function settled<T extends TrackedTask>(task: T): T {
  return isTaskFinished(task) ? withoutKeptRequests(task) : task;
}
