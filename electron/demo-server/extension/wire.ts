/**
 * Wire vocabulary of the Tasks extension (`io.modelcontextprotocol/tasks`,
 * docs/protocol-notes.md#the-tasks-extension-2026-07-28): the capability checks on a request's
 * `_meta` envelope, the zod schemas of inbound params, and the outbound task shapes built from a
 * `TaskState`.
 */
import { z } from 'zod';
import { isJsonObject } from '../../../shared/json-guards.js';
import { INTERNAL_ERROR } from '../catalogue/tool-result.js';
import type { ClientFeature } from '../catalogue/tools.js';
import type { TaskState } from '../core/task-table.js';

/** The only protocol revision the extension server speaks. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** The extension's identifier, also its key under `capabilities.extensions`. */
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';

/** `data.requiredCapabilities` of the -32021 answered when a request lacks the extension (docs/protocol-notes.md#negotiating-the-extension). */
export const TASKS_EXTENSION_REQUIRED = { extensions: { [TASKS_EXTENSION_ID]: {} } };
/** `data.requiredCapabilities` of the -32021 answered when a tool's questions need a feature the request did not declare. */
export const FEATURE_REQUIRED: Record<ClientFeature, Record<string, unknown>> = {
  'elicitation.form': { elicitation: { form: {} } },
  'elicitation.url': { elicitation: { url: {} } },
  sampling: { sampling: {} },
  roots: { roots: {} },
};

/**
 * The parts of declared client capabilities the server acts on. Unknown keys pass: the
 * capabilities object is open, and future extension settings must not break the check.
 */
const DeclaredCapabilitiesSchema = z.looseObject({
  extensions: z.record(z.string(), z.unknown()).optional(),
  elicitation: z.looseObject({ form: z.unknown().optional(), url: z.unknown().optional() }).optional(),
  sampling: z.unknown().optional(),
  roots: z.unknown().optional(),
});

/**
 * True when `capabilities` (a request's `clientCapabilities`) declares the Tasks extension.
 * Any object value counts, not only `{}` (forward compatibility,
 * docs/protocol-notes.md#negotiating-the-extension).
 */
export function declaresTasksExtension(capabilities: unknown): boolean {
  const parsed = DeclaredCapabilitiesSchema.safeParse(capabilities);
  return parsed.success && isJsonObject(parsed.data.extensions?.[TASKS_EXTENSION_ID]);
}

/**
 * True when `capabilities` declares `feature`: `elicitation: {}` alone means form mode
 * (docs/protocol-notes.md#declaring-elicitation-modes); URL mode, sampling and roots must be
 * declared by name.
 */
export function declaresFeature(capabilities: unknown, feature: ClientFeature): boolean {
  const parsed = DeclaredCapabilitiesSchema.safeParse(capabilities);
  if (!parsed.success) return false;
  const { elicitation, sampling, roots } = parsed.data;
  switch (feature) {
    case 'elicitation.form':
      return elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
    case 'elicitation.url':
      return elicitation?.url !== undefined;
    case 'sampling':
      return sampling !== undefined;
    case 'roots':
      return roots !== undefined;
  }
}

/** Params of `tasks/get`, `tasks/update` and `tasks/cancel` as handlers see them (`inputResponses` is lifted out by the SDK). */
export const TaskIdParamsSchema = z.object({ taskId: z.string().min(1).max(200) });

/** Params of `tools/call` (`inputResponses`/`requestState` are lifted out by the SDK before handlers run). */
export const ToolCallParamsSchema = z.object({
  name: z.string().min(1).max(200),
  arguments: z.record(z.string(), z.unknown()).optional(),
});

/** The status-independent fields of a task (docs/protocol-notes.md#the-task-object). */
function taskFields(state: TaskState) {
  return {
    taskId: state.taskId,
    status: state.status,
    ...(state.statusMessage !== undefined && { statusMessage: state.statusMessage }),
    createdAt: state.createdAt,
    lastUpdatedAt: state.lastUpdatedAt,
    ttlMs: state.ttlMs,
    pollIntervalMs: state.pollIntervalMs,
  };
}

/** The `tools/call` answer that hands out a task (docs/protocol-notes.md#what-a-tool-call-returns): flat, `resultType: "task"`, no status payload. */
export function toCreateTaskResult(state: TaskState) {
  return { resultType: 'task' as const, ...taskFields(state) };
}

/**
 * A `DetailedTask` (docs/protocol-notes.md#the-task-object): the task plus its status payload —
 * `inputRequests` while `input_required`, `result` when `completed`, `error` when `failed`.
 * `tasks/get` adds `resultType: "complete"` (the SDK stamps it); `notifications/tasks` carries it
 * as is.
 *
 * The inline `result` is the tool's `CallToolResult` WITHOUT its own `resultType`, exactly like
 * the spec's examples: clients must treat a missing inner `resultType` as "complete"
 * (docs/protocol-notes.md#errata-the-code-tolerates), and this server exercises that tolerance on
 * purpose.
 */
export function toDetailedTask(state: TaskState) {
  const fields = taskFields(state);
  switch (state.status) {
    case 'input_required':
      return { ...fields, inputRequests: state.inputRequests ?? {} };
    case 'completed':
      return { ...fields, result: state.result ?? {} };
    case 'failed':
      return { ...fields, error: state.error ?? { code: INTERNAL_ERROR, message: state.statusMessage ?? 'Task failed' } };
    default:
      return fields;
  }
}
