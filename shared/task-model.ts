/**
 * The normalized task domain shared by the engine, the hosts and the renderer.
 * Both wire forms of MCP Tasks (the 2026-07-28 extension and the 2025-11-25 experimental
 * tasks) are mapped onto these shapes; nothing here knows about a wire form's field names.
 * Schemas are zod so that persisted data and IPC payloads are checked where they enter.
 */
import { z } from 'zod';
import { AnswerActionSchema } from './elicitation/elicit-result.js';

export const TaskStatusSchema = z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']);
/** A task's status as the server reports it (identical vocabulary in both wire forms). */
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

export { isTaskFinished, isTerminalStatus, TERMINAL_STATUSES } from './task-terminal.js';

export const TaskFormSchema = z.enum(['extension', 'legacy']);
/**
 * Which wire form a task lives on: `extension` = `io.modelcontextprotocol/tasks` of 2026-07-28,
 * `legacy` = the experimental tasks of 2025-11-25.
 */
export type TaskForm = z.infer<typeof TaskFormSchema>;

export const EndReasonSchema = z.enum(['user-cancelled', 'server-cancelled', 'expired', 'lost', 'input-declined', 'answered', 'answered-with-error', 'refused', 'interrupted']);
/**
 * Why a task ended when its status alone does not say it: so the UI never claims something
 * that did not happen (a cancel the user asked for vs one the server decided; a task the
 * server forgot after its TTL vs one that vanished, e.g. with a restarted server).
 * The rest end a tool call that never became a task, so there is no status at all (phase stays
 * `calling`, no `serverTaskId`):
 * `input-declined`: the user declined a request the call waited on (MRTR), so it was abandoned —
 * it ends here as failed and is never retried; `answered`: the call got its result directly, at
 * once or after the user's answers (stored like a task's result: completed), `answered-with-error`
 * the same with `isError: true` (failed); `refused`: the call was refused with a JSON-RPC error,
 * kept in `callError` (failed); `interrupted`: a plain call (see `plain`) the app stopped in the
 * middle of — the server's answer could not be received, and it is never resent.
 * A plain call the user cancelled ends `user-cancelled`.
 */
export type EndReason = z.infer<typeof EndReasonSchema>;

export const JsonRpcErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
/** A JSON-RPC error object as a server sent it (untrusted text in `message`). */
export type JsonRpcErrorObject = z.infer<typeof JsonRpcErrorSchema>;

