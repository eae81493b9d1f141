/**
 * What each client resumes from, written by the bench before a worker starts (so writing it
 * costs the worker neither CPU nor memory):
 * - our engine: `<dir>/tasks.json` as `ConfTaskStore` keeps it, `{schemaVersion, tasks}` in the
 *   current format (its snapshot, with no `tasks.journal`: as right after a compaction), one
 *   `TrackedTask` per fixture task with the snapshot the server reports right now — as if the
 *   app had been stopped a moment ago — and a timeline of a chosen length;
 * - ext-tasks: `<dir>/references.json`, the `SerializedTaskReference`s by server id, as an
 *   application would keep them to `resumeTask` (ext-tasks persists nothing itself).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SerializedTaskReference } from '@modelcontextprotocol/ext-tasks/client';
import { taskId } from '@modelcontextprotocol/ext-tasks/core';
import { TASK_FILE, TASK_SCHEMA_VERSION } from '../../electron/engine/stores/conf-task-store.js';
import type { TimelineEntry, TrackedTask } from '../../shared/task-model.js';
import type { ServerPlan } from './bench-plan.js';
import { STATUS_PERIOD_MS, taskStateAt, type FixtureTask } from './fixture-catalogue.js';

/** The baseline's reference file in its data folder. */
export const REFERENCES_FILE = 'references.json';

/**
 * The timeline a task has after `entries` observations ending at `nowMs` ("Task created", then
 * one status message per `STATUS_PERIOD_MS`, as the engine records them), for a run that
 * resumes tasks with history.
 */
function history(task: FixtureTask, epochMs: number, nowMs: number, entries: number): TimelineEntry[] {
  const createdAt = Date.parse(taskStateAt(task, epochMs, nowMs).createdAt);
  const timeline: TimelineEntry[] = [{ at: createdAt, note: 'Task created' }];
  for (let back = entries - 2; back >= 0; back -= 1) {
    const at = nowMs - back * STATUS_PERIOD_MS;
    const { status, statusMessage } = taskStateAt(task, epochMs, at);
    timeline.push({ at, status, statusMessage });
  }
  return timeline;
}

/**
 * Writes the engine's task file for `plan` into `dir` (created private, as the engine would),
 * each task with a timeline of `historyEntries` entries (at least 2, at most `TIMELINE_CAP`).
 */
export function writeEngineStore(dir: string, plan: readonly ServerPlan[], epochMs: number, nowMs: number, historyEntries: number): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tasks: TrackedTask[] = [];
  for (const server of plan) {
    for (const task of server.tasks) {
      // The wire state as the engine keeps it: the server's `taskId` becomes `serverTaskId`.
      const { taskId: serverTaskId, ...state } = taskStateAt(task, epochMs, nowMs);
      const createdAt = Date.parse(state.createdAt);
      tasks.push({
        localId: `${server.id}/${task.index}`,
        serverId: server.id,
        form: 'extension',
        phase: 'task',
        serverTaskId: task.taskId,
        toolName: 'build',
        arguments: { project: `project-${task.index}` },
        createdAt,
        updatedAt: nowMs,
        observedAt: createdAt,
        snapshot: { ...state, serverTaskId },
        hasResult: false,
        timeline: history(task, epochMs, nowMs, historyEntries),
        // Every task the engine tracks counts its entries from its first one (newCall).
        timelineCount: historyEntries,
        answeredInputKeys: [],
      });
    }
  }
  writeFileSync(join(dir, TASK_FILE), JSON.stringify({ schemaVersion: TASK_SCHEMA_VERSION, tasks }), { mode: 0o600 });
}

/** Writes the baseline's task references for `plan` into `dir`. */
export function writeBaselineReferences(dir: string, plan: readonly ServerPlan[]): void {
  mkdirSync(dir, { recursive: true });
  const references: Record<string, SerializedTaskReference[]> = {};
  for (const server of plan) {
    references[server.id] = server.tasks.map((task) => ({
      endpointId: server.id,
      generation: 'v2',
      taskId: taskId(task.taskId),
      originalOperation: 'tools/call',
    }));
  }
  writeFileSync(join(dir, REFERENCES_FILE), JSON.stringify(references));
}
