import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../shared/backoff.js';

describe('backoffDelay', () => {
  const backoff = { firstMs: 500, capMs: 30_000 };

  it.each([
    // retry, random → delay: half the step fixed, half jittered
    [0, 0, 250],
    [0, 0.5, 375],
    [0, 1 - Number.EPSILON, 500],
    [1, 0.5, 750],
    [3, 0, 2_000],
    [5, 1 - Number.EPSILON, 16_000],
    [6, 0, 15_000],
    [6, 1 - Number.EPSILON, 30_000],
    [100, 0, 15_000],
    [5_000, 1 - Number.EPSILON, 30_000],
    [-1, 0, 250],
  ])('retry %s with random %s → %s ms', (retry, random, expected) => {
    expect(backoffDelay(backoff, retry, () => random)).toBe(expected);
  });

  it.each([
    [{ firstMs: 100, capMs: 1_000 }, 0, 100],
    [{ firstMs: 100, capMs: 1_000 }, 3, 800],
    [{ firstMs: 100, capMs: 1_000 }, 4, 1_000],
    [{ firstMs: 1_000, capMs: 500 }, 0, 500],
  ])('%j, retry %s, no jitter taken → %s ms', (parameters, retry, expected) => {
    expect(backoffDelay(parameters, retry, () => 1 - Number.EPSILON)).toBe(expected);
  });

  it('never exceeds the cap nor falls under half of it once capped', () => {
    for (let retry = 0; retry < 2_000; retry++) {
      expect(backoffDelay(backoff, retry, () => 1 - Number.EPSILON)).toBeLessThanOrEqual(backoff.capMs);
      if (retry >= 6) expect(backoffDelay(backoff, retry, () => 0)).toBe(backoff.capMs / 2);
    }
  });
});
