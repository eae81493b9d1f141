/**
 * The one IPC contract between the host (Electron main, or the browser-mode server) and the
 * renderer (docs/architecture.md#the-ipc-contract). Every invoke channel (`domain:verb`) and event
 * channel (`domain:past-tense`) is named here with zod schemas for its payloads; the types are
 * derived, so a drift between the channel list and the schemas is a compile error. The preload
 * exposes exactly these methods; the host parses every request before the engine sees it and
 * answers with a result envelope instead of throwing across the boundary.
 */
import { z } from 'zod';
import { HttpTransportKindSchema, MAX_ROOT_NAME_LENGTH, MAX_ROOT_URI_LENGTH, MAX_ROOTS, OAuthClientSettingsSchema, RootSchema, ServerStateSchema } from '../server-config.js';
import { AnswerActionSchema } from '../elicitation/elicit-result.js';
import type { FormModel } from '../elicitation/form-model.js';
import type { SamplingModel } from '../sampling/sampling-request.js';
import { ConsoleEntrySchema, ExchangeLineSchema, LogLevelSchema, ProtocolEntrySchema } from '../server-log.js';
import { DeclineEffectSchema, TrackedTaskSchema } from '../task-model.js';
import { EVENT_CHANNEL_NAMES, INVOKE_CHANNEL_NAMES } from './channels.js';
import { MAX_ID_LENGTH } from './contract-values.js';

export { BRIDGE_GLOBAL } from './channels.js';
export { ERA_LABELS, KEEP_SAVED_VALUE, MAX_ID_LENGTH, MAX_OPEN_INPUTS_PER_SERVER } from './contract-values.js';


/** Limits on what the renderer may send (the host refuses anything larger). */
const Id = z.string().min(1).max(MAX_ID_LENGTH);
const JsonObject = z.record(z.string(), z.unknown());

/**
 * A task as the renderer sees it: no timeline or arguments (see `tasks:get`), never session
 * credentials, nor the server requests kept for a restart (they reach it as checked pending inputs).
 */
export const TaskSummarySchema = TrackedTaskSchema.omit({ timeline: true, arguments: true, legacySession: true, answeredInputKeys: true, legacyPendingRequests: true }).extend({
  /** The task's arguments in one short line (`summarizeArguments`), for its row and the inbox search. */
  argumentSummary: z.string(),
});
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

/** A task with everything the detail view shows (no session credentials, no kept server requests). */
export const TaskDetailSchema = TrackedTaskSchema.omit({ legacySession: true, legacyPendingRequests: true });
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

/**
 * A configured server as the renderer sees it. Secrets never cross: of HTTP header values and
 * stdio environment values only the names are sent (`headerNames`, `envNames`).
 */
export const ServerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  /** stdio only: names of the environment variables the command runs with; their values stay on the host. */
  envNames: z.array(z.string()).optional(),
  /**
   * stdio only: variables whose saved values cannot be read in this session (not in `envNames`).
   * The server does not run and cannot be approved until they are entered again or left out.
   */
  lostEnvNames: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headerNames: z.array(z.string()).optional(),
  /**
   * HTTP only: header values that live for this session only (browser mode cannot protect them at
   * rest, so they are not written): the page says so next to them.
   */
  sessionOnlyHeaderNames: z.array(z.string()).optional(),
  /** HTTP only: the configured transport (absent: Streamable HTTP with the spec's fallback). */
  httpTransport: HttpTransportKindSchema.optional(),
  /** HTTP only: the user's sign-in client settings (no secrets). */
  oauth: OAuthClientSettingsSchema.optional(),
  /**
   * Set on a server whose endpoint was changed while it had tasks: the change made a new server
   * (this id), and this entry was kept, disabled, for its tasks, which belong to the old endpoint.
   */
  replacedBy: z.string().optional(),
  /** stdio only: the user approved exactly this command line, environment and folder. */
  approved: z.boolean(),
  /** The user disabled the server: it stays configured, its tasks stay in the inbox unwatched, and it does not run (no `state`). */
  disabled: z.boolean(),
  /**
   * Digest of what the approval shows (command, arguments, variable names, folder; for HTTP the
   * URL), never of secret values; `servers:approve` must name it (an edit needs a new approval).
   */
  approvalDigest: z.string(),
  /** Where the entry came from. */
  origin: z.enum(['default', 'user', 'import', 'config-file', 'command-line']),
  /** The folders shared with the server: exactly what its `roots/list` is answered with (often none). */
  roots: z.array(RootSchema),
  /** The user muted this server's desktop notifications. */
  notificationsMuted: z.boolean(),
  /** The least severe log level the user asked this server to send (absent: the app's default). */
  logLevel: LogLevelSchema.optional(),
  state: ServerStateSchema.optional(),
});
export type ServerView = z.infer<typeof ServerViewSchema>;

