/**
 * The shape check for the two channels that carry task summaries in bulk (`tasks:list`,
 * `tasks:updated`, with its detail changes), used by the socket bridge in place of the contract's zod schema.
 *
 * Why not zod there: the list answer holds 10,000 summaries and ~45 `tasks:updated` frames
 * arrive a second; zod (jitless, because of the CSP) spent ~90 ms of the first paint on the
 * list alone and kept re-validating every summary of every frame. The host is our own loopback
 * process behind a per-launch token, which builds these summaries from the same schema; the
 * Electron IPC path hands them over without re-validating either. The frame envelope is still
 * checked strictly (contract-shapes.ts), and every field of every summary is checked with the
 * contract's types (shared/task-shape.ts) — a wrong one would break the list or throw in React
 * (an object where text is rendered) — so a broken host still gets its frame dropped instead
 * of corrupting the cache. Unknown extra fields are not stripped (as over Electron IPC).
 */
import type { EventPayload, TaskSummary } from '../../shared/ipc/contract';
import { isJsonObject } from '../../shared/json-guards';
import { arrayOf, optional } from '../../shared/shape-guards';
import { isTaskDetailChangeShaped, isTaskSummaryShaped } from '../../shared/task-shape';

/** True when `value` is an array of task summaries. */
export function isTaskSummaryArray(value: unknown): value is TaskSummary[] {
  return Array.isArray(value) && value.every(isTaskSummaryShaped);
}

/** True when `value` is a `tasks:updated` payload: `{ tasks, details? }`, task summaries and detail changes. */
export function isTasksUpdatedShaped(value: unknown): value is EventPayload<'tasks:updated'> {
  return isJsonObject(value)
    && isTaskSummaryArray(value.tasks)
    && optional(value.details, arrayOf(isTaskDetailChangeShaped));
}
