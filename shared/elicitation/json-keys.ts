/** Reading an untrusted JSON object by its own keys only, and writing optional keys without `undefined`. */

/** A JSON object as parsed off the wire (untrusted values). */
export type Json = Record<string, unknown>;

/** Own properties only: an inherited (or polluted) `Object.prototype` key never reads as a keyword. */
export function get(raw: Json, key: string): unknown {
  return Object.hasOwn(raw, key) ? raw[key] : undefined;
}

/** `{ key: value }` when value is defined, `{}` otherwise: no `key: undefined` in the output. */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
