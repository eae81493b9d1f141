import { describe, expect, it } from 'vitest';
import { timestampMs } from '../../shared/timestamp.js';

describe('timestampMs', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['yesterday', undefined],
    ['2026-11-30T09:00:00.000Z', Date.UTC(2026, 10, 30, 9)],
    ['2026-11-30T09:00:00Z', Date.UTC(2026, 10, 30, 9)],
    ['2026-11-30T10:00:00+01:00', Date.UTC(2026, 10, 30, 9)],
  ])('%j → %s', (input, expected) => {
    expect(timestampMs(input)).toBe(expected);
  });
});
