/**
 * Small type guards for checking untrusted data without zod. Semantics follow zod 4's, so that
 * both give the same verdict: numbers are finite, integers safe, a record is a plain object, an
 * optional field may be absent or `undefined`.
 */
import { isPlainJsonObject } from '../../shared/json-guards';

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
