/**
 * Lenient, clamping parsers from both wire forms to the normalized `TaskSnapshot`.
 * Servers are untrusted (docs/security.md#robustness-against-servers): absurd numbers are clamped,
 * huge strings cut, malformed timestamps dropped, unknown statuses and hostile keys refused with a
 * reason — a bad message is quarantined per task, never a crash.
 */
import {
  INPUT_METHODS,
  TaskStatusSchema,
  type InputRequest,
  type JsonRpcErrorObject,
  type TaskSnapshot,
  type ToolResult,
} from '../../../shared/task-model.js';
import { isJsonObject } from '../../../shared/json-guards.js';
import { formatBytes } from '../connections/message-limit.js';

/** Longest server-supplied text kept (status messages, error messages). */
export const MAX_TEXT_LENGTH = 4_000;
/** Longest task id accepted. */
export const MAX_TASK_ID_LENGTH = 512;
/** Most input requests accepted in one snapshot. */
export const MAX_INPUT_REQUESTS = 32;
/**
 * Largest input request kept (its params as JSON: the message, the form's `requestedSchema`, a
 * sampling conversation). A generous bound for a person to read; the form's own limits (fields,
 * options, text lengths) are checked where it is shown (shared/elicitation/schema-check.ts).
 */
export const MAX_INPUT_REQUEST_BYTES = 256 * 1024;
/** Largest `data` of a server's error kept with a task; a larger one is replaced by a note. */
export const MAX_ERROR_DATA_BYTES = 16 * 1024;
/** Largest TTL kept (ten years); anything larger is treated as unlimited-but-bounded noise. */
const MAX_TTL_MS = 10 * 365 * 24 * 3_600_000;
/** Largest poll interval kept as reported (one day); the scheduler clamps further. */
const MAX_REPORTED_POLL_MS = 24 * 3_600_000;
/** Property names that must never become keys of objects we build. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** What parsing a server message gave: the value, or why it was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A task as observed: its snapshot and, when the message carried one, its final result. */
export interface TaskObservation {
  snapshot: TaskSnapshot;
  result?: ToolResult;
}

/** Cuts a server string to `MAX_TEXT_LENGTH` characters, marking the cut. */
export function clampText(text: string): string {
  return text.length > MAX_TEXT_LENGTH ? `${text.slice(0, MAX_TEXT_LENGTH)}… [truncated]` : text;
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' ? clampText(value) : undefined;
}

function isoTimestamp(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  return Number.isNaN(Date.parse(value)) ? undefined : value;
}

/** A TTL in ms: a non-negative finite number (rounded, capped), `null` for unlimited, else undefined. */
function ttlValue(value: unknown): number | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  return Math.min(Math.round(value), MAX_TTL_MS);
}

function pollValue(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return undefined;
  return Math.min(Math.round(value), MAX_REPORTED_POLL_MS);
}

/**
 * True when `value` as JSON would be longer than `maxBytes` (counted in UTF-16 units, close
 * enough for a cap). Stops counting as soon as it is over, so a huge value costs little.
 */
export function isLargerThan(value: unknown, maxBytes: number): boolean {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') size += current.length + 2;
    else if (Array.isArray(current)) {
      size += 2 + current.length;
      for (const item of current) stack.push(item);
    } else if (isJsonObject(current)) {
      for (const [key, member] of Object.entries(current)) {
        size += key.length + 4;
        stack.push(member);
      }
      size += 2;
    } else size += 8;
    if (size > maxBytes) return true;
  }
  return false;
}

/** Why an input request's params are too large to keep, or undefined when they are not. */
export function inputRequestSizeProblem(params: unknown): string | undefined {
  return isLargerThan(params, MAX_INPUT_REQUEST_BYTES) ? `is larger than ${formatBytes(MAX_INPUT_REQUEST_BYTES)}` : undefined;
}

/** Parses a JSON-RPC error object; a malformed one becomes a generic error that says so. */
export function parseJsonRpcError(value: unknown): JsonRpcErrorObject {
  if (!isJsonObject(value)) return { code: -32603, message: 'The server reported a failure without an error object.' };
  const code = typeof value.code === 'number' && Number.isInteger(value.code) ? value.code : -32603;
  const message = typeof value.message === 'string' ? clampText(value.message) : 'The server sent an error without a message.';
  if (value.data === undefined) return { code, message };
  const data = isLargerThan(value.data, MAX_ERROR_DATA_BYTES) ? `[The error's data was dropped: larger than ${formatBytes(MAX_ERROR_DATA_BYTES)}.]` : value.data;
  return { code, message, data };
}

