/**
 * When a task is over: pure rules on the task model's types, apart from its zod schemas so that
 * the inbox's first screen can use them without loading zod.
 */
import type { SnapshotFields, TaskStatus, TrackedTask } from './task-model.js';

/** Statuses a task never leaves (docs/protocol-notes.md#task-statuses, docs/protocol-notes.md#legacy-statuses). */
export const TERMINAL_STATUSES: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** True when `status` is completed, failed or cancelled. */
export function isTerminalStatus(status: TaskStatus): boolean {
  return TERMINAL_STATUSES.has(status);
}

/** True when the app will never poll this task again. */
export function isTaskFinished(task: Pick<TrackedTask, 'phase' | 'endReason'> & { snapshot?: SnapshotFields | undefined }): boolean {
  if (task.endReason !== undefined || task.phase === 'outcome-unknown') return true;
  return task.snapshot !== undefined && isTerminalStatus(task.snapshot.status);
}
