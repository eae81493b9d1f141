/**
 * A cheap shape check for task summaries, used by the socket bridge in place of the contract's
 * zod schema for the two channels that carry them in bulk (`tasks:list`, `tasks:updated`).
 *
 * Why not zod there: the list answer holds 10,000 summaries and ~45 `tasks:updated` frames
 * arrive a second; zod (jitless, because of the CSP) spent ~90 ms of the first paint on the
 * list alone and kept re-validating every summary of every frame. The host is our own loopback
 * process behind a per-launch token, which builds these summaries from the same schema; the
 * Electron IPC path hands them over without re-validating either. The frame envelope is still
 * checked strictly (contract-shapes.ts), and this check covers every field of a summary with the
 * contract's types — a wrong one would break the list or throw in React (an object where text is
 * rendered) — so a broken host still gets its frame dropped instead of corrupting the cache.
 * Unknown extra fields are not stripped (as over Electron IPC).
 *
 * Plain property checks, written out because they run for every summary of every bulk frame.
 * Two locks keep them equal to the contract: the types they narrow to must equal the contract's
 * (`summaryShapeAgrees`, a compile error otherwise), and they accept exactly what
 * `TaskSummarySchema` accepts, field by field (test/renderer/bridge/summary-shape.test.ts).
 * The contract is imported for its types only, which the build erases: zod stays out of the
 * first screen.
 */
import type { TaskSummary } from '../../shared/ipc/contract';
import { isJsonObject } from '../../shared/json-guards';
import type { SameShape } from '../../shared/ipc/type-agreement';
import { isFiniteNumber, isRecordOf, isSafeInteger, isString, oneOf, optional } from './shape-guards';

// The enums of shared/task-model.ts, repeated here without zod; `summaryShapeAgrees` fails
// typecheck the moment the lists differ.
const isTaskStatus = oneOf(['working', 'input_required', 'completed', 'failed', 'cancelled']);
const isTaskForm = oneOf(['extension', 'legacy']);
const isTaskPhase = oneOf(['calling', 'outcome-unknown', 'task']);
const isEndReason = oneOf(['user-cancelled', 'server-cancelled', 'expired', 'lost', 'input-declined', 'answered', 'answered-with-error', 'refused', 'interrupted']);

interface JsonRpcErrorShape {
  code: number;
  message: string;
  data?: unknown;
}

interface SnapshotShape {
  serverTaskId: string;
  status: GuardedBy<typeof isTaskStatus>;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
  error?: JsonRpcErrorShape;
}

interface ProgressShape {
  progress: number;
  total?: number;
  message?: string;
  at: number;
}

interface SummaryShape {
  localId: string;
  serverId: string;
  form: GuardedBy<typeof isTaskForm>;
  phase: GuardedBy<typeof isTaskPhase>;
  serverTaskId?: string;
  toolName: string;
  argumentSummary: string;
  plain?: true;
  progress?: ProgressShape;
  createdAt: number;
  updatedAt: number;
  observedAt?: number;
  snapshot?: SnapshotShape;
  hasResult: boolean;
  resultIsError?: true;
  endReason?: GuardedBy<typeof isEndReason>;
  cancelRequestedAt?: number;
  lastError?: string;
  callError?: JsonRpcErrorShape;
}

type GuardedBy<G> = G extends (value: unknown) => value is infer T ? T : never;

/** Compile-time proof that the shapes checked here and the contract's `TaskSummary` agree, nested fields included. */
const summaryShapeAgrees: SameShape<SummaryShape, TaskSummary> = true;
void summaryShapeAgrees;

function isJsonRpcErrorShaped(value: unknown): value is JsonRpcErrorShape {
  return isJsonObject(value) && isSafeInteger(value.code) && isString(value.message);
}

function isInputRequestShaped(value: unknown): boolean {
  return isJsonObject(value) && isString(value.method) && optional(value.params, (params) => isRecordOf(params, () => true));
}

function isSnapshotShaped(value: unknown): value is SnapshotShape {
  if (!isJsonObject(value)) return false;
  return isString(value.serverTaskId)
    && isTaskStatus(value.status)
    && optional(value.statusMessage, isString)
    && optional(value.createdAt, isString)
    && optional(value.lastUpdatedAt, isString)
    && (value.ttlMs === undefined || value.ttlMs === null || isFiniteNumber(value.ttlMs))
    && optional(value.pollIntervalMs, isFiniteNumber)
    && optional(value.inputRequests, (requests) => isRecordOf(requests, isInputRequestShaped))
    && optional(value.error, isJsonRpcErrorShaped);
}

function isProgressShaped(value: unknown): value is ProgressShape {
  return isJsonObject(value) && isFiniteNumber(value.progress) && optional(value.total, isFiniteNumber) && optional(value.message, isString) && isFiniteNumber(value.at);
}

/** True when `value` is a task summary as the contract defines it (extra fields allowed, and kept). */
export function isTaskSummaryShaped(value: unknown): value is TaskSummary {
  if (!isJsonObject(value)) return false;
  return isString(value.localId)
    && isString(value.serverId)
    && isTaskForm(value.form)
    && isTaskPhase(value.phase)
    && optional(value.serverTaskId, isString)
    && isString(value.toolName)
    && isString(value.argumentSummary)
    && optional(value.plain, (flag) => flag === true)
    && optional(value.progress, isProgressShaped)
    && isFiniteNumber(value.createdAt)
    && isFiniteNumber(value.updatedAt)
    && optional(value.observedAt, isFiniteNumber)
    && optional(value.snapshot, isSnapshotShaped)
    && typeof value.hasResult === 'boolean'
    && optional(value.resultIsError, (flag) => flag === true)
    && optional(value.endReason, isEndReason)
    && optional(value.cancelRequestedAt, isFiniteNumber)
    && optional(value.lastError, isString)
    && optional(value.callError, isJsonRpcErrorShaped);
}

/** True when `value` is an array of task summaries. */
export function isTaskSummaryArray(value: unknown): value is TaskSummary[] {
  return Array.isArray(value) && value.every(isTaskSummaryShaped);
}

/** True when `value` is a `tasks:updated` payload: `{ tasks }`, an array of task summaries. */
export function isTasksUpdatedShaped(value: unknown): value is { tasks: TaskSummary[] } {
  return isJsonObject(value) && isTaskSummaryArray(value.tasks);
}
