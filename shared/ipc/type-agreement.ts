/**
 * Compile-time agreement checks: a const typed with one of these only compiles when the two
 * types agree, so a drift between a schema and the type or list it mirrors is a build error.
 */

/** True when two string unions have exactly the same members. */
export type SameKeys<A extends string, B extends string> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;

/**
 * True when two object types are the same at every depth, optional keys included (mutual
 * assignability would miss an optional key present on one side only); intersections and
 * other spellings of one type compare equal.
 */
export type SameShape<A, B> = Equals<Normalized<A>, Normalized<B>> extends true ? true : never;

/** `T` with every intersection of object types flattened, at every depth. */
type Normalized<T> = T extends readonly (infer E)[] ? Normalized<E>[] : T extends object ? { [K in keyof T]: Normalized<T[K]> } : T;

/** The identity check of two types (assignability alone would equate `{ a?: 1 }` and `{}`). */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