export const InputRequestSchema = z.object({
  method: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
/** One request for input from a server: `elicitation/create`, `sampling/createMessage` or `roots/list`. */
export type InputRequest = z.infer<typeof InputRequestSchema>;

/** The kinds of input a server can ask a user for. */
export const INPUT_METHODS = ['elicitation/create', 'sampling/createMessage', 'roots/list'] as const;

export const LegacyPendingRequestSchema = z.object({
  /** The key its pending input is filed under (`PendingInput.key`), the same after a restart. */
  key: z.string(),
  /** The JSON-RPC id the server sent it with: the answer must carry exactly this id. */
  requestId: z.union([z.string(), z.number()]),
  request: InputRequestSchema,
  /** Local wall-clock ms when it first arrived. */
  receivedAt: z.number(),
});
/**
 * A 2025-11-25 server request (elicitation, sampling, roots) of a task, not answered yet, kept
 * with the task so a restarted app can show it again and answer it in the rejoined session.
 * Untrusted server data (the engine bounds what it keeps).
 */
export type LegacyPendingRequest = z.infer<typeof LegacyPendingRequestSchema>;

export const TaskSnapshotSchema = z.object({
  serverTaskId: z.string(),
  status: TaskStatusSchema,
  statusMessage: z.string().optional(),
  createdAt: z.string().optional(),
  lastUpdatedAt: z.string().optional(),
  /** Lifetime from creation in ms; `null` = unlimited; absent when the server gave nothing usable. */
  ttlMs: z.number().nullable().optional(),
  pollIntervalMs: z.number().optional(),
  /** Outstanding input requests by key (extension form; all of them, per docs/protocol-notes.md#the-task-object). */
  inputRequests: z.record(z.string(), InputRequestSchema).optional(),
  /** The JSON-RPC error of a failed task. */
  error: JsonRpcErrorSchema.optional(),
});
/**
 * A task as last seen on the wire, normalized and clamped. The final result is kept apart
 * (see `ResultStore`) so a status change never rewrites a large payload.
 */
export type TaskSnapshot = z.infer<typeof TaskSnapshotSchema>;
/**
 * A snapshot's fields without the server's task id, which its task carries too: what a task
 * summary holds (`SummarySnapshotSchema`), and all that the rules shared by the host and the page read.
 */
export type SnapshotFields = Omit<TaskSnapshot, 'serverTaskId'>;

export const LegacySessionSchema = z.object({
  id: z.string(),
  protocolVersion: z.string(),
  /** The `capabilities.tasks` the server declared at `initialize` (rejoining skips it). */
  taskCapabilities: z.record(z.string(), z.unknown()),
});
/** A 2025-11-25 HTTP session a task lives in. */
export type LegacySession = z.infer<typeof LegacySessionSchema>;

export const TimelineEntrySchema = z.object({
  /** Local wall-clock time (ms since epoch) when the transition was observed. */
  at: z.number(),
  status: TaskStatusSchema.optional(),
  statusMessage: z.string().optional(),
  /**
   * What the app itself did or concluded (cancel requested, input answered, lost, ...), as a
   * fact for shared/messages/ to phrase (shared/timeline-facts.ts lists the kinds).
   * Any kind loads, so a fact this version does not know never sets its task aside.
   */
  fact: z.looseObject({ kind: z.string() }).optional(),
  /** The same, as a sentence: written by versions before facts, and shown as written. */
  note: z.string().optional(),
});
/** One observed transition of a task. */
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const TaskProgressSchema = z.object({
  /** The server's `progress` value: only increasing values are accepted. */
  progress: z.number(),
  /** The server's `total`, when it gave one (a determinate bar); absent: an indeterminate one. */
  total: z.number().optional(),
  /** The server's words about the step (untrusted text, cleaned and capped). */
  message: z.string().optional(),
  /** Local wall-clock ms of the newest notification taken. */
  at: z.number(),
});
/**
 * The newest `notifications/progress` for a call or a 2025-11-25 task (its `progressToken` stays
 * valid for the task's life). Extension tasks have none (the form has no numeric progress).
 */
export type TaskProgress = z.infer<typeof TaskProgressSchema>;

/** What a tracked entry has whatever its phase: the call, what the app saw of it, and how it ended. */
const trackedFields = {
  /** Local id, stable for the task's life in the app (the server's task id may not exist yet). */
  localId: z.string(),
  serverId: z.string(),
  form: TaskFormSchema,
  toolName: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** The newest progress the server reported for the call or its task. */
  progress: TaskProgressSchema.optional(),
  /** Local wall-clock ms when the call was started. */
  createdAt: z.number(),
  /** Local wall-clock ms of the last change the app observed. */
  updatedAt: z.number(),
  /** A final result is stored in the ResultStore under this task's local id. */
  hasResult: z.boolean(),
  /**
   * The final result says `isError: true` (the tool reported a failure). Set where the result is
   * stored, so a list can tell a tool error from a success without reading the result.
   */
  resultIsError: z.literal(true).optional(),
  /** At most `TIMELINE_CAP` entries, oldest first (shared/timeline.ts appends them). */
  timeline: z.array(TimelineEntrySchema),
  /**
   * The number of the newest timeline entry: how many were ever appended, dropped ones included
   * (`timelineCountOf` reads it; absent in a task saved before entries were counted).
   */
  timelineCount: z.number().int().nonnegative().optional(),
  endReason: EndReasonSchema.optional(),
  /** Set when the user asked to cancel; the task stays non-terminal until the server says so. */
  cancelRequestedAt: z.number().optional(),
  /** Input keys already answered (never answered twice, also across restarts). */
  answeredInputKeys: z.array(z.string()),
  /**
   * What went wrong last while following the task (a failed poll, a refused push, answers not
   * sent, why a call ended without an outcome), as a fact for shared/messages/ to phrase; cleared
   * by the next success. Any kind loads, as in the timeline.
   */
  lastProblem: z.looseObject({ kind: z.string() }).optional(),
  /** The same, as a sentence: written by versions before facts, shown as written until cleared. */
  lastError: z.string().optional(),
  /**
   * The JSON-RPC error a call was refused with after the user's input (`endReason: 'refused'`):
   * no task exists, so no snapshot carries it. Untrusted text.
   */
  callError: JsonRpcErrorSchema.optional(),
};

/** A field only the other phase has: absent here, so reading it on either phase type-checks and says `undefined`. */
const absent = z.never().optional();

/** A tool call that has not become a task (`calling`, `outcome-unknown`): no server task id, no snapshot, no session. */
export const TrackedCallSchema = z.object({
  ...trackedFields,
  phase: z.enum(['calling', 'outcome-unknown']),
  /**
   * The call went out as a plain request that no task can come of (a 2025-11-25 call without the
   * `task` param: the tool or the server does not offer tasks). Absent: the server may answer with a task.
   */
  plain: z.literal(true).optional(),
  serverTaskId: absent,
  observedAt: absent,
  snapshot: absent,
  legacy: absent,
});
/** A call that is not (or not known to be) a task on its server. */
export type TrackedCall = z.infer<typeof TrackedCallSchema>;

/** A call the server answered with a task handle (`task`): from then on the entry is that task. */
export const TrackedServerTaskSchema = z.object({
  ...trackedFields,
  phase: z.literal('task'),
  /** The server's task id. Treat as a secret: it may be a bearer token. */
  serverTaskId: z.string(),
  /** Local wall-clock ms when the app first saw the task handle (the TTL backstop's anchor; absent in tasks saved before it was kept). */
  observedAt: z.number().optional(),
  /** The task as last seen on the wire; absent until the first `tasks/get` or push. */
  snapshot: TaskSnapshotSchema.optional(),
  /**
   * What only a 2025-11-25 task over HTTP has: tasks are session-scoped there, so the task keeps
   * the session it lives in, and the server requests that session sent it and still waits on.
   */
  legacy: z.object({
    /** The session, so a restarted app can rejoin it. A credential: treat like the task id. */
    session: LegacySessionSchema,
    /**
     * The task's server requests still waiting for an answer (the server sent each once, on a
     * stream that ends with the app). Dropped once answered, declined or withdrawn, and when the
     * task ends.
     */
    pendingRequests: z.array(LegacyPendingRequestSchema).optional(),
  }).optional(),
  plain: absent,
});
/** A task its server knows by `serverTaskId`. */
export type TrackedServerTask = z.infer<typeof TrackedServerTaskSchema>;

/** One of the two by `phase`: a call (no task yet, or none known) or a server's task. */
export const TrackedTaskSchema = z.discriminatedUnion('phase', [TrackedCallSchema, TrackedServerTaskSchema]);
/** A task the app monitors: the unit of the inbox, of persistence and of IPC. */
export type TrackedTask = z.infer<typeof TrackedTaskSchema>;
/**
 * `calling`: a `tools/call` that may create a task was sent and has not answered yet (recorded
 * before sending, docs/security.md#persistence). `outcome-unknown`: the app stopped while in
 * `calling`; the call is never resent on our own. `task`: the server returned a task handle.
 */
export type TaskPhase = TrackedTask['phase'];

/** A result payload (a `CallToolResult` for `tools/call`), untrusted and possibly large. */
export type ToolResult = Record<string, unknown>;

/** True when a tool's result reports a failure (`isError: true`): never a success, whatever the status says. */
export function isToolErrorResult(result: ToolResult): boolean {
  return result['isError'] === true;
}

/**
 * What declining a pending input does, decided by the engine per path (the wires differ) and shown
 * before the user clicks: `refuse` = the server gets a JSON-RPC error "User rejected sampling
 * request" (a 2025-11-25 request held on the task's result stream); `cancel-task` = the task is
 * cancelled with `tasks/cancel` (extension `inputRequests`: that protocol has no way to refuse a
 * sampling request, docs/protocol-notes.md#sampling-and-roots); `abandon-call` = the tool call
 * waiting for the answer (MRTR) is not retried and ends here as failed.
 */
export const DeclineEffectSchema = z.enum(['refuse', 'cancel-task', 'abandon-call']);
export type DeclineEffect = z.infer<typeof DeclineEffectSchema>;

export const PendingInputSchema = z.object({
  /**
   * Local id of the task (or tool call) the input belongs to; absent for a question a server asked
   * outside any call the app can tie it to (e.g. with no call, or several calls, in flight on a
   * stdio connection, where the wire does not say which call a request belongs to).
   */
  localId: z.string().optional(),
  serverId: z.string(),
  /** Key of the request: the extension's `inputRequests` key, or one the engine assigned. */
  key: z.string(),
  request: InputRequestSchema,
  /** Local wall-clock ms when the request first arrived. */
  receivedAt: z.number(),
  /**
   * Answered, but the answer is held in memory until the task's other questions are answered
   * too, so all go to the server in one `tasks/update` (extension form,
   * docs/protocol-notes.md#answering-input-requests).
   */
  held: z.literal(true).optional(),
  /** With `held`: what the held answer says, so a held decline or cancel is never shown as an accept. */
  heldAction: AnswerActionSchema.optional(),
  /**
   * What `Engine.declineInput` does with it; the engine sets it on every input it files. It also
   * names the path the question came by: `refuse` = a server-to-client request (answered on its
   * own), `cancel-task` = a task's `inputRequests`, `abandon-call` = an MRTR round of a call (both
   * answered together with the owner's other questions).
   */
  declineEffect: DeclineEffectSchema.optional(),
  /**
   * How many times the server has asked this key, when more than once: it asked again after the
   * user's answer was delivered (a task re-listing an answered key, or an MRTR round repeating one).
   */
  round: z.number().int().min(2).optional(),
});
/** One question a server is waiting for the user to answer, in one shape for both forms. */
export type PendingInput = z.infer<typeof PendingInputSchema>;

/** `Omit` of each member of a union, so the members stay told apart (by `phase`, for a task). */
export type OmitFromEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A task as it may leave the engine's host (the window, an export): without the 2025-11-25
 * session credentials and the kept server requests (untrusted and possibly large; the window gets
 * them as pending inputs).
 */
export function withoutSessionCredentials(task: TrackedTask): OmitFromEach<TrackedTask, 'legacy'> {
  const { legacy: _legacy, ...rest } = task;
  return rest;
}
