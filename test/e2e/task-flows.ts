/**
 * Steps the end-to-end tests repeat through the UI: run a tool from the launcher, open a task's
 * question in the needs-input queue, read a completed task's result. Each takes the current
 * `AppPage` (after a host restart the session has a new one).
 */
import type { AppPage } from './pages/app-page.js';
import type { InputItem } from './pages/inputs-page.js';
import { withStatus } from './wait.js';

/** The ids of the embedded demo servers browser mode configures on a fresh data folder. */
export const DEMO_SERVER_IDS = ['demo-extension', 'demo-legacy'] as const;

/** Runs `tool` on `serverId` from the launcher; resolves with the task's local id once the detail shows it. */
export async function runTool(ui: AppPage, serverId: string, tool: string, fields: Record<string, string> = {}): Promise<string> {
  await ui.show('launcher');
  await ui.launcher.run(serverId, tool, fields);
  return ui.detail.waitForTask();
}

/** The task's question in the needs-input queue, once its form shows. */
export async function openQuestion(ui: AppPage, taskId: string): Promise<InputItem> {
  await ui.show('inputs');
  const item = ui.inputs.item(taskId);
  await item.waitUntilAnswerable();
  return item;
}

/** What a completed task shows as its result. */
export interface ShownResult {
  text: string;
  /** The structured content as rendered. */
  structured: string;
  /** The structured content read from the raw result JSON ({} when there is none). */
  content: Record<string, unknown>;
}

/**
 * Opens the task from the inbox, waits for completed and returns its result. `hasStructured`
 * false: the result has text only (e.g. a server that sends no structured content).
 */
export async function completedResult(ui: AppPage, taskId: string, hasStructured = true): Promise<ShownResult> {
  await ui.show('inbox');
  await ui.inbox.row(taskId).open();
  await withStatus(ui.detail.badge, 'completed').waitFor();
  await (hasStructured ? ui.detail.resultStructured : ui.detail.resultText).waitFor();
  const raw = JSON.parse((await ui.detail.result.getByTestId('result-raw-json').locator('pre').textContent()) ?? '{}') as { structuredContent?: Record<string, unknown> };
  return {
    text: (await ui.detail.resultText.textContent()) ?? '',
    structured: hasStructured ? ((await ui.detail.resultStructured.textContent()) ?? '') : '',
    content: raw.structuredContent ?? {},
  };
}
