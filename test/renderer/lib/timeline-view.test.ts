import { describe, expect, it } from 'vitest';
import { formatGap, timelineRows } from '../../../renderer/lib/timeline-view';

describe('timelineRows', () => {
  it('gives each row the time since the row before, and collapses consecutive repeats with a count', () => {
    const rows = timelineRows([
      { at: 1_000, note: 'Call sent' },
      { at: 1_400, status: 'working', statusMessage: 'Working' },
      { at: 2_400, status: 'working', statusMessage: 'Working' },
      { at: 3_400, status: 'working', statusMessage: 'Working' },
      { at: 7_600, status: 'working', statusMessage: 'Step 2/5' },
      { at: 8_000, status: 'working', statusMessage: 'Working' },
      { at: 9_000, status: 'completed' },
    ]);
    expect(rows.map(({ entry, count, sincePrevious }) => [entry.statusMessage ?? entry.note ?? entry.status, count, sincePrevious])).toEqual([
      ['Call sent', 1, undefined],
      ['Working', 3, 400],
      // From the last of the repeats, not the first.
      ['Step 2/5', 1, 4_200],
      // Not consecutive with the first run: a row of its own.
      ['Working', 1, 400],
      ['completed', 1, 1_000],
    ]);
    expect(rows[1]!.lastAt).toBe(3_400);
  });

  it('a note and a status are different steps, even at the same moment', () => {
    expect(timelineRows([{ at: 5, status: 'working' }, { at: 5, status: 'working', note: 'Cancel requested' }])).toHaveLength(2);
  });

  it('300 identical polls read as one row', () => {
    const rows = timelineRows(Array.from({ length: 300 }, (_, index) => ({ at: index * 1_000, status: 'working' as const })));
    expect(rows).toEqual([{ entry: { at: 0, status: 'working' }, count: 300, lastAt: 299_000 }]);
  });

  it('a clock step backwards reads as no time, never a negative gap', () => {
    expect(timelineRows([{ at: 5_000, note: 'a' }, { at: 4_000, note: 'b' }])[1]!.sincePrevious).toBe(0);
  });
});

describe('formatGap', () => {
  it.each([
    [0, '+0.0 s'],
    [420, '+0.4 s'],
    [4_200, '+4.2 s'],
    [42_400, '+42 s'],
    [125_000, '+2 min 5 s'],
    [7_620_000, '+2 h 7 min'],
    [-5, '+0.0 s'],
    [Number.NaN, '+0.0 s'],
  ])('%d ms reads %s', (ms, words) => {
    expect(formatGap(ms)).toBe(words);
  });
});
