/**
 * A small seeded pseudo-random generator (mulberry32) for tests that choose at random but must be
 * replayable: the same seed gives the same sequence on every machine.
 */

/** Random numbers from one seed. */
export interface SeededRandom {
  readonly seed: number;
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** A generator for `seed` (any integer; only its low 32 bits count). */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

/**
 * The seed named by the environment variable `name` (a failure message prints it, so a run can
 * be replayed), else a fresh one.
 */
export function seedFrom(name: string): number {
  const given = process.env[name];
  if (given === undefined || given === '') return Math.floor(Math.random() * 2 ** 32);
  const seed = Number(given);
  if (!Number.isInteger(seed)) throw new Error(`${name} must be an integer, not ${JSON.stringify(given)}`);
  return seed;
}
