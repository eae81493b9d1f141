/**
 * The progress a task shows, and a progress figure read from a task's status message, for tasks whose wire form carries no
 * numeric progress (the 2026-07-28 tasks extension has none; servers write "Step 2/5: Compiling").
 * Only three forms count: "5/8" (as in "Step 5/8"), "5 of 8" and "42 %" / "42%". Anything that
 * does not read as a fraction of at most one is left alone, so version numbers ("HTTP/1.1"),
 * dates ("2026/07/28", "28/07/2026"), prose ("version 2 of the API"), percentages over 100 and
 * huge numbers never draw a bar.
 */

import type { SnapshotFields, TrackedTask } from './task-model.js';
import { isTaskFinished } from './task-terminal.js';

/** A fraction found in a status message. */
export interface DerivedProgress {
  /** Done so far (0 ≤ progress ≤ total). */
  progress: number;
  /** The whole (> 0); 100 for a percentage. */
  total: number;
}

/** How much of a message is read: status messages are capped upstream, this bounds the scan anyway. */
const MAX_SCANNED = 500;
/** Whole numbers of one to six digits: more digits than that are ids or timestamps, not steps. */
const COUNT = String.raw`(\d{1,6})`;
/**
 * "5/8": neither side may touch another digit, dot or slash, so "1.1", "2026/07/28" and
 * "v2/3.0" are not fractions.
 */
const SLASH = new RegExp(String.raw`(?<![\d./])${COUNT}\s*/\s*${COUNT}(?![\d./])`);
/** "5 of 8": numbers on both sides of the word. */
const OF = new RegExp(String.raw`(?<![\d.])${COUNT}\s+of\s+${COUNT}(?![\d.])`, 'i');
/** "42 %", "42%", "42.5%" (not "-5%"). */
const PERCENT = /(?<![\d.\-])(\d{1,3}(?:\.\d{1,2})?)\s?%/;

/** The progress a status message states, or undefined when it states none (see the module comment). */
export function deriveProgress(message: string | undefined): DerivedProgress | undefined {
  if (message === undefined) return undefined;
  const text = message.slice(0, MAX_SCANNED);
  for (const pattern of [SLASH, OF]) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const fraction = asFraction(Number(match[1]), Number(match[2]));
    if (fraction !== undefined) return fraction;
  }
  const percent = PERCENT.exec(text);
  return percent === null ? undefined : asFraction(Number(percent[1]), 100);
}

function asFraction(progress: number, total: number): DerivedProgress | undefined {
  if (!Number.isFinite(progress) || !Number.isFinite(total) || total <= 0 || progress < 0 || progress > total) return undefined;
  return { progress, total };
}

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

/** The fields `taskProgress` reads (a tracked task, a summary and a detail all have them). */
export type ProgressTask = Pick<TrackedTask, 'form' | 'progress' | 'phase' | 'endReason'> & { snapshot?: SnapshotFields | undefined };

/**
 * The progress to show for a task: the server's own `notifications/progress` figure when it sent
 * one, else (tasks extension only) a fraction read from its status message, marked as derived.
 * Only while the app still follows the task: a bar frozen at 40 % on a finished task would claim
 * work that is not going on. Undefined: nothing to show.
 */
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
