/** The transitions the app observed, oldest first: statuses, the server's messages, the app's own notes. */
import type { TimelineEntry } from '../../../shared/task-model';
import { StatusBadge } from '../../components/StatusBadge';
import { VisibleText } from '../../components/VisibleText';
import { formatClockTime } from '../../lib/time-format';

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
  return (
    <section className="task-detail__section" aria-labelledby="task-timeline-title">
      <h2 id="task-timeline-title">Timeline</h2>
      {entries.length === 0 ? (
        <p className="muted">Nothing observed yet.</p>
      ) : (
        <ol className="timeline" data-testid="task-timeline">
          {entries.map((entry, index) => (
            <li key={index} className="timeline__entry" data-testid="timeline-entry">
              <time className="timeline__time" dateTime={new Date(entry.at).toISOString()}>
                {formatClockTime(entry.at)}
              </time>
              {entry.status !== undefined && <StatusBadge kind={STATUS_KIND[entry.status]} />}
              {entry.statusMessage !== undefined && (
                <span className="timeline__message">
                  <VisibleText text={entry.statusMessage} multiline />
                </span>
              )}
              {entry.note !== undefined && <span className="timeline__note">App: {entry.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
