import { describe, expect, it } from 'vitest';
import { clampPollInterval } from '../../shared/poll-interval.js';

describe('clampPollInterval', () => {
  it.each([
    [undefined, 1_000], [Number.NaN, 1_000], [Infinity, 1_000], [0, 250], [-5, 250], [100, 250],
    [250, 250], [1_234.4, 1_234], [60_000, 60_000], [1e15, 60_000],
  ])('%s ms → %s ms', (input, expected) => {
    expect(clampPollInterval(input)).toBe(expected);
  });
});
