/**
 * A task as one JSON document, the same from the engine (with the console of the running app)
 * and from the CLI (from the data folder alone): its record without session credentials, its
 * timeline, its result, its protocol exchange and its console lines.
 */
import type { ConsoleEntry, ExchangeLine, TaskExport } from '../../../shared/server-log.js';
import { withoutSessionCredentials, type ToolResult, type TrackedTask } from '../../../shared/task-model.js';

/** What goes into a task's export. */
export interface TaskExportParts {
  task: TrackedTask;
  result: ToolResult | undefined;
  exchange: ExchangeLine[];
  console: ConsoleEntry[];
  /** Wall-clock ms of the export. */
  at: number;
  app: { name: string; version: string };
}

/** The export document of a task. */
export function buildTaskExport(parts: TaskExportParts): TaskExport {
  const { timeline, ...record } = withoutSessionCredentials(parts.task);
  return {
    exportedAt: new Date(parts.at).toISOString(),
    app: { name: parts.app.name, version: parts.app.version },
    task: record,
    timeline,
    ...(parts.result !== undefined ? { result: parts.result } : {}),
    exchange: parts.exchange,
    console: parts.console,
  };
}
