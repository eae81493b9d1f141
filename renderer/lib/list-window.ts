/**
 * The geometry of a windowed list whose items all have one height but for a few of another (the
 * inbox: task rows, and a header above each group). Pure, so positions are exact without
 * measuring anything, and table tests cover them. Every function is O(log n) or better in the
 * number of items: at 10,000 rows, scrolling costs nothing but the rows in view.
 */

/** Heights of a list's items: `itemSize` each, but `specialSize` at `specialPlaces`. */
export interface ListLayout {
  count: number;
  itemSize: number;
  specialSize: number;
  /** Indexes of the items that are `specialSize` tall, ascending (few: one per group). */
  specialPlaces: readonly number[];
}

/** The items to render: `first` to `last` inclusive (`last < first` when none). */
export interface ListRange {
  first: number;
  last: number;
}

/** How many of `places` (ascending) are below `index`. */
function placesBefore(places: readonly number[], index: number): number {
  let low = 0;
  let high = places.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((places[middle] ?? Infinity) < index) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The offset in px of item `index`'s top edge from the list's top. */
export function itemStart(layout: ListLayout, index: number): number {
  return index * layout.itemSize + placesBefore(layout.specialPlaces, index) * (layout.specialSize - layout.itemSize);
}

/** The height in px of item `index`. */
export function itemSize(layout: ListLayout, index: number): number {
  const place = placesBefore(layout.specialPlaces, index);
  return layout.specialPlaces[place] === index ? layout.specialSize : layout.itemSize;
}

/** The height in px of the whole list. */
export function totalSize(layout: ListLayout): number {
  return itemStart(layout, layout.count);
}

/** The index of the item that covers `offset` px from the top (clamped to the list). */
export function indexAt(layout: ListLayout, offset: number): number {
  if (layout.count === 0) return 0;
  // Binary search on starts: they grow with the index.
  let low = 0;
  let high = layout.count - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (itemStart(layout, middle) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The items in a viewport `viewport` px tall scrolled to `scrollTop`, plus `overscan` on each
 * side so fast scrolling shows no blank rows.
 */
export function visibleRange(layout: ListLayout, scrollTop: number, viewport: number, overscan: number): ListRange {
  if (layout.count === 0 || viewport <= 0) return { first: 0, last: -1 };
  const first = indexAt(layout, Math.max(0, scrollTop));
  const last = indexAt(layout, Math.max(0, scrollTop + viewport - 1));
  return { first: Math.max(0, first - overscan), last: Math.min(layout.count - 1, last + overscan) };
}

/**
 * The least scroll that brings item `index` fully into view, or undefined when it already is:
 * up to its top edge when above, down to its bottom edge when below (as `block: 'nearest'`).
 */
export function scrollTopToShow(layout: ListLayout, index: number, scrollTop: number, viewport: number): number | undefined {
  const top = itemStart(layout, index);
  const bottom = top + itemSize(layout, index);
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewport) return Math.max(0, bottom - viewport);
  return undefined;
}
