/**
 * Cheap shape checks for tasks, without zod: a task summary as the contract defines it
 * (`isTaskSummaryShaped`, for the socket bridge's bulk channels, with `isTaskDetailChangeShaped`
 * for what `tasks:updated` adds for open details) and a tracked task as it is saved
 * (`isTrackedTaskShaped`, for loading the task store). Both run for 10,000 tasks at a time:
 * the bridge for the list answer and every `tasks:updated` frame, the store at start-up, where
 * zod (a deep copy and an issue list per record; jitless in the renderer, because of the CSP)
 * was the largest part of the work and of the memory peak. zod stays the one judge of *why* a
 * record is wrong; these only say whether it is.
 *
 * Plain property checks, written out because they run for every task of every bulk read. Two
 * locks keep them equal to the schemas in task-model.ts and ipc/task-schemas.ts: the types they
 * narrow to must equal the schemas' (`SameShape` below, a compile error otherwise), and they
 * accept exactly what the schemas accept, field by field (test/shared/task-shape.test.ts and
 * test/renderer/bridge/summary-shape.test.ts). The schemas are imported for their types only,
 * which the build erases: zod stays out of the renderer's first screen.
 */
import type { TaskDetailChange, TaskSummary } from './ipc/task-schemas.js';
import type { SameShape } from './ipc/type-agreement.js';
import { isJsonObject } from './json-guards.js';
import { isFiniteNumber, isRecordOf, isSafeInteger, isString, oneOf, optional } from './shape-guards.js';
import type { TrackedTask } from './task-model.js';

// The enums of task-model.ts, repeated here without zod; the `SameShape` checks fail typecheck
// the moment the lists differ.
const isTaskStatus = oneOf(['working', 'input_required', 'completed', 'failed', 'cancelled']);
const isTaskForm = oneOf(['extension', 'legacy']);
const isCallPhase = oneOf(['calling', 'outcome-unknown']);
const isEndReason = oneOf(['user-cancelled', 'server-cancelled', 'expired', 'lost', 'input-declined', 'answered', 'answered-with-error', 'refused', 'interrupted']);

type GuardedBy<G> = G extends (value: unknown) => value is infer T ? T : never;

interface JsonRpcErrorShape {
  code: number;
  message: string;
  data?: unknown;
}

interface InputRequestShape {
  method: string;
  params?: Record<string, unknown>;
}

/** A snapshot as a summary carries it (its task has the server's id). */
interface SummarySnapshotShape {
  status: GuardedBy<typeof isTaskStatus>;
  statusMessage?: string;
  createdAt?: string;
  lastUpdatedAt?: string;
  ttlMs?: number | null;
  pollIntervalMs?: number;
  inputRequests?: Record<string, InputRequestShape>;
  error?: JsonRpcErrorShape;
}

/** A snapshot as a tracked task keeps it: the wire's, with the server's task id. */
interface SnapshotShape extends SummarySnapshotShape {
  serverTaskId: string;
}

interface ProgressShape {
  progress: number;
  total?: number;
  message?: string;
  at: number;
}

interface TimelineEntryShape {
  at: number;
  status?: GuardedBy<typeof isTaskStatus>;
  statusMessage?: string;
  fact?: { kind: string; [field: string]: unknown };
  note?: string;
}

/** The fields a summary and a tracked task share, whatever the phase. */
interface CommonShape {
  localId: string;
  serverId: string;
  form: GuardedBy<typeof isTaskForm>;
  toolName: string;
  progress?: ProgressShape;
  createdAt: number;
  updatedAt: number;
  hasResult: boolean;
  resultIsError?: true;
  endReason?: GuardedBy<typeof isEndReason>;
  cancelRequestedAt?: number;
  lastProblem?: { kind: string; [field: string]: unknown };
  lastError?: string;
  callError?: JsonRpcErrorShape;
}

/** A call (no task on its server, or none known): none of a server task's fields. */
interface CallShape {
  phase: GuardedBy<typeof isCallPhase>;
  plain?: true;
  serverTaskId?: undefined;
  observedAt?: undefined;
  snapshot?: undefined;
}

/** A server's task: its id, and what the app saw of it (`Snapshot`: as kept, or as a summary carries it). */
interface ServerTaskShape<Snapshot = SnapshotShape> {
  phase: 'task';
  serverTaskId: string;
  observedAt?: number;
  snapshot?: Snapshot;
  plain?: undefined;
}

type SummaryShape = CommonShape & (CallShape | ServerTaskShape<SummarySnapshotShape>) & { argumentSummary: string };

interface SavedFields {
  arguments: Record<string, unknown>;
  timeline: TimelineEntryShape[];
  timelineCount?: number;
  answeredInputKeys: string[];
}

interface LegacyShape {
  session: { id: string; protocolVersion: string; taskCapabilities: Record<string, unknown> };
  pendingRequests?: { key: string; requestId: string | number; request: InputRequestShape; receivedAt: number }[];
}

type TrackedTaskShape = CommonShape & SavedFields & ((CallShape & { legacy?: undefined }) | (ServerTaskShape & { legacy?: LegacyShape }));

interface DetailChangeShape {
  localId: string;
  timeline: { count: number; entries: TimelineEntryShape[] };
  answeredInputKeys: string[];
}

