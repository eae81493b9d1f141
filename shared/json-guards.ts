/**
 * Type guards for untrusted JSON-shaped data (wire messages, saved files, IPC payloads): the one
 * definition of "a JSON object" the engine, the hosts and the renderer read data with.
 */

/**
 * True for a JSON object: an object that is neither `null` nor an array. Class instances pass
 * too; where a value may come from somewhere other than `JSON.parse` and that matters, use
 * `isPlainJsonObject`. Reading a key of the result may still hit an inherited property: use
 * `Object.hasOwn` where a key like `"constructor"` must read as absent.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True for a plain JSON object: a JSON object (`isJsonObject`) whose prototype is
 * `Object.prototype` or `null`, as `JSON.parse` and object literals make them — no class
 * instance, `Map`, `Date` or proxy of one.
 */
export function isPlainJsonObject(value: unknown): value is Record<string, unknown> {
  if (!isJsonObject(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
