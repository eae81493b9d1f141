/** The words of a progress bar (which figure a task shows is `taskProgress`'s, in shared/derived-progress.ts). */
import { progressPercent, type ProgressView } from '../../shared/derived-progress';

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