/**
 * `servers:update-settings`: the server's settings that do not change what runs (no approval, no
 * reconnect; allowed in browser mode). `roots`, when given, replaces the whole list; each
 * `location` is an absolute path or a `file://` URI, checked and turned into a URI by the host.
 */
export const ServerSettingsInputSchema = z.object({
  id: Id,
  roots: z
    .array(z.object({ location: z.string().min(1).max(MAX_ROOT_URI_LENGTH), name: z.string().max(MAX_ROOT_NAME_LENGTH).optional() }))
    // Room for the host to say "too many" itself rather than a schema error.
    .max(MAX_ROOTS + 1)
    .optional(),
  notificationsMuted: z.boolean().optional(),
  /** The least severe `notifications/message` level the server should send. */
  logLevel: LogLevelSchema.optional(),
});
export type ServerSettingsInput = z.infer<typeof ServerSettingsInputSchema>;

/**
 * A server the user adds or edits. `id` names an existing server to change (the host chooses the
 * id of a new one). Secret values travel only inwards, and only from the desktop app:
 * - `headers` absent keeps the saved header values (while the URL stays on the same origin);
 * - `env` is the whole environment (absent: none); a value of `null` (KEEP_SAVED_VALUE) keeps
 *   that variable's saved value, a string replaces it.
 */
export const ServerInputSchema = z.discriminatedUnion('transport', [
  z.object({
    id: Id.optional(),
    name: z.string().min(1).max(200),
    transport: z.literal('stdio'),
    command: z.string().min(1).max(4_096),
    args: z.array(z.string().max(4_096)).max(200),
    env: z.record(z.string().max(256), z.string().max(8_192).nullable()).optional(),
    cwd: z.string().max(4_096).optional(),
  }),
  z.object({
    id: Id.optional(),
    name: z.string().min(1).max(200),
    transport: z.literal('http'),
    url: z.url({ protocol: /^https?$/ }),
    headers: z.record(z.string().max(256), z.string().max(8_192)).optional(),
    httpTransport: HttpTransportKindSchema.optional(),
    oauth: OAuthClientSettingsSchema.optional(),
  }),
]);
export type ServerInput = z.infer<typeof ServerInputSchema>;


/** A tool as listed by a server (untrusted text in every string). */
export const ToolViewSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: JsonObject,
  /** 2025-11-25 `execution.taskSupport`, when the server declared it. */
  taskSupport: z.string().optional(),
});
export type ToolView = z.infer<typeof ToolViewSchema>;

/** What a tool call came back with (`result`: answered at once; `task` is its entry, ended, the result kept). */
export const CallOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('task'), task: TaskSummarySchema }),
  z.object({ kind: z.literal('result'), result: JsonObject, task: TaskSummarySchema }),
  z.object({ kind: z.literal('input_required'), task: TaskSummarySchema }),
]);
export type CallOutcome = z.infer<typeof CallOutcomeSchema>;

