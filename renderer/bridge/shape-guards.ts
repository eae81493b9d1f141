/**
 * Small type guards for checking untrusted data without zod, and the type-level `Equals` that ties
 * a hand-written check's type to a zod schema's. Semantics follow zod 4's, so that both give the
 * same verdict: numbers are finite, integers safe, a record is a plain object, an optional field
 * may be absent or `undefined`.
 */
import { isPlainJsonObject } from '../../shared/json-guards';

/** A check of an untrusted value that narrows it to `T`. */
export type Guard<T> = (value: unknown) => value is T;

/** `T` with every intersection of object types flattened, at every depth (so two spellings of a type compare equal). */
export type Normalized<T> = T extends readonly (infer E)[] ? Normalized<E>[] : T extends object ? { [K in keyof T]: Normalized<T[K]> } : T;

/**
 * `true` when `A` and `B` are the same type, optional keys included (plain mutual assignability
 * would miss an optional key present on one side only). Compare `Normalized` types.
 */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;

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
