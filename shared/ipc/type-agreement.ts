/**
 * Compile-time agreement checks: a const typed with one of these only compiles when the two
 * types agree, so a drift between a schema and the type or list it mirrors is a build error.
 */

/** True when two string unions have exactly the same members. */
export type SameKeys<A extends string, B extends string> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
/** True when two object types are mutually assignable. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