export const AppInfoSchema = z.object({
  version: z.string(),
  mode: z.enum(['electron', 'browser']),
  /** Problems found loading the stores (a corrupt file moved aside, ...), for the user to read. */
  storeProblems: z.array(z.string()),
  /** How secrets are protected: `basic_text` means no OS keyring (Linux): tell the user. */
  secretProtection: z.enum(['os-keychain', 'basic_text', 'unavailable']),
  /** Whether this host lets the UI add or edit stdio commands (never in browser mode). */
  canEditStdio: z.boolean(),
  /**
   * Present while changes cannot be written to disk (the app retries; new calls are refused):
   * why in plain words with the system code, and the folder that refused. Pushed by `app:changed`.
   */
  saveProblem: z.object({ reason: z.string(), folder: z.string() }).optional(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const ImportReportSchema = z.object({
  imported: z.array(ServerViewSchema),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** One choice of a select field (untrusted label: text only). */
const FormOptionSchema = z.object({ value: z.string(), label: z.string() });
const FormFieldCommon = { name: z.string(), label: z.string(), description: z.string().optional(), required: z.boolean() };
/** One field of a checked elicitation form: `FormField` of shared/elicitation/form-model.ts. */
export const FormFieldSchema = z.discriminatedUnion('kind', [
  z.object({
    ...FormFieldCommon,
    kind: z.enum(['text', 'email', 'uri', 'date', 'datetime']),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    pattern: z.string().optional(),
    initial: z.string().optional(),
  }),
  z.object({ ...FormFieldCommon, kind: z.enum(['number', 'integer']), minimum: z.number().optional(), maximum: z.number().optional(), initial: z.number().optional() }),
  z.object({ ...FormFieldCommon, kind: z.literal('boolean'), initial: z.boolean().optional() }),
  z.object({ ...FormFieldCommon, kind: z.literal('select'), options: z.array(FormOptionSchema), initial: z.string().optional() }),
  z.object({
    ...FormFieldCommon,
    kind: z.literal('multiselect'),
    options: z.array(FormOptionSchema),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    initial: z.array(z.string()).optional(),
  }),
]);
/** A checked elicitation form as the renderer draws it: `FormModel` of shared/elicitation/form-model.ts. */
export const FormModelSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  fields: z.array(FormFieldSchema),
  notes: z.array(z.string()),
  ignored: z.array(z.object({ field: z.string().optional(), keywords: z.array(z.string()) })),
});

/** Compile-time proof that the schema and the shared `FormModel` type agree. */
const formModelAgrees: SameShape<z.infer<typeof FormModelSchema>, FormModel> = true;
void formModelAgrees;

/** One piece of a sampling message: the server's text (untrusted), or the app's own sentence about what is not shown. */
const SamplingPartSchema = z.object({ kind: z.enum(['text', 'note']), text: z.string() });
/** A checked `sampling/createMessage`: `SamplingModel` of shared/sampling/sampling-request.ts. */
export const SamplingModelSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('request'),
    request: z.object({
      messages: z.array(z.object({ role: z.enum(['user', 'assistant']), parts: z.array(SamplingPartSchema) })),
      systemPrompt: z.array(SamplingPartSchema).optional(),
      parameters: z.object({
        maxTokens: z.number(),
        temperature: z.number().optional(),
        stopSequences: z.array(z.string()),
        includeContext: z.enum(['none', 'thisServer', 'allServers']).optional(),
        modelHints: z.array(z.string()),
        priorities: z.object({ cost: z.number().optional(), speed: z.number().optional(), intelligence: z.number().optional() }),
        tools: z.array(z.string()),
        toolChoice: z.enum(['auto', 'required', 'none']).optional(),
      }),
      notes: z.array(z.string()),
    }),
  }),
  z.object({ kind: z.literal('refusal'), problems: z.array(z.string()) }),
]);

/** Compile-time proof that the schema and the shared `SamplingModel` type agree. */
const samplingModelAgrees: SameShape<z.infer<typeof SamplingModelSchema>, SamplingModel> = true;
void samplingModelAgrees;


/**
 * A question a server waits on, as the host checked it (docs/security.md#forms): the renderer never
 * sees a raw `requestedSchema`. `kind` says what to draw:
 * - `form`: a form-mode `elicitation/create` whose schema is inside the spec's subset;
 * - `refusal`: a form-mode `elicitation/create` whose schema is not (a notice naming the server, no form;
 *   only Decline and Cancel may be sent);
 * - `url`: a URL-mode `elicitation/create` (docs/protocol-notes.md#url-mode): the full URL as text,
 *   its real host as `URL` parses it (after any user-info trick), and warnings; nothing is fetched
 *   before consent, and an accept carries no content;
 * - `roots`: a `roots/list` request, answered only with the roots the user configured for that server
 *   (none yet: `roots` is empty and said so plainly);
 * - `sampling`: a `sampling/createMessage` answered by a person: the conversation (media as facts, never
 *   rendered), system prompt and parameters, or a refusal listing why the request is malformed (Decline
 *   only). The renderer sends `{action: 'accept', reply}` or `{action: 'decline'}`; the host builds the
 *   `CreateMessageResult`. `declineEffect` says what Decline does on this path (the wire differs);
 * - `unsupported`: anything this version cannot answer (unknown requests), described in plain words.
 */
