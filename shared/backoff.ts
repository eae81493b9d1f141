/**
 * Capped exponential backoff with "equal jitter": half of each step fixed, half random, so many
 * clients dropped at once (servers of one engine, tabs of one host) do not retry in lockstep.
 * Pure: the random source is a parameter, so tests pick the jitter.
 */

/** The parameters of one backoff: the first step and the longest wait, both before jitter. */
export interface Backoff {
  firstMs: number;
  capMs: number;
}

/**
 * The delay before retry `retry` (0 = the first retry; negative counts as 0): the step
 * `firstMs · 2^retry`, capped at `capMs`, of which a random half is waited.
 * @param random a number in [0, 1), e.g. `Math.random`.
 */
export function backoffDelay(backoff: Backoff, retry: number, random: () => number): number {
  // 2 ** a large exponent is Infinity, which the cap absorbs.
  const step = Math.min(backoff.capMs, backoff.firstMs * 2 ** Math.max(0, retry));
  return Math.round(step / 2 + random() * (step / 2));
}
