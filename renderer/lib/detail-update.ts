/**
 * A cached task detail brought up to date by a pushed update, without reading the task again: the
 * summary's fields, the new timeline entries and answers of its detail change, and the arguments
 * as they were (a task's arguments never change). Pure.
 */
import type { TaskDetail, TaskDetailChange, TaskSummary } from '../../shared/ipc/contract';
import { catchUpTimeline, timelineCountOf } from '../../shared/timeline';

/**
 * `detail` as `summary` and its detail change (undefined: the timeline and answers did not change)
 * describe the task. `detail` itself when it is the newer of the two (read after the update was
 * sent); undefined when its timeline cannot catch up, because entries between the two are missing
 * (read the detail again).
 */
export function updateDetail(detail: TaskDetail, summary: TaskSummary, change: TaskDetailChange | undefined): TaskDetail | undefined {
  if (summary.updatedAt < detail.updatedAt) return detail;
  const timeline = change === undefined ? { timeline: detail.timeline, timelineCount: timelineCountOf(detail) } : catchUpTimeline(detail, change.timeline);
  if (timeline === undefined) return undefined;
  // Answers only grow: a shorter list is from before the detail was read.
  const answeredInputKeys = change !== undefined && change.answeredInputKeys.length >= detail.answeredInputKeys.length ? change.answeredInputKeys : detail.answeredInputKeys;
  return withDetailFields(summary, { arguments: detail.arguments, answeredInputKeys, ...timeline });
}

/** What a detail has beyond its summary. */
export type DetailFields = Pick<TaskDetail, 'arguments' | 'timeline' | 'timelineCount' | 'answeredInputKeys'>;

/**
 * The detail `summary` describes, with `fields` for what a summary leaves out (and its snapshot
 * given back the server's task id, which a summary keeps on the task alone).
 */
export function withDetailFields(summary: TaskSummary, fields: DetailFields): TaskDetail {
  const { argumentSummary: _summaryOnly, ...shared } = summary;
  if (shared.phase !== 'task') return { ...shared, ...fields };
  const { snapshot, ...task } = shared;
  return { ...task, ...fields, ...(snapshot !== undefined ? { snapshot: { ...snapshot, serverTaskId: task.serverTaskId } } : {}) };
}
