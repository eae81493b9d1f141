import { describe, expect, it } from 'vitest';
import { indexAt, itemSize, itemStart, scrollTopToShow, totalSize, visibleRange, type ListLayout } from '../../../renderer/lib/list-window';

/** The inbox's shape: rows of 64 px, headers of 40 px at 0, 3 and 7, ten items. */
const inbox: ListLayout = { count: 10, itemSize: 64, specialSize: 40, specialPlaces: [0, 3, 7] };
const empty: ListLayout = { count: 0, itemSize: 64, specialSize: 40, specialPlaces: [] };
const big: ListLayout = { count: 10_003, itemSize: 64, specialSize: 40, specialPlaces: [0, 1, 2] };

/** Starts by adding heights one by one: what the functions must agree with. */
function startsByHand(layout: ListLayout): number[] {
  const starts = [0];
  for (let index = 0; index < layout.count; index += 1) {
    starts.push((starts[index] ?? 0) + (layout.specialPlaces.includes(index) ? layout.specialSize : layout.itemSize));
  }
  return starts;
}

describe('list-window geometry', () => {
  it('places every item where the heights above it add up to', () => {
    const starts = startsByHand(inbox);
    for (let index = 0; index <= inbox.count; index += 1) expect(itemStart(inbox, index)).toBe(starts[index]);
    expect(totalSize(inbox)).toBe(starts[inbox.count]);
    expect([0, 1, 3, 7, 9].map((index) => itemSize(inbox, index))).toEqual([40, 64, 40, 40, 64]);
  });

  it.each<[number, number]>([
    // offset → index covering it (starts: 0, 40, 104, 168, 208, 272, 336, 400, 440, 504; end 568)
    [0, 0],
    [39, 0],
    [40, 1],
    [167, 2],
    [168, 3],
    [207, 3],
    [208, 4],
    [439, 7],
    [567, 9],
    [10_000, 9],
    [-5, 0],
  ])('the item at %s px is %s', (offset, index) => {
    expect(indexAt(inbox, offset)).toBe(index);
  });

  it('renders the items in view plus the overscan, clamped to the list', () => {
    expect(visibleRange(inbox, 0, 100, 0)).toEqual({ first: 0, last: 1 });
    expect(visibleRange(inbox, 0, 104, 0)).toEqual({ first: 0, last: 1 });
    expect(visibleRange(inbox, 0, 105, 0)).toEqual({ first: 0, last: 2 });
    expect(visibleRange(inbox, 200, 100, 2)).toEqual({ first: 1, last: 7 });
    expect(visibleRange(inbox, 500, 500, 8)).toEqual({ first: 0, last: 9 });
    expect(visibleRange(empty, 0, 500, 8)).toEqual({ first: 0, last: -1 });
    expect(visibleRange(inbox, 0, 0, 8)).toEqual({ first: 0, last: -1 });
  });

  it('finds rows deep in a long list without walking it', () => {
    const middle = itemStart(big, 5_000);
    expect(middle).toBe(3 * 40 + 4_997 * 64);
    expect(indexAt(big, middle)).toBe(5_000);
    expect(indexAt(big, middle - 1)).toBe(4_999);
    expect(visibleRange(big, middle, 640, 8)).toEqual({ first: 4_992, last: 5_017 });
    expect(totalSize(big)).toBe(3 * 40 + 10_000 * 64);
  });

  it.each<[number, number, number | undefined]>([
    // index, scrollTop → new scrollTop (viewport 200 px)
    [1, 0, undefined], // 40..104, in view
    [3, 0, 8], // 168..208 sticks out by 8 px
    [4, 0, 72], // 208..272 is below: bottom edge to the viewport's bottom
    [0, 100, 0], // above: its top edge to the top
    [2, 150, 104],
    [9, 0, 368],
  ])('showing item %s from scrollTop %s scrolls to %s', (index, scrollTop, expected) => {
    expect(scrollTopToShow(inbox, index, scrollTop, 200)).toBe(expected);
  });
});
