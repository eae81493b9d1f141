/**
 * Small type guards for checking untrusted data without zod. Semantics follow zod 4's, so that
 * both give the same verdict: numbers are finite, integers safe, a record is a plain object, an
 * optional field may be absent or `undefined`.
 */
import { isJsonObject, isPlainJsonObject } from './json-guards.js';

/** A check of an untrusted value that narrows it to `T`. */
export type Guard<T> = (value: unknown) => value is T;

export const isString: Guard<string> = (value): value is string => typeof value === 'string';
/** A number other than NaN and ±Infinity (as zod 4's `z.number()`). */
export const isFiniteNumber: Guard<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
/** A safe integer (as zod 4's `z.number().int()`). */
export const isSafeInteger: Guard<number> = (value): value is number => Number.isSafeInteger(value);

/** An optional field: absent (`undefined`), or what `check` accepts. */
export function optional(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

/** A check for one of `values` (as `z.enum(values)`). */
export function oneOf<const T extends readonly string[]>(values: T): Guard<T[number]> {
  const allowed: ReadonlySet<unknown> = new Set(values);
  return (value): value is T[number] => allowed.has(value);
}

/** A plain object whose every own value `check` accepts (as `z.record(z.string(), …)`). */
export function isRecordOf(value: unknown, check: (value: unknown) => boolean): value is Record<string, unknown> {
  return isPlainJsonObject(value) && Object.values(value).every(check);
}

/** The type a guard narrows to. */
export type Guarded<G> = G extends (value: unknown) => value is infer T ? T : never;

/** Anything at all (as `z.unknown()`): for a field whose contents are checked where they are used. */
export const isUnknown: Guard<unknown> = (_value): _value is unknown => true;
export const isBoolean: Guard<boolean> = (value): value is boolean => typeof value === 'boolean';

/** Exactly `expected` (as `z.literal(expected)`). */
export function literal<const T extends string | number | boolean>(expected: T): Guard<T> {
  return (value): value is T => value === expected;
}

/** A string of `min` to `max` UTF-16 units (as `z.string().min(min).max(max)`). */
export function stringOf(limits: { min?: number; max?: number }): Guard<string> {
  const { min = 0, max = Number.POSITIVE_INFINITY } = limits;
  return (value): value is string => typeof value === 'string' && value.length >= min && value.length <= max;
}

/** A safe integer of at least `min` (as `z.number().int().min(min)`; `.positive()` is `min` 1, `.nonnegative()` 0). */
export function integerFrom(min: number): Guard<number> {
  return (value): value is number => isSafeInteger(value) && value >= min;
}

/** What `check` accepts and `rule` holds for (as `.refine(rule)`). */
export function where<T>(check: Guard<T>, rule: (value: T) => boolean): Guard<T> {
  return (value): value is T => check(value) && rule(value);
}

/** An array, of at most `max` items, whose every item `check` accepts (as `z.array(…).max(max)`). */
export function arrayOf<T>(check: Guard<T>, max = Number.POSITIVE_INFINITY): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.length <= max && value.every(check);
}

/** A plain object whose every own value `check` accepts, typed (as `z.record(z.string(), …)`). */
export function recordOf<T>(check: Guard<T>): Guard<Record<string, T>> {
  return (value): value is Record<string, T> => isRecordOf(value, check);
}

/** What any of `checks` accepts (as `z.union`, and `z.discriminatedUnion` when each member pins the key with a `literal`). */
export function unionOf<const G extends readonly Guard<unknown>[]>(...checks: G): Guard<Guarded<G[number]>> {
  return (value): value is Guarded<G[number]> => checks.some((check) => check(value));
}

/** An optional member of `objectOf`: absent or `undefined`, else what `check` accepts (as `.optional()`). */
export interface OptionalMember<T> {
  readonly optional: Guard<T>;
}

/** Marks an `objectOf` member optional. */
export function maybe<T>(check: Guard<T>): OptionalMember<T> {
  return { optional: check };
}

type Members = Record<string, Guard<unknown> | OptionalMember<unknown>>;
type RequiredKeys<M extends Members> = { [K in keyof M]: M[K] extends OptionalMember<unknown> ? never : K }[keyof M];
type OptionalKeys<M extends Members> = Exclude<keyof M, RequiredKeys<M>>;
/** The object type `objectOf(members)` narrows to. */
export type ObjectOf<M extends Members> = { [K in RequiredKeys<M>]: Guarded<M[K]> } & { [K in OptionalKeys<M>]?: M[K] extends OptionalMember<infer T> ? T : never };

/**
 * A JSON object with these own members (as `z.object`; with `strict`, `z.strictObject`: no other
 * own keys). Members not named are allowed and kept, not stripped as zod would (as over Electron IPC).
 */
export function objectOf<const M extends Members>(members: M, options: { strict?: boolean } = {}): Guard<ObjectOf<M>> {
  const checks = Object.entries(members).map(([key, member]) => (typeof member === 'function' ? { key, check: member, isOptional: false } : { key, check: member.optional, isOptional: true }));
  const isStrict = options.strict === true;
  return (value): value is ObjectOf<M> => {
    if (!isJsonObject(value)) return false;
    for (const { key, check, isOptional } of checks) {
      // zod wants a required member present even when its check takes anything (`z.unknown()`).
      if (!Object.hasOwn(value, key)) {
        if (isOptional) continue;
        return false;
      }
      const member = value[key];
      if (!(isOptional && member === undefined) && !check(member)) return false;
    }
    return !isStrict || Object.keys(value).every((key) => Object.hasOwn(members, key));
  };
}
