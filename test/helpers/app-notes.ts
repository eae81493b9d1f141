/**
 * The app's own words on a task's timeline, as a reader sees them: each entry's fact phrased by
 * the timeline's message catalogue (or an older version's note), so tests read what the user reads.
 */
import type { TrackedTask } from '../../shared/task-model.js';
import { describeAppNote } from '../../shared/messages/fact-messages.js';

/** Every entry's words of the app, oldest first (entries that are the server's alone left out). */
export function appNotes(task: Pick<TrackedTask, 'timeline'> | undefined): string[] {
  return (task?.timeline ?? []).flatMap((entry) => describeAppNote(entry) ?? []);
}

/** The newest entry's words of the app, if it has any. */
export function lastAppNote(task: Pick<TrackedTask, 'timeline'> | undefined): string | undefined {
  const entry = task?.timeline.at(-1);
  return entry === undefined ? undefined : describeAppNote(entry);
}
