/**
 * A cheap shape check for task summaries, used by the socket bridge in place of the contract's
 * zod schema for the two channels that carry them in bulk (`tasks:list`, `tasks:updated`).
 *
 * Why not zod there: the list answer holds 10,000 summaries and ~45 `tasks:updated` frames
 * arrive a second; zod (jitless, because of the CSP) spent ~90 ms of the first paint on the
 * list alone and kept re-validating every summary of every frame. The host is our own loopback
 * process behind a per-launch token, which builds these summaries from the same schema; the
 * Electron IPC path hands them over without re-validating either. The frame envelope is still
 * parsed strictly (socket-bridge.ts), and this check covers every field the renderer relies on
 * to sort, merge, filter and render — the ones whose wrong type would break the list or throw in
 * React (an object where text is rendered) — so a broken host still gets its frame dropped
 * instead of corrupting the cache. Unknown extra fields are not stripped (as over Electron IPC).
 */

type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);
const isString = (value: unknown): value is string => typeof value === 'string';

function isJsonRpcErrorShaped(value: unknown): boolean {
  return isObject(value) && isFiniteNumber(value.code) && isString(value.message);
}

function isSnapshotShaped(value: unknown): boolean {
  if (!isObject(value)) return false;
  return isString(value.taskId)
    && isString(value.status)
    && optional(value.statusMessage, isString)
    && optional(value.createdAt, isString)
    && optional(value.lastUpdatedAt, isString)
    && (value.ttlMs === undefined || value.ttlMs === null || isFiniteNumber(value.ttlMs))
    && optional(value.pollIntervalMs, isFiniteNumber)
    && optional(value.inputRequests, isObject)
    && optional(value.error, isObject);
}

/** True when `value` has the fields of a task summary the renderer relies on, with their types. */
export function isTaskSummaryShaped(value: unknown): boolean {
  if (!isObject(value)) return false;
  return isString(value.id)
    && isString(value.serverId)
    && isString(value.toolName)
    && isString(value.argumentSummary)
    && isString(value.form)
    && isString(value.phase)
    && isFiniteNumber(value.createdAt)
    && isFiniteNumber(value.updatedAt)
    && typeof value.hasResult === 'boolean'
    && optional(value.resultIsError, (flag) => flag === true)
    && optional(value.taskId, isString)
    && optional(value.observedAt, isFiniteNumber)
    && optional(value.snapshot, isSnapshotShaped)
    && optional(value.endReason, isString)
    && optional(value.cancelRequestedAt, isFiniteNumber)
    && optional(value.lastError, isString)
    && optional(value.callError, isJsonRpcErrorShaped);
}

/** True when `value` is an array of summary-shaped values. */
export function isTaskSummaryArray(value: unknown): boolean {
  return Array.isArray(value) && value.every(isTaskSummaryShaped);
}
