/**
 * The transitions the app observed, oldest first: statuses, the server's messages, the app's own
 * words (among them what the user answered: the action, never the values), with the time since
 * the step before. Repeats collapse into one row with a count; a long timeline shows its newest
 * rows until the user asks for all, and a long message shows its first lines (FoldedText).
 */
import { useState } from 'react';
import type { TimelineEntry } from '../../../shared/task-model';
import { StatusBadge } from '../../components/StatusBadge';
import { FoldedText } from '../../components/FoldedText';
import { formatClockTime } from '../../lib/time-format';
import { formatGap, timelineRows, type TimelineRow } from '../../lib/timeline-view';

/** Rows shown before "Show all". */
export const TIMELINE_NEWEST_SHOWN = 5;

/** Maps a wire status onto the badge's states (the timeline records the server's word). */
const STATUS_KIND = {
  working: 'working',
  input_required: 'input-required',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
} as const;

/** The task's timeline. */
export function TaskTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const [showAll, setShowAll] = useState(false);
  const rows = timelineRows(entries);
  const hidden = showAll ? 0 : Math.max(0, rows.length - TIMELINE_NEWEST_SHOWN);
  return (
    <section className="task-detail__section" aria-labelledby="task-timeline-title">
      <h2 id="task-timeline-title">Timeline</h2>
      {rows.length === 0 ? (
        <p className="muted">Nothing observed yet.</p>
      ) : (
        <>
          {hidden > 0 && (
            <p className="timeline__more">
              <span className="muted" data-testid="timeline-hidden">
                {hidden === 1 ? '1 earlier step is folded away.' : `${hidden} earlier steps are folded away.`}
              </span>{' '}
              <button type="button" className="button" onClick={() => setShowAll(true)} data-testid="timeline-show-all">
                Show all {rows.length}
              </button>
            </p>
          )}
          <ol className="timeline" data-testid="task-timeline" start={hidden + 1}>
            {rows.slice(hidden).map((row, index) => (
              // Rows only grow at the end (or lose the oldest past the engine's cap): the position is a stable key.
              <TimelineItem key={hidden + index} row={row} />
            ))}
          </ol>
          {showAll && rows.length > TIMELINE_NEWEST_SHOWN && (
            <p className="timeline__more">
              <button type="button" className="button" onClick={() => setShowAll(false)} data-testid="timeline-show-less">
                Show only the newest {TIMELINE_NEWEST_SHOWN}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function TimelineItem({ row }: { row: TimelineRow }) {
  const { entry, appNote } = row;
  return (
    <li className="timeline__entry" data-testid="timeline-entry">
      <time className="timeline__time" dateTime={new Date(entry.at).toISOString()}>
        {formatClockTime(entry.at)}
      </time>
      {row.sincePrevious !== undefined && (
        <span className="timeline__gap" data-testid="timeline-gap" title="Time since the step before">
          {formatGap(row.sincePrevious)}
        </span>
      )}
      {entry.status !== undefined && <StatusBadge kind={STATUS_KIND[entry.status]} />}
      {entry.statusMessage !== undefined && (
        <FoldedText className="timeline__message" text={entry.statusMessage} multiline />
      )}
      {appNote !== undefined && (
        <span className="timeline__note">
          App: <FoldedText text={appNote} multiline />
        </span>
      )}
      {row.count > 1 && (
        <span className="timeline__repeat" data-testid="timeline-repeat" title={`Seen ${row.count} times in a row, the last at ${formatClockTime(row.lastAt)}`}>
          ×{row.count}
        </span>
      )}
    </li>
  );
}
