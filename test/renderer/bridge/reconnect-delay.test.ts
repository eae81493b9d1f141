// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../../renderer/bridge/reconnect-delay';

describe('reconnectDelay', () => {
  it.each([
    // attempt, random, delay
    [0, 0, 250],
    [0, 0.999_999, 500],
    [1, 0.5, 750],
    [3, 0, 2_000],
    [5, 1 - Number.EPSILON, 16_000],
    [6, 1 - Number.EPSILON, 30_000],
    [100, 0, 15_000],
    [-1, 0, 250],
  ])('attempt %s with random %s → %s ms', (attempt, random, expected) => {
    expect(reconnectDelay(attempt, () => random)).toBe(expected);
  });
});