/** Compile-time proof that the shapes checked here and the schemas' types agree, nested fields included. */
const shapesAgree: [SameShape<SummaryShape, TaskSummary>, SameShape<TrackedTaskShape, TrackedTask>, SameShape<DetailChangeShape, TaskDetailChange>] = [true, true, true];
void shapesAgree;

const isAnything = (): boolean => true;
const isCount = (value: unknown): boolean => isSafeInteger(value) && value >= 0;

function isJsonRpcErrorShaped(value: unknown): value is JsonRpcErrorShape {
  return isJsonObject(value) && isSafeInteger(value.code) && isString(value.message);
}

function isInputRequestShaped(value: unknown): value is InputRequestShape {
  return isJsonObject(value) && isString(value.method) && optional(value.params, (params) => isRecordOf(params, isAnything));
}

function isSnapshotShaped(value: unknown): value is SnapshotShape {
  return isSummarySnapshotShaped(value) && isString(value.serverTaskId);
}

function isSummarySnapshotShaped(value: unknown): value is SummarySnapshotShape & Record<string, unknown> {
  if (!isJsonObject(value)) return false;
  return isTaskStatus(value.status)
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

/** A fact as the schema loads it: any object with a string `kind` (shared/timeline-facts.ts checks the known ones). */
function isFactRecordShaped(value: unknown): boolean {
  return isJsonObject(value) && isString(value.kind);
}

function isTimelineEntryShaped(value: unknown): value is TimelineEntryShape {
  return isJsonObject(value) && isFiniteNumber(value.at) && optional(value.status, isTaskStatus) && optional(value.statusMessage, isString) && optional(value.fact, isFactRecordShaped) && optional(value.note, isString);
}

function isLegacySessionShaped(value: unknown): boolean {
  return isJsonObject(value) && isString(value.id) && isString(value.protocolVersion) && isRecordOf(value.taskCapabilities, isAnything);
}

function isLegacyShaped(value: unknown): value is LegacyShape {
  return isJsonObject(value)
    && isLegacySessionShaped(value.session)
    && optional(value.pendingRequests, (requests) => isArrayOf(requests, isPendingRequestShaped));
}

function isPendingRequestShaped(value: unknown): boolean {
  return isJsonObject(value)
    && isString(value.key)
    && (isString(value.requestId) || isFiniteNumber(value.requestId))
    && isInputRequestShaped(value.request)
    && isFiniteNumber(value.receivedAt);
}

function isArrayOf(value: unknown, check: (item: unknown) => boolean): boolean {
  return Array.isArray(value) && value.every(check);
}

/** `isSnapshot`: how a server task's snapshot is checked (as kept, or as a summary carries it). */
function hasCommonFields(value: Record<string, unknown>, isSnapshot: (value: unknown) => boolean): boolean {
  return isString(value.localId)
    && isString(value.serverId)
    && isTaskForm(value.form)
    && hasPhaseFields(value, isSnapshot)
    && isString(value.toolName)
    && optional(value.progress, isProgressShaped)
    && isFiniteNumber(value.createdAt)
    && isFiniteNumber(value.updatedAt)
    && typeof value.hasResult === 'boolean'
    && optional(value.resultIsError, (flag) => flag === true)
    && optional(value.endReason, isEndReason)
    && optional(value.cancelRequestedAt, isFiniteNumber)
    && optional(value.lastProblem, isFactRecordShaped)
    && optional(value.lastError, isString)
    && optional(value.callError, isJsonRpcErrorShaped);
}

/** The fields only one phase has: a server task's id and snapshot, or a call's `plain` (and none of the other's). */
function hasPhaseFields(value: Record<string, unknown>, isSnapshot: (value: unknown) => boolean): boolean {
  if (value.phase === 'task') {
    return isString(value.serverTaskId) && optional(value.observedAt, isFiniteNumber) && optional(value.snapshot, isSnapshot) && value.plain === undefined;
  }
  return isCallPhase(value.phase)
    && value.serverTaskId === undefined && value.observedAt === undefined && value.snapshot === undefined
    && optional(value.plain, (flag) => flag === true);
}

/** True when `value` is a task summary as the contract defines it (extra fields allowed, and kept). */
export function isTaskSummaryShaped(value: unknown): value is TaskSummary {
  return isJsonObject(value) && hasCommonFields(value, isSummarySnapshotShaped) && isString(value.argumentSummary);
}

/**
 * True when `value` passes `TrackedTaskSchema` (extra fields allowed, and kept). False: the
 * schema rejects it too, and says why.
 */
export function isTrackedTaskShaped(value: unknown): value is TrackedTask {
  return isJsonObject(value)
    && hasCommonFields(value, isSnapshotShaped)
    && isRecordOf(value.arguments, isAnything)
    && isArrayOf(value.timeline, isTimelineEntryShaped)
    && optional(value.timelineCount, isCount)
    && isArrayOf(value.answeredInputKeys, isString)
    && (value.phase === 'task' ? optional(value.legacy, isLegacyShaped) : value.legacy === undefined);
}

/** True when `value` is a `TaskDetailChange` as the contract defines it (extra fields allowed, and kept). */
export function isTaskDetailChangeShaped(value: unknown): value is TaskDetailChange {
  return isJsonObject(value)
    && isString(value.localId)
    && isJsonObject(value.timeline)
    && isCount(value.timeline.count)
    && isArrayOf(value.timeline.entries, isTimelineEntryShaped)
    && isArrayOf(value.answeredInputKeys, isString);
}
