/**
 * Engine and host objects as the renderer may see them (shared/ipc/contract.ts). These strip
 * fields explicitly: TypeScript accepts extra properties on a wider object, so a plain cast
 * would send task arguments, session credentials or header values across the boundary.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { CallOutcome, ServerView, TaskDetail, TaskSummary, ToolView } from '../../shared/ipc/contract.js';
import { summarizeArguments } from '../../shared/argument-summary.js';
import type { ServerState } from '../../shared/server-config.js';
import { withoutSessionCredentials, type TrackedTask } from '../../shared/task-model.js';
import type { CallToolOutcome } from '../engine/index.js';
import { isApproved, shownApprovalDigest, type ServerEntry } from './server-entry.js';

/**
 * A task for lists and events: no timeline, arguments, answered keys, session credentials or
 * kept server requests (untrusted and possibly large; the renderer gets them as pending inputs).
 * The arguments travel only as their one-line summary, the snapshot without the server's task id
 * (the task carries it).
 */
export function toTaskSummary(task: TrackedTask): TaskSummary {
  const { timeline: _timeline, timelineCount: _count, arguments: args, answeredInputKeys: _answered, legacy: _legacy, ...summary } = task;
  const argumentSummary = summarizeArguments(args);
  if (summary.phase !== 'task' || summary.snapshot === undefined) return { ...summary, argumentSummary };
  const { serverTaskId: _sameAsTheTasks, ...snapshot } = summary.snapshot;
  return { ...summary, snapshot, argumentSummary };
}

/** A task for the detail view: everything but the 2025-11-25 session credentials and kept server requests. */
export function toTaskDetail(task: TrackedTask): TaskDetail {
  return withoutSessionCredentials(task);
}

/** A server's tool, with the 2025-11-25 `execution.taskSupport` when it declared one. */
export function toToolView(tool: Tool): ToolView {
  return {
    name: tool.name,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema,
    ...(tool.execution?.taskSupport !== undefined ? { taskSupport: tool.execution.taskSupport } : {}),
  };
}

/** What `tools:call` answers. */
export function toCallOutcome(outcome: CallToolOutcome): CallOutcome {
  return outcome.kind === 'result' ? { kind: 'result', result: outcome.result, task: toTaskSummary(outcome.task) } : { kind: outcome.kind, task: toTaskSummary(outcome.task) };
}

/** How the host keeps what a view describes. */
export interface ViewOptions {
  /**
   * True where the header values in the config are not written anywhere (browser mode: nothing
   * can be protected at rest), so they last for this session only: the view names them in
   * `sessionOnlyHeaderNames` for the page to say so.
   */
  headersSessionOnly?: boolean;
}

/**
 * A configured server with its live state (none while it does not run). Secrets follow one rule
 * here, the only place a config becomes a view: HTTP header values and stdio environment values
 * never leave the host, only their names do (plus the names of lost variables), and the approval
 * digest shown covers names, not values (`shownApprovalDigest`). The user
 * edits them by name (saved-secrets.ts says how a save keeps a value it does not carry).
 */
export function toServerView(entry: ServerEntry, state: ServerState | undefined, { headersSessionOnly = false }: ViewOptions = {}): ServerView {
  const { config, origin } = entry;
  const common = {
    id: config.id,
    name: config.name,
    approved: isApproved(entry),
    disabled: entry.disabled === true,
    approvalDigest: shownApprovalDigest(config),
    origin,
    roots: config.roots ?? [],
    notificationsMuted: config.notificationsMuted ?? false,
    ...(config.logLevel !== undefined ? { logLevel: config.logLevel } : {}),
    ...(entry.replacedBy !== undefined ? { replacedBy: entry.replacedBy } : {}),
    ...(state !== undefined ? { state } : {}),
  };
  if (config.transport === 'http') {
    const headerNames = [...new Set([...Object.keys(config.headers ?? {}), ...Object.keys(entry.sealedHeaders ?? {})])];
    const sessionOnly = headersSessionOnly ? Object.keys(config.headers ?? {}) : [];
    return {
      ...common,
      transport: 'http',
      url: config.url,
      headerNames,
      ...(sessionOnly.length > 0 ? { sessionOnlyHeaderNames: sessionOnly } : {}),
      ...(config.httpTransport !== undefined ? { httpTransport: config.httpTransport } : {}),
      ...(config.oauth !== undefined ? { oauth: config.oauth } : {}),
    };
  }
  return {
    ...common,
    transport: 'stdio',
    command: config.command,
    args: config.args,
    envNames: Object.keys(config.env ?? {}),
    ...(entry.sealedEnv !== undefined ? { lostEnvNames: Object.keys(entry.sealedEnv) } : {}),
    ...(config.cwd !== undefined ? { cwd: config.cwd } : {}),
  };
}
