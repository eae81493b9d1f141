// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { targetRow } from '../../../../renderer/screens/inbox/use-row-keyboard';

describe('targetRow', () => {
  it.each<[string, number, number, number | undefined]>([
    // key, from, count → to
    ['ArrowDown', 0, 10, 1],
    ['ArrowDown', 9, 10, 9],
    ['ArrowUp', 5, 10, 4],
    ['ArrowUp', 0, 10, 0],
    ['PageDown', 0, 10_000, 8],
    ['PageDown', 9_995, 10_000, 9_999],
    ['PageUp', 3, 10, 0],
    ['Home', 500, 10_000, 0],
    ['End', 0, 10_000, 9_999],
    ['Enter', 3, 10, undefined],
    ['a', 3, 10, undefined],
  ])('%s from %s of %s → %s', (key, from, count, expected) => {
    expect(targetRow(key, from, count)).toBe(expected);
  });
});
