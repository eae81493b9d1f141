/**
 * A task's progress bar (see `taskProgress` in shared/derived-progress.ts): determinate with its percentage, or
 * indeterminate. An ARIA progressbar: value, min and max only when the end is known, and words
 * (`aria-valuetext`) saying the figure and whether it was read from the status message.
 */
import { progressPercent, type ProgressView } from '../../shared/derived-progress';
import { describeProgress, formatProgress } from '../lib/progress-words';
import { VisibleText } from './VisibleText';

export interface ProgressBarProps {
  view: ProgressView;
  /** The accessible name, e.g. "Progress of build". */
  label: string;
  /** Row size: a slim bar and the percentage, no message (the row shows the message itself). */
  compact?: boolean;
  testId?: string;
}

/** The bar, its percentage and (unless compact) the server's message and where the figure came from. */
export function ProgressBar({ view, label, compact = false, testId = 'progress' }: ProgressBarProps) {
  const words = describeProgress(view);
  const range =
    view.kind === 'determinate' ? { 'aria-valuemin': 0, 'aria-valuemax': view.max, 'aria-valuenow': view.value } : {};
  return (
    <span className={`progress${compact ? ' progress--compact' : ''}`} data-testid={testId} data-kind={view.kind} title={words}>
      <span role="progressbar" aria-label={label} aria-valuetext={words} {...range} className={`progress__track progress__track--${view.kind}`}>
        {view.kind === 'determinate' && <span className="progress__fill" style={{ width: `${progressPercent(view)}%` }} />}
      </span>
      <span className="progress__figure" data-testid={`${testId}-figure`}>
        {formatProgress(view)}
      </span>
      {!compact && view.kind === 'determinate' && view.source === 'status-message' && (
        <span className="progress__source muted" data-testid={`${testId}-derived`}>
          from the status message
        </span>
      )}
      {!compact && view.message !== undefined && (
        <span className="progress__message" data-testid={`${testId}-message`}>
          <VisibleText text={view.message} />
        </span>
      )}
    </span>
  );
}
