/** How a server's tools and the outcome of calling one cross the IPC boundary. */
import { z } from 'zod';
import { JsonObject } from './field-schemas.js';
import { TaskSummarySchema } from './task-schemas.js';

/** A tool as listed by a server (untrusted text in every string). */
export const ToolViewSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: JsonObject,
  /** 2025-11-25 `execution.taskSupport`, when the server declared it. */
  taskSupport: z.string().optional(),
});
export type ToolView = z.infer<typeof ToolViewSchema>;

/** What a tool call came back with (`result`: answered at once; `task` is its entry, ended, the result kept). */
export const CallOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('task'), task: TaskSummarySchema }),
  z.object({ kind: z.literal('result'), result: JsonObject, task: TaskSummarySchema }),
  z.object({ kind: z.literal('input_required'), task: TaskSummarySchema }),
]);
export type CallOutcome = z.infer<typeof CallOutcomeSchema>;
