/**
 * A task's timeline as the detail screen lists it: consecutive repeats of the same step (the
 * same status, message and words of the app, e.g. a server re-sending "Working" on every poll)
 * become one row with a count, and every row knows the time since the row before it and has the
 * app's own words for its entry, phrased once by the timeline's message catalogue.
 */
import type { TimelineEntry } from '../../shared/task-model';
import { describeAppNote } from '../../shared/messages/fact-messages';

/** One row: the first entry of a run of identical ones, how many there were, and when. */
export interface TimelineRow {
  entry: TimelineEntry;
  /** What the app said about itself in the entry (its fact phrased, or an older version's note), if anything. */
  appNote: string | undefined;
  /** How many consecutive identical entries the row stands for (1 = no repeat). */
  count: number;
  /** Local wall-clock ms of the last entry of the run. */
  lastAt: number;
  /** Ms since the previous row's last entry; undefined for the first row. */
  sincePrevious?: number;
}

/** Whether `entry` (with the app's words `appNote`) repeats the step of `row`. */
const repeatsStep = (row: TimelineRow, entry: TimelineEntry, appNote: string | undefined): boolean =>
  row.entry.status === entry.status && row.entry.statusMessage === entry.statusMessage && row.appNote === appNote;

/** The rows of `entries` (oldest first, as the engine keeps them). */
export function timelineRows(entries: readonly TimelineEntry[]): TimelineRow[] {
  const rows: TimelineRow[] = [];
  for (const entry of entries) {
    const last = rows.at(-1);
    const appNote = describeAppNote(entry);
    if (last !== undefined && repeatsStep(last, entry, appNote)) {
      last.count += 1;
      last.lastAt = entry.at;
      continue;
    }
    rows.push({ entry, appNote, count: 1, lastAt: entry.at, ...(last !== undefined ? { sincePrevious: Math.max(0, entry.at - last.lastAt) } : {}) });
  }
  return rows;
}

/** The time between two steps: `+0.4 s`, `+4.2 s`, `+42 s`, `+3 min 5 s`, `+2 h 7 min`. */
export function formatGap(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 10_000) return `+${(safe / 1_000).toFixed(1)} s`;
  if (safe < 60_000) return `+${Math.round(safe / 1_000)} s`;
  const minutes = Math.floor(safe / 60_000);
  if (minutes < 60) return `+${minutes} min ${Math.floor((safe % 60_000) / 1_000)} s`;
  return `+${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
