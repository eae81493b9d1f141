import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '../../shared/task-model.js';
import { catchUpTimeline, TIMELINE_CAP, TIMELINE_DROPPED_FACT, timelineCountOf, timelineTail, withTimelineEntry, type CountedTimeline } from '../../shared/timeline.js';

/** A timeline built as the engine builds one: `count` entries appended one by one, entry `i` at `i`. */
function appended(count: number, start: CountedTimeline = { timeline: [] }): Required<CountedTimeline> {
  let task: Required<CountedTimeline> = { timeline: start.timeline, timelineCount: timelineCountOf(start) };
  for (let i = timelineCountOf(start); i < count; i += 1) task = withTimelineEntry(task, entry(i));
  return task;
}
const entry = (at: number): TimelineEntry => ({ at, statusMessage: `step ${at}` });

describe('withTimelineEntry', () => {
  it('keeps 100 entries: the newest 99, after a note that earlier ones were dropped', () => {
    const { timeline, timelineCount } = appended(150);
    expect(timeline).toHaveLength(TIMELINE_CAP);
    expect(timeline[0]).toEqual({ at: 50, fact: TIMELINE_DROPPED_FACT });
    expect(timeline[1]!.at).toBe(51);
    expect(timeline.at(-1)!.at).toBe(149);
    expect(timeline.filter((item) => item.fact === TIMELINE_DROPPED_FACT)).toHaveLength(1);
    expect(timelineCount).toBe(150);
  });

  it('adds no note while nothing was dropped', () => {
    const { timeline } = appended(100);
    expect(timeline).toHaveLength(100);
    expect(timeline.some((item) => item.fact !== undefined)).toBe(false);
  });

  it('counts on from the length of a timeline saved before entries were counted', () => {
    expect(timelineCountOf({ timeline: [entry(0), entry(1)] })).toBe(2);
    expect(withTimelineEntry({ timeline: [entry(0), entry(1)] }, entry(2)).timelineCount).toBe(3);
    expect(timelineCountOf({ timeline: [entry(0)], timelineCount: 7 })).toBe(7);
  });
});

describe('timelineTail', () => {
  it.each<[string, number, number, number[]]>([
    ['the newest entries, oldest first', 5, 2, [3, 4]],
    ['no more than the timeline holds', 3, 10, [0, 1, 2]],
    ['none when none are wanted', 3, 0, []],
    ['never the note about dropped entries', 150, 200, Array.from({ length: TIMELINE_CAP - 1 }, (_, i) => 51 + i)],
  ])('%s', (_what, count, wanted, ats) => {
    const tail = timelineTail(appended(count), wanted);
    expect(tail.count).toBe(count);
    expect(tail.entries.map((item) => item.at)).toEqual(ats);
  });
});

describe('catchUpTimeline', () => {
  // A copy at `have` entries, the engine at `engine`, and a tail of the engine's newest `sent`: the copy
  // that caught up must equal the engine's timeline exactly, across the cap and its note too.
  it.each<[number, number, number]>([
    [3, 5, 2], [3, 5, 4], [0, 1, 1], [98, 103, 5], [99, 100, 1], [100, 101, 1], [120, 135, 16], [150, 150, 3], [41, 140, 99],
  ])('a copy at %i entries, the engine at %i, a tail of %i: the engine\'s timeline', (have, engine, sent) => {
    const expected = appended(engine);
    expect(catchUpTimeline(appended(have), timelineTail(expected, sent))).toEqual(expected);
  });

  it('keeps the copy when the tail holds nothing newer (a detail read after the update was sent)', () => {
    const copy = appended(12);
    expect(catchUpTimeline(copy, timelineTail(appended(10), 3))).toEqual(copy);
    expect(catchUpTimeline(copy, timelineTail(copy, 0))).toEqual(copy);
  });

  it('cannot catch up across entries the tail does not hold', () => {
    expect(catchUpTimeline(appended(3), timelineTail(appended(8), 4))).toBeUndefined();
    expect(catchUpTimeline(appended(10), timelineTail(appended(150), TIMELINE_CAP))).toBeUndefined();
  });
});
