/**
 * How the extension server answers one `tools/call`
 * (docs/protocol-notes.md#negotiating-the-extension,
 * docs/protocol-notes.md#what-a-tool-call-returns). The rule:
 *
 * - `quick`, `scan` (immediate): a plain `resultType: "complete"` result, always (`scan` after a while, with progress).
 * - a task tool, extension declared on this request: a task (`resultType: "task"`).
 * - a task tool, extension NOT declared: `-32021` with `data.requiredCapabilities` naming the
 *   extension. These tools cannot be served without a task (they run for minutes or need input
 *   mid-way), so the server never falls back to a blocking plain result.
 * - a task tool whose questions need a client feature the request did not declare: `-32021`
 *   naming it (`elicitation.form` for `deploy`, `configure_release`, `plan_release`;
 *   `elicitation.url` for `open_dashboard`; `sampling` for `summarize_changes`; `roots` for
 *   `index_workspace`) — a task must not later ask for input the client cannot give.
 * - invalid arguments: a plain result with `isError: true`; unknown tool: `-32602`.
 */
import type { PlainCallContext, ToolCatalogue } from '../catalogue/tools.js';
import type { TaskJob } from '../catalogue/task-job.js';
import { toolErrorResult, type ToolResult } from '../catalogue/tool-result.js';
import { FEATURE_REQUIRED, TASKS_EXTENSION_REQUIRED, ToolCallParamsSchema, declaresFeature, declaresTasksExtension } from './wire.js';

/** What to do with one `tools/call`. */
export type ToolCallPlan =
  | { kind: 'task'; job: TaskJob }
  | { kind: 'result'; produce: (context: PlainCallContext) => Promise<ToolResult> }
  | { kind: 'missing-capability'; requiredCapabilities: Record<string, unknown> }
  | { kind: 'invalid-request'; message: string };

/**
 * Decides how to answer a `tools/call` with `params`, sent with the declared client
 * `capabilities`. Pure and cheap: nothing runs until the caller acts on the plan.
 */
export function planToolCall(catalogue: ToolCatalogue, params: unknown, capabilities: unknown): ToolCallPlan {
  const call = ToolCallParamsSchema.safeParse(params);
  if (!call.success) return { kind: 'invalid-request', message: 'Invalid tools/call params: a tool name is required' };
  const tool = catalogue.find(call.data.name);
  if (tool === undefined) return { kind: 'invalid-request', message: `Unknown tool: ${call.data.name}` };

  if (tool.kind === 'immediate') {
    const prepared = tool.prepare(call.data.arguments);
    return { kind: 'result', produce: prepared.ok ? prepared.value : () => Promise.resolve(toolErrorResult(prepared.message)) };
  }
  if (!declaresTasksExtension(capabilities)) return { kind: 'missing-capability', requiredCapabilities: TASKS_EXTENSION_REQUIRED };
  const missing = tool.needs.find((feature) => !declaresFeature(capabilities, feature));
  if (missing !== undefined) return { kind: 'missing-capability', requiredCapabilities: FEATURE_REQUIRED[missing] };
  const prepared = tool.prepare(call.data.arguments);
  return prepared.ok ? { kind: 'task', job: prepared.value } : { kind: 'result', produce: () => Promise.resolve(toolErrorResult(prepared.message)) };
}