const PendingInputCommon = {
  /** Local id of the task or call the question belongs to; absent for a question the server asked outside any call the app could tie it to. */
  taskId: z.string().optional(),
  serverId: z.string(),
  key: z.string(),
  /** Local wall-clock ms when the question arrived. */
  receivedAt: z.number(),
  /** The request's method (untrusted text). */
  method: z.string(),
  /** The user's own name for the server (the configured name), then the server's self-reported `serverInfo.name`. */
  server: z.object({ name: z.string(), reportedName: z.string().optional() }),
  /**
   * Present when the question waits behind that server's open ones (at most
   * `MAX_OPEN_INPUTS_PER_SERVER` are open at a time): its place in the server's line, 1 = opens next. A queued question cannot be answered yet.
   */
  queuePlace: z.number().int().positive().optional(),
  /**
   * Answered, and the answer is held until the task's other questions are answered too (all go
   * to the server together). A held question cannot be answered again.
   */
  held: z.boolean(),
  /** With `held`: what the held answer says (a decline or cancel waits for the others just the same). */
  heldAction: AnswerActionSchema.optional(),
  /** How many times the server has asked this question, when more than once (it asked again after an answer). */
  round: z.number().int().min(2).optional(),
};
export const PendingInputViewSchema = z.discriminatedUnion('kind', [
  z.object({ ...PendingInputCommon, kind: z.literal('form'), message: z.string(), form: FormModelSchema }),
  z.object({ ...PendingInputCommon, kind: z.literal('refusal'), message: z.string(), refusal: z.object({ problems: z.array(z.string()) }) }),
  z.object({
    ...PendingInputCommon,
    kind: z.literal('url'),
    message: z.string(),
    url: z.object({
      /** The full URL exactly as the server sent it (untrusted text: never a clickable link). */
      full: z.string(),
      /** The host `URL` parses out of it (punycode as-is); empty when the URL does not parse. */
      host: z.string(),
      /** Plain-words reasons to be careful (user info, punycode, not https, unparsable...). */
      warnings: z.array(z.string()),
      /** False when the URL cannot be opened at all (unparsable, or not http/https): only Decline and Cancel. */
      canOpen: z.boolean(),
    }),
  }),
  z.object({ ...PendingInputCommon, kind: z.literal('roots'), roots: z.array(z.object({ uri: z.string(), name: z.string().optional() })) }),
  z.object({ ...PendingInputCommon, kind: z.literal('sampling'), sampling: SamplingModelSchema, declineEffect: DeclineEffectSchema }),
  z.object({ ...PendingInputCommon, kind: z.literal('unsupported'), description: z.string(), message: z.string().optional() }),
]);
export type PendingInputView = z.infer<typeof PendingInputViewSchema>;

/**
 * A desktop notification the host decided to raise (electron/host/task-notifier.ts). Title and
 * body are plain text, already stripped of control and bidi characters and capped; they still
 * carry server-supplied words, so they are shown as text only. `taskId` is the local id of the
 * task to open on click; absent on a summary of several tasks (a click opens the app).
 */
export const TaskNotificationSchema = z.object({
  id: z.string(),
  taskId: z.string().optional(),
  kind: z.enum(['input', 'completed', 'failed', 'summary']),
  title: z.string().max(200),
  body: z.string().max(1_000),
});
export type TaskNotification = z.infer<typeof TaskNotificationSchema>;

/** Most console lines or protocol messages one `logs:*` read answers with. */
export const MAX_LOG_PAGE = 1_000;
/** Longest search text a console read takes. */
export const MAX_LOG_SEARCH_LENGTH = 200;