/** Parses an extension `inputRequests` map, dropping entries that are not input requests. */
export function parseInputRequests(value: unknown): Parsed<Record<string, InputRequest>> {
  if (!isJsonObject(value)) return { ok: false, reason: 'inputRequests is not an object' };
  const entries = Object.entries(value);
  if (entries.length > MAX_INPUT_REQUESTS) return { ok: false, reason: `more than ${MAX_INPUT_REQUESTS} input requests at once` };
  const requests: Record<string, InputRequest> = Object.create(null) as Record<string, InputRequest>;
  for (const [key, request] of entries) {
    if (FORBIDDEN_KEYS.has(key) || key.length === 0 || key.length > 256) {
      return { ok: false, reason: `input request key ${JSON.stringify(key.slice(0, 40))} is not acceptable` };
    }
    if (!isJsonObject(request) || typeof request.method !== 'string') {
      return { ok: false, reason: `input request ${JSON.stringify(key)} has no method` };
    }
    if (!(INPUT_METHODS as readonly string[]).includes(request.method)) {
      return { ok: false, reason: `input request ${JSON.stringify(key)} asks for unknown method ${JSON.stringify(request.method.slice(0, 60))}` };
    }
    if (request.params !== undefined && !isJsonObject(request.params)) {
      return { ok: false, reason: `input request ${JSON.stringify(key)} has malformed params` };
    }
    const sizeProblem = inputRequestSizeProblem(request.params);
    if (sizeProblem !== undefined) return { ok: false, reason: `input request ${JSON.stringify(key)} ${sizeProblem}` };
    requests[key] = request.params === undefined ? { method: request.method } : { method: request.method, params: request.params };
  }
  return { ok: true, value: { ...requests } };
}

/** The fields both forms share, given each form's names for TTL and poll interval. */
function parseTaskCore(raw: Record<string, unknown>, ttlKey: 'ttlMs' | 'ttl', pollKey: 'pollIntervalMs' | 'pollInterval'): Parsed<TaskSnapshot> {
  const { taskId } = raw;
  if (typeof taskId !== 'string' || taskId.length === 0) return { ok: false, reason: 'task has no taskId' };
  if (taskId.length > MAX_TASK_ID_LENGTH) return { ok: false, reason: 'taskId is absurdly long' };
  const status = TaskStatusSchema.safeParse(raw.status);
  if (!status.success) {
    return { ok: false, reason: `unknown task status ${JSON.stringify(String(raw.status).slice(0, 40))}` };
  }
  const snapshot: TaskSnapshot = { serverTaskId: taskId, status: status.data };
  const statusMessage = optionalText(raw.statusMessage);
  if (statusMessage !== undefined) snapshot.statusMessage = statusMessage;
  const createdAt = isoTimestamp(raw.createdAt);
  if (createdAt !== undefined) snapshot.createdAt = createdAt;
  const lastUpdatedAt = isoTimestamp(raw.lastUpdatedAt);
  if (lastUpdatedAt !== undefined) snapshot.lastUpdatedAt = lastUpdatedAt;
  const ttl = ttlValue(raw[ttlKey]);
  if (ttl !== undefined) snapshot.ttlMs = ttl;
  const poll = pollValue(raw[pollKey]);
  if (poll !== undefined) snapshot.pollIntervalMs = poll;
  return { ok: true, value: snapshot };
}

/**
 * Parses an extension (2026-07-28) task: a `CreateTaskResult`, a `tasks/get` result or
 * `notifications/tasks` params (all `DetailedTask`-shaped, docs/protocol-notes.md#the-task-object).
 * An inline result without its own `resultType` is accepted (the spec's examples omit it,
 * docs/protocol-notes.md#errata-the-code-tolerates).
 */
export function parseExtensionTask(raw: unknown): Parsed<TaskObservation> {
  if (!isJsonObject(raw)) return { ok: false, reason: 'task is not an object' };
  const core = parseTaskCore(raw, 'ttlMs', 'pollIntervalMs');
  if (!core.ok) return core;
  const snapshot = core.value;
  const observation: TaskObservation = { snapshot };
  if (snapshot.status === 'input_required' && raw.inputRequests !== undefined) {
    const inputs = parseInputRequests(raw.inputRequests);
    if (!inputs.ok) return inputs;
    snapshot.inputRequests = inputs.value;
  }
  if (snapshot.status === 'failed') {
    snapshot.error = parseJsonRpcError(raw.error);
  }
  if (snapshot.status === 'completed' && raw.result !== undefined) {
    if (!isJsonObject(raw.result)) return { ok: false, reason: 'completed task carries a result that is not an object' };
    observation.result = raw.result;
  }
  return { ok: true, value: observation };
}

/** Parses a 2025-11-25 `Task` (a `tasks/get` or `tasks/cancel` result, or `notifications/tasks/status` params). */
export function parseLegacyTask(raw: unknown): Parsed<TaskObservation> {
  if (!isJsonObject(raw)) return { ok: false, reason: 'task is not an object' };
  const core = parseTaskCore(raw, 'ttl', 'pollInterval');
  return core.ok ? { ok: true, value: { snapshot: core.value } } : core;
}
