/**
 * The one IPC contract between the host (Electron main, or the browser-mode server) and the
 * renderer (docs/architecture.md#the-ipc-contract). Every invoke channel (`domain:verb`) and event
 * channel (`domain:past-tense`) is named here with zod schemas for its payloads (the views of
 * tasks, tools, servers and pending inputs are defined in the `*-schemas.ts` modules beside this
 * one and re-exported here, so callers import the contract only); the types are derived, so a
 * drift between the channel list and the schemas is a compile error. The preload exposes exactly
 * these methods; the host parses every request before the engine sees it and answers with a
 * result envelope instead of throwing across the boundary.
 */
import { z } from 'zod';
import { ConsoleEntrySchema, ExchangeLineSchema, ProtocolEntrySchema } from '../server-log.js';
import { EVENT_CHANNEL_NAMES, INVOKE_CHANNEL_NAMES } from './channels.js';
import { Id, JsonObject } from './field-schemas.js';
import { PendingInputViewSchema } from './pending-input-schemas.js';
import { ImportReportSchema, ServerInputSchema, ServerSettingsInputSchema, ServerViewSchema } from './server-schemas.js';
import { TaskDetailChangeSchema, TaskDetailSchema, TaskGroupHeadSchema, TaskNotificationSchema, TaskSummarySchema } from './task-schemas.js';
import { CallOutcomeSchema, ToolViewSchema } from './tool-schemas.js';
import type { SameKeys } from './type-agreement.js';

export { BRIDGE_GLOBAL } from './channels.js';
export { ERA_LABELS, KEEP_SAVED_VALUE, MAX_ID_LENGTH, MAX_OPEN_INPUTS_PER_SERVER } from './contract-values.js';
export { FormFieldSchema, FormModelSchema, PendingInputViewSchema, SamplingModelSchema, type PendingInputView } from './pending-input-schemas.js';
export {
  ImportReportSchema,
  ServerInputSchema,
  ServerSettingsInputSchema,
  ServerViewSchema,
  type ImportReport,
  type ServerInput,
  type ServerSettingsInput,
  type ServerView,
} from './server-schemas.js';
export { SummarySnapshotSchema, TaskDetailChangeSchema, TaskDetailSchema, TaskGroupHeadSchema, TaskNotificationSchema, TaskSummarySchema, type TaskDetail, type TaskDetailChange, type TaskGroupHead, type TaskNotification, type TaskSummary } from './task-schemas.js';
export { CallOutcomeSchema, ToolViewSchema, type CallOutcome, type ToolView } from './tool-schemas.js';

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

/** Most console lines or protocol messages one `logs:*` read answers with. */
export const MAX_LOG_PAGE = 1_000;
/** Longest search text a console read takes. */
export const MAX_LOG_SEARCH_LENGTH = 200;

/** The most rows of each group a `tasks:head` answer may be asked for. */
export const MAX_HEAD_ROWS_PER_GROUP = 200;

/** What a read of a server's logs asks for: entries after `afterSeq` (absent: from the oldest kept), only the task's when `localId` is given. */
const LogQuery = {
  serverId: Id,
  afterSeq: z.number().int().nonnegative().optional(),
  localId: Id.optional(),
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
  /**
   * The first screen of the inbox before the whole list: each group's first `rowsPerGroup`
   * tasks (in the inbox's order) and how many it has, groups in their order, empty ones left out.
   */
  'tasks:head': { request: z.object({ rowsPerGroup: z.number().int().min(1).max(MAX_HEAD_ROWS_PER_GROUP) }), response: z.array(TaskGroupHeadSchema) },
  'tasks:get': { request: z.object({ localId: Id }), response: TaskDetailSchema.nullable() },
  'tasks:result': { request: z.object({ localId: Id }), response: JsonObject.nullable() },
  'tasks:cancel': { request: z.object({ localId: Id }), response: z.object({}) },
  'tasks:remove': { request: z.object({ localId: Id }), response: z.object({}) },
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
  'tasks:exchange': { request: z.object({ localId: Id }), response: z.array(ExchangeLineSchema) },
  /** The task as one JSON document (record, timeline, result, exchange, console), as text for a file; `null` when it is gone. */
  'tasks:export': { request: z.object({ localId: Id }), response: z.string().nullable() },
  'inputs:list': { request: z.object({}), response: z.array(PendingInputViewSchema) },
  /** `localId` as the question has it (absent: a question of the server `serverId` tied to no call). */
  'inputs:answer': { request: z.object({ localId: Id.optional(), serverId: Id, key: z.string().min(1).max(256), response: JsonObject }), response: z.object({}) },
} as const;

/** Every event channel: its payload schema. Task updates arrive batched (one message per frame at most). */
export const eventChannels = {
  /** Tasks in their newest state; `details`: for the ones whose timeline or answers changed, what an open detail needs. */
  'tasks:updated': z.object({ tasks: z.array(TaskSummarySchema), details: z.array(TaskDetailChangeSchema).optional() }),
  'tasks:removed': z.object({ localIds: z.array(z.string()) }),
  'servers:changed': z.object({ servers: z.array(ServerViewSchema) }),
  'inputs:changed': z.object({ inputs: z.array(PendingInputViewSchema) }),
  /** Browser mode: a notification for the page to show (with the browser's Notification API, if allowed). */
  'notifications:raised': z.object({ notification: TaskNotificationSchema }),
  /** Electron: the user clicked a desktop notification; open this task (absent: a summary, just show the app). */
  'notifications:activated': z.object({ localId: z.string().optional() }),
  /**
   * New console lines or protocol messages were recorded for these servers: read what is new with
   * `logs:*`. `exchangeLocalIds`: the tasks whose exchange (`tasks:exchange`) changed with them.
   */
  'logs:appended': z.object({ serverIds: z.array(z.string()), exchangeLocalIds: z.array(z.string()) }),
  /** What `app:info` answers changed (e.g. a save problem appeared or cleared): the whole new value. */
  'app:changed': z.object({ info: AppInfoSchema }),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.infer<(typeof invokeChannels)[C]['response']>;
export type EventPayload<C extends EventChannel> = z.infer<(typeof eventChannels)[C]>;

/** Compile-time proof that the name lists in channels.ts and the schemas here agree. */
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