/** What a read of a server's logs asks for: entries after `afterSeq` (absent: from the oldest kept), only the task's when `taskId` is given. */
const LogQuery = {
  serverId: Id,
  afterSeq: z.number().int().nonnegative().optional(),
  taskId: Id.optional(),
  limit: z.number().int().min(1).max(MAX_LOG_PAGE).optional(),
};

/** Every invoke channel: its request and response schemas. */
export const invokeChannels = {
  'app:info': { request: z.object({}), response: AppInfoSchema },
  /** Opens a pending URL-mode question's URL in the user's browser, after the user consented (host-checked). */
  'app:open-external': { request: z.object({ url: z.string().min(1).max(4096) }), response: z.object({}) },
  'servers:list': { request: z.object({}), response: z.array(ServerViewSchema) },
  'servers:save': { request: z.object({ server: ServerInputSchema }), response: ServerViewSchema },
  'servers:remove': { request: z.object({ id: Id }), response: z.object({}) },
  'servers:approve': { request: z.object({ id: Id, approvalDigest: z.string().min(1).max(200) }), response: ServerViewSchema },
  'servers:import': { request: z.object({ json: z.string().max(1_000_000) }), response: ImportReportSchema },
  'servers:update-settings': { request: ServerSettingsInputSchema, response: ServerViewSchema },
  /** Connects again at once: a server that stopped being started (`failed`), or one waiting for its next attempt. Allowed in browser mode. */
  'servers:retry': { request: z.object({ id: Id }), response: ServerViewSchema },
  /** Disables (keeps configured, stops running) or enables a server; remembered in the server list. Allowed in browser mode. */
  'servers:set-enabled': { request: z.object({ id: Id, enabled: z.boolean() }), response: ServerViewSchema },
  /**
   * Starts signing in to an HTTP server (or widening its access, after `more-access`). Answers at
   * once: `authorizationUrl` is the page to open (Electron has already opened it in the system
   * browser; the page opens it itself in browser mode), absent when held credentials sufficed
   * (a refresh). The outcome arrives as the server's `state.signIn` in `servers:changed`.
   * Allowed in browser mode.
   */
  'servers:sign-in': { request: z.object({ id: Id }), response: z.object({ authorizationUrl: z.string().optional() }) },
  /** Forgets the server's sign-in credentials (tokens, registration); it then needs sign-in again. Allowed in browser mode. */
  'servers:sign-out': { request: z.object({ id: Id }), response: ServerViewSchema },
  'tools:list': { request: z.object({ serverId: Id }), response: z.array(ToolViewSchema) },
  'tools:call': { request: z.object({ serverId: Id, name: z.string().min(1).max(512), arguments: JsonObject }), response: CallOutcomeSchema },
  'tasks:list': { request: z.object({}), response: z.array(TaskSummarySchema) },
  'tasks:get': { request: z.object({ id: Id }), response: TaskDetailSchema.nullable() },
  'tasks:result': { request: z.object({ id: Id }), response: JsonObject.nullable() },
  'tasks:cancel': { request: z.object({ id: Id }), response: z.object({}) },
  'tasks:remove': { request: z.object({ id: Id }), response: z.object({}) },
  'tasks:run-again': { request: z.object({ id: Id }), response: CallOutcomeSchema },
  /**
   * A server's console (stderr, log messages, connection events), oldest first, as the engine
   * kept and redacted it; `search` keeps the lines containing it (case-insensitive).
   */
  'logs:console': {
    request: z.object({ ...LogQuery, search: z.string().max(MAX_LOG_SEARCH_LENGTH).optional() }),
    response: z.array(ConsoleEntrySchema),
  },
  /** A server's protocol log (every JSON-RPC message in and out, redacted), oldest first. */
  'logs:protocol': { request: z.object(LogQuery), response: z.array(ProtocolEntrySchema) },
  /** A server's console and protocol log as JSON lines (one entry a line, by time), for a file. */
  'logs:export': { request: z.object({ serverId: Id }), response: z.string() },
  /** The task's protocol exchange as its timeline draws it (request and answer paired, identical ones in a row collapsed), redacted. */
  'tasks:exchange': { request: z.object({ id: Id }), response: z.array(ExchangeLineSchema) },
  /** The task as one JSON document (record, timeline, result, exchange, console), as text for a file; `null` when it is gone. */
  'tasks:export': { request: z.object({ id: Id }), response: z.string().nullable() },
  'inputs:list': { request: z.object({}), response: z.array(PendingInputViewSchema) },
  /** `taskId` as the question has it (absent: a question of the server `serverId` tied to no call). */
  'inputs:answer': { request: z.object({ taskId: Id.optional(), serverId: Id, key: z.string().min(1).max(256), response: JsonObject }), response: z.object({}) },
} as const;

