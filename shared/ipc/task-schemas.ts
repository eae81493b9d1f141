/**
 * How tasks cross the IPC boundary: the inbox row, the detail view, and the desktop notification
 * the host raises about one.
 */
import { z } from 'zod';
import { TASK_GROUPS } from '../inbox-order.js';
import { TaskSnapshotSchema, TimelineEntrySchema, TrackedCallSchema, TrackedServerTaskSchema } from '../task-model.js';

const SUMMARY_LEAVES_OUT = { timeline: true, timelineCount: true, arguments: true, answeredInputKeys: true, legacy: true } as const;
const summaryAdds = {
  /** The task's arguments in one short line (`summarizeArguments`), for its row and the inbox search. */
  argumentSummary: z.string(),
};

/**
 * A server task's snapshot in a summary: without the server's task id, which the task itself
 * carries (`serverTaskId`); its type is `SnapshotFields` (task-model.ts). Ten thousand copies of a second 32-character id were a tenth of the
 * list answer and a third of the time parsing it.
 */
export const SummarySnapshotSchema = TaskSnapshotSchema.omit({ serverTaskId: true });

/**
 * A task as the renderer sees it, of either phase: no timeline or arguments (see `tasks:get`),
 * never session credentials, nor the server requests kept for a restart (they reach it as
 * checked pending inputs); a server task's snapshot without the id the task already has.
 */
export const TaskSummarySchema = z.discriminatedUnion('phase', [
  TrackedCallSchema.omit(SUMMARY_LEAVES_OUT).extend(summaryAdds),
  TrackedServerTaskSchema.omit(SUMMARY_LEAVES_OUT).extend({ ...summaryAdds, snapshot: SummarySnapshotSchema.optional() }),
]);
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

/**
 * One group of the inbox (shared/inbox-groups.ts) as `tasks:head` answers it: its first tasks in the inbox's order and how many it has in all.
 */
export const TaskGroupHeadSchema = z.object({
  group: z.enum(TASK_GROUPS),
  count: z.number().int().nonnegative(),
  tasks: z.array(TaskSummarySchema),
});
export type TaskGroupHead = z.infer<typeof TaskGroupHeadSchema>;

/** A task with everything the detail view shows, of either phase (no session credentials, no kept server requests). */
export const TaskDetailSchema = z.discriminatedUnion('phase', [TrackedCallSchema.omit({ legacy: true }), TrackedServerTaskSchema.omit({ legacy: true })]);
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

/**
 * What changed in a task's detail beyond its summary, sent with `tasks:updated` so an open detail
 * keeps up without reading the task again: the newest timeline entries (`TimelineTail`: entry `i`
 * is number `timelineCount - entries.length + 1 + i`) and the answered input keys. Sent only for
 * a task whose timeline or answers changed since the last update the host sent about it.
 */
export const TaskDetailChangeSchema = z.object({
  localId: z.string(),
  timeline: z.object({ count: z.number().int().nonnegative(), entries: z.array(TimelineEntrySchema) }),
  answeredInputKeys: z.array(z.string()),
});
export type TaskDetailChange = z.infer<typeof TaskDetailChangeSchema>;

/**
 * A desktop notification the host decided to raise (electron/host/task-notifier.ts). Title and
 * body are plain text, already stripped of control and bidi characters and capped; they still
 * carry server-supplied words, so they are shown as text only. `localId` is the local id of the
 * task to open on click; absent on a summary of several tasks (a click opens the app).
 */
export const TaskNotificationSchema = z.object({
  id: z.string(),
  localId: z.string().optional(),
  kind: z.enum(['input', 'completed', 'failed', 'summary']),
  title: z.string().max(200),
  body: z.string().max(1_000),
});
export type TaskNotification = z.infer<typeof TaskNotificationSchema>;
