/**
 * The words of the tray icon's tooltip: how many tasks run, with the progress of the first few
 * ("2 running — build 40 %, index 75 %"), and how many wait for input. Built from untrusted tool
 * names, so each is made one safe line and capped, and the whole is capped to what Windows shows
 * (127 characters).
 */
import type { TaskSummary } from '../../shared/ipc/contract.js';
import { progressPercent, taskProgress } from '../../shared/derived-progress.js';
import { isTaskActive } from '../../shared/task-status.js';
import { plainLine, waitingWords } from '../host/notification-text.js';

/** Windows cuts a tray tooltip at 127 characters. */
export const MAX_TOOLTIP_LENGTH = 127;
/** How many running tasks name their progress. */
const NAMED = 2;
/** Longest tool name in the tooltip. */
const MAX_NAME_LENGTH = 30;

/** `<product>: 2 running — build 40 % · 1 task waits for your input` (see the module comment). */
export function trayTooltip(product: string, running: readonly TaskSummary[], waiting: number): string {
  const active = running.filter(isTaskActive);
  const parts: string[] = [];
  if (active.length > 0) {
    const named = active
      .flatMap((task) => {
        const view = taskProgress(task);
        return view?.kind === 'determinate' ? [{ task, figure: `${plainLine(task.toolName, MAX_NAME_LENGTH)} ${progressPercent(view)} %` }] : [];
      })
      // The most recently moved first: what the user is most likely watching.
      .sort((a, b) => b.task.updatedAt - a.task.updatedAt)
      .slice(0, NAMED)
      .map(({ figure }) => figure);
    parts.push(`${active.length} running${named.length > 0 ? ` — ${named.join(', ')}` : ''}`);
  }
  if (waiting > 0 || parts.length === 0) parts.push(waitingWords(waiting));
  return plainLine(`${product}: ${parts.join(' · ')}`, MAX_TOOLTIP_LENGTH);
}