/** Every event channel: its payload schema. Task updates arrive batched (one message per frame at most). */
export const eventChannels = {
  'tasks:updated': z.object({ tasks: z.array(TaskSummarySchema) }),
  'tasks:removed': z.object({ ids: z.array(z.string()) }),
  'servers:changed': z.object({ servers: z.array(ServerViewSchema) }),
  'inputs:changed': z.object({ inputs: z.array(PendingInputViewSchema) }),
  /** Browser mode: a notification for the page to show (with the browser's Notification API, if allowed). */
  'notifications:raised': z.object({ notification: TaskNotificationSchema }),
  /** Electron: the user clicked a desktop notification; open this task (absent: a summary, just show the app). */
  'notifications:activated': z.object({ taskId: z.string().optional() }),
  /** New console lines or protocol messages were recorded for these servers: read what is new with `logs:*`. */
  'logs:appended': z.object({ serverIds: z.array(z.string()) }),
  /** What `app:info` answers changed (e.g. a save problem appeared or cleared): the whole new value. */
  'app:changed': z.object({ info: AppInfoSchema }),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['response']>;
export type EventPayload<C extends EventChannel> = z.infer<(typeof eventChannels)[C]>;

/** Compile-time proof that the name lists in channels.ts and the schemas here agree. */
type SameKeys<A extends string, B extends string> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
/** True when two object types are mutually assignable. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const invokeNamesAgree: SameKeys<InvokeChannel, (typeof INVOKE_CHANNEL_NAMES)[number]> = true;
const eventNamesAgree: SameKeys<EventChannel, (typeof EVENT_CHANNEL_NAMES)[number]> = true;
void invokeNamesAgree;
void eventNamesAgree;

/** The names of invoke and event channels, for allowlists (the preload's, the socket's). */
export const INVOKE_CHANNELS: readonly InvokeChannel[] = INVOKE_CHANNEL_NAMES;
export const EVENT_CHANNELS: readonly EventChannel[] = EVENT_CHANNEL_NAMES;

/** An error as it crosses the boundary: a message for the user, and a JSON-RPC code when a server sent one. */
export const IpcErrorSchema = z.object({ message: z.string(), code: z.number().optional() });
export type IpcError = z.infer<typeof IpcErrorSchema>;

/** Every answer crosses the boundary in this envelope; nothing throws across it. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** One method per invoke channel, each bound to its channel (never a generic `invoke(channel)`). */
export type BridgeInvoke = { [C in InvokeChannel]: (request: InvokeRequest<C>) => Promise<IpcResult<InvokeResponse<C>>> };
/** One subscribe function per event channel; each returns its unsubscribe. */
export type BridgeEvents = { [E in EventChannel]: (listener: (payload: EventPayload<E>) => void) => () => void };

/** The bridge the renderer talks to, derived from the contract (Electron preload or browser socket). */
export interface Bridge {
  invoke: BridgeInvoke;
  events: BridgeEvents;
}

/** Parses an unknown value against a channel's request schema (host side). */
export function parseInvokeRequest<C extends InvokeChannel>(channel: C, payload: unknown): z.infer<(typeof invokeChannels)[C]['request']> {
  return invokeChannels[channel].request.parse(payload) as z.infer<(typeof invokeChannels)[C]['request']>;
}

/** True when `name` is a contract invoke channel. */
export function isInvokeChannel(name: unknown): name is InvokeChannel {
  return typeof name === 'string' && Object.hasOwn(invokeChannels, name);
}

