/** How the log views write times, sizes and the source of a console line. */
import type { ConsoleEntry, ConsoleSource } from '../../../../shared/server-log';

/** `21:04:05.123`, local time: log lines are read against each other, to the millisecond. */
export function formatLogTime(at: number): string {
  const date = new Date(at);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** `312 B`, `4.2 KB`, `1.5 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `12 ms`, `1.4 s`. */
export function formatLatency(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The source filter's choices, in the words the UI uses. */
export const SOURCE_LABELS: Record<ConsoleSource, string> = {
  stderr: 'stderr',
  log: 'log messages',
  connection: 'connection events',
};

/** The tag a line shows: its level for a log message, else where it came from. */
export function lineTag(entry: ConsoleEntry): string {
  if (entry.source === 'log') return entry.level ?? 'log';
  return entry.source;
}
