/**
 * A task's timeline: how an entry is appended (at most `TIMELINE_CAP` kept, the first saying that
 * older ones went), how entries are numbered, and how a copy kept elsewhere (the renderer's cached
 * task detail) catches up from the newest entries alone. The engine appends and the renderer
 * replays with the same function, so a copy that caught up is the engine's timeline entry for
 * entry (docs/architecture.md#events). Pure and free of zod: the renderer's first screen loads it.
 */
import type { TimelineEntry, TrackedTask } from './task-model.js';
import type { TimelineFactOf } from './timeline-facts.js';

/** How many timeline entries a task keeps (oldest dropped first). */
export const TIMELINE_CAP = 100;

/** The fact that opens a timeline whose oldest entries were dropped. */
export const TIMELINE_DROPPED_FACT: TimelineFactOf<'entries-dropped'> = { kind: 'entries-dropped', kept: TIMELINE_CAP - 1 };

/** A timeline and its count: what the functions here read and write. */
export type CountedTimeline = Pick<TrackedTask, 'timeline' | 'timelineCount'>;

/**
 * The newest entries of a task's timeline and the number of the last one: entry `i` of `entries`
 * is number `count - entries.length + 1 + i`. What `tasks:updated` carries for a task's open detail.
 */
export interface TimelineTail {
  count: number;
  entries: TimelineEntry[];
}

/**
 * The number of a timeline's newest entry: how many entries were ever appended, the dropped ones
 * included. A task saved before entries were counted starts from its timeline's length: the number
 * only has to grow by one with each entry from there.
 */
export function timelineCountOf(task: CountedTimeline): number {
  return task.timelineCount ?? task.timeline.length;
}

/** `task`'s timeline with `entry` appended, and its new count. */
export function withTimelineEntry(task: CountedTimeline, entry: TimelineEntry): Required<CountedTimeline> {
  return { timeline: appendEntry(task.timeline, entry), timelineCount: timelineCountOf(task) + 1 };
}

/**
 * The tail of `task`'s timeline holding its newest `wanted` entries, or as many as it keeps (never
 * the fact about dropped ones, which is no appended entry).
 */
export function timelineTail(task: CountedTimeline, wanted: number): TimelineTail {
  const length = Math.max(0, Math.min(wanted, task.timeline.length, TIMELINE_CAP - 1));
  return { count: timelineCountOf(task), entries: length === 0 ? [] : task.timeline.slice(-length) };
}

/**
 * `copy` caught up with `tail`, the newest entries of the same task's timeline: the entries it
 * lacks appended as the engine appended them. `copy`'s own timeline when the tail holds nothing
 * newer; undefined when entries between the two are missing (read the whole timeline again).
 */
export function catchUpTimeline(copy: CountedTimeline, tail: TimelineTail): Required<CountedTimeline> | undefined {
  const have = timelineCountOf(copy);
  const missing = tail.count - have;
  if (missing <= 0) return { timeline: copy.timeline, timelineCount: have };
  if (missing > tail.entries.length) return undefined;
  let timeline = copy.timeline;
  for (const entry of tail.entries.slice(tail.entries.length - missing)) timeline = appendEntry(timeline, entry);
  return { timeline, timelineCount: tail.count };
}

/**
 * Appends to a timeline of at most `TIMELINE_CAP` entries: past that the oldest go, and the first
 * entry says so (dated as the newest one dropped), so a reader never takes the rest for all.
 */
function appendEntry(timeline: readonly TimelineEntry[], entry: TimelineEntry): TimelineEntry[] {
  // `concat`, not a spread: V8 gives a spread array room for about 16 more entries, which every
  // one of 10,000 tasks would then carry in its timeline (over 500 bytes each at the cap).
  const next = timeline.concat([entry]);
  if (next.length <= TIMELINE_CAP) return next;
  const newestDropped = next[next.length - TIMELINE_CAP]!;
  const opening: TimelineEntry = { at: newestDropped.at, fact: TIMELINE_DROPPED_FACT };
  return [opening].concat(next.slice(next.length - TIMELINE_CAP + 1));
}
