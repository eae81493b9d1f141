/**
 * What a progress bar shows for a task: the server's own `notifications/progress` figure when it
 * sent one, else (tasks extension only, whose form has no numeric progress) a fraction read from
 * its status message, marked as derived. Only while the app still follows the task: a bar frozen
 * at 40 % on a finished task would claim work that is not going on.
 */
import type { TaskSummary } from '../../shared/ipc/contract';
import { deriveProgress } from '../../shared/derived-progress';
import { isTaskFinished } from '../../shared/task-model';

/** A bar with a known end, or one that only says work goes on (the server gave no `total`). */
export type ProgressView =
  | {
      kind: 'determinate';
      /** Done so far, 0 ≤ value ≤ max. */
      value: number;
      max: number;
      /** `server`: its progress notifications; `status-message`: read from its status message. */
      source: 'server' | 'status-message';
      /** The server's words about the step (untrusted text). */
      message?: string;
    }
  | {
      kind: 'indeterminate';
      /** The server's count so far, when it is a number worth showing. */
      value?: number;
      message?: string;
    };

/** The fields `taskProgress` reads. */
export type ProgressTask = Pick<TaskSummary, 'form' | 'progress' | 'snapshot' | 'phase' | 'endReason'>;

/** The bar for a task, or undefined when there is nothing to draw (see the module comment). */
export function taskProgress(task: ProgressTask): ProgressView | undefined {
  if (isTaskFinished(task)) return undefined;
  const reported = task.progress;
  if (reported !== undefined) {
    const message = reported.message !== undefined && reported.message !== '' ? { message: reported.message } : {};
    const { progress, total } = reported;
    if (total !== undefined && Number.isFinite(total) && total > 0 && Number.isFinite(progress)) {
      return { kind: 'determinate', value: Math.min(Math.max(progress, 0), total), max: total, source: 'server', ...message };
    }
    return { kind: 'indeterminate', ...(Number.isFinite(progress) ? { value: progress } : {}), ...message };
  }
  if (task.form !== 'extension') return undefined;
  const derived = deriveProgress(task.snapshot?.statusMessage);
  return derived === undefined ? undefined : { kind: 'determinate', value: derived.progress, max: derived.total, source: 'status-message' };
}

/** Whole percent of a determinate bar (floored, so 99.6 % never reads as done). */
export function progressPercent(view: Extract<ProgressView, { kind: 'determinate' }>): number {
  return Math.floor((view.value / view.max) * 100);
}

/** `40 %`, or `in progress` for a bar without an end. */
export function formatProgress(view: ProgressView): string {
  return view.kind === 'determinate' ? `${progressPercent(view)} %` : 'in progress';
}

/**
 * The bar's words for a screen reader and a tooltip: `40 % (2 of 5), from the status message`,
 * `in progress, 12 so far`. Numbers only: the server's message is shown beside the bar.
 */
export function describeProgress(view: ProgressView): string {
  if (view.kind === 'indeterminate') return view.value !== undefined ? `in progress, ${formatCount(view.value)} so far` : 'in progress';
  const figure = `${progressPercent(view)} % (${formatCount(view.value)} of ${formatCount(view.max)})`;
  return view.source === 'status-message' ? `${figure}, from the status message` : figure;
}

/** A count as people read it: no more than two decimals. */
function formatCount(value: number): string {
  return String(Math.round(value * 100) / 100);
}
