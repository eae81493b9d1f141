/**
 * The scrolling box every log view draws its lines in: a labelled, keyboard-focusable region that
 * follows the newest line (use-follow-tail.ts), with a "Show the newest" button while the user
 * reads further up, and a note when older lines were dropped to keep the view bounded.
 */
import type { ReactNode } from 'react';
import { MAX_HELD_ENTRIES } from '../../../queries/log-tail';
import { useFollowTail } from './use-follow-tail';

export interface LogBoxProps {
  /** The accessible name of the region ("Console of Alpha"). */
  label: string;
  /** Changes whenever a line is added (the newest entry's seq). */
  newest: unknown;
  /** Older entries were dropped from the view. */
  trimmed: boolean;
  /** What to say when there are no lines. */
  empty: string;
  count: number;
  testId: string;
  children: ReactNode;
}

/** See the module comment; `children` are the `<li>` lines. */
export function LogBox({ label, newest, trimmed, empty, count, testId, children }: LogBoxProps) {
  const { ref, onScroll, isFollowing, follow } = useFollowTail(newest);
  return (
    <div className="log-box-wrap">
      {/* Focusable so the keyboard can scroll it. */}
      <div ref={ref} className="log-box" role="region" aria-label={label} tabIndex={0} onScroll={onScroll} data-testid={testId}>
        {trimmed && <p className="muted log-box__note">Only the newest {MAX_HELD_ENTRIES} lines are shown here; export the log for all the app keeps.</p>}
        {count === 0 ? <p className="muted log-box__note">{empty}</p> : <ol className="log-lines">{children}</ol>}
      </div>
      {!isFollowing && (
        <button type="button" className="button button--small log-box__follow" onClick={follow} data-testid={`${testId}-follow`}>
          Show the newest
        </button>
      )}
    </div>
  );
}
