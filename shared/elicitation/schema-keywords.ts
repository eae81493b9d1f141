/**
 * The keyword tables and size limits of the elicitation subset, and the checks every schema
 * object and field name gets before its keywords are read (schema-check.ts).
 */
import { HIDDEN_CHAR, quote } from '../quoted-text.js';
import type { TextKind } from './field-values.js';
import { get, type Json } from './json-keys.js';
import { list } from './problem-words.js';

/** Size limits of an accepted form. */
export const SCHEMA_LIMITS = {
  /** Fields per form. */
  properties: 50,
  /** Options per single- or multi-select field. */
  options: 200,
  /** Characters in a title, description, option value or option title. */
  textLength: 1_000,
  /** Characters in a field name. */
  nameLength: 100,
  /** Keywords in one schema object (the form, a field, its `items`, one option). */
  keywords: 100,
} as const;

/** Names that reach `Object.prototype` machinery when used as keys: refused as field names and as keywords. */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** References pull in schema text from elsewhere: what the form would ask could differ from what is drawn. */
export const REFERENCE_KEYWORDS: ReadonlySet<string> = new Set(['$ref', '$dynamicRef', '$recursiveRef', '$defs', 'definitions']);

/** Combinators and conditionals at the top change which fields exist or are required. */
export const TOP_COMBINATORS: ReadonlySet<string> = new Set([
  'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'dependentRequired', 'dependencies',
]);

/** The keywords the form itself uses; any other at the top (not a combinator) is ignored. */
export const TOP_KEYWORDS: ReadonlySet<string> = new Set(['$schema', 'type', 'properties', 'required', 'title', 'description']);

/** Which table of `SHAPE_KEYWORDS` a field is read with (`shapeOf`). */
export type Shape = 'text' | 'number' | 'boolean' | 'enum' | 'oneOf' | 'array';
const COMMON_KEYWORDS = ['type', 'title', 'description', 'default'];
/** The keywords each field shape uses (the spec's table, plus `pattern`); any other is ignored. */
export const SHAPE_KEYWORDS: Record<Shape, ReadonlySet<string>> = {
  text: new Set([...COMMON_KEYWORDS, 'minLength', 'maxLength', 'format', 'pattern']),
  number: new Set([...COMMON_KEYWORDS, 'minimum', 'maximum']),
  boolean: new Set(COMMON_KEYWORDS),
  enum: new Set([...COMMON_KEYWORDS, 'enum', 'enumNames']),
  // `enum` beside `oneOf` (zod's `z.enum([...]).meta({oneOf})`) is used: it must list the same values.
  oneOf: new Set([...COMMON_KEYWORDS, 'oneOf', 'enum']),
  array: new Set([...COMMON_KEYWORDS, 'items', 'minItems', 'maxItems']),
};
/** A Map, not an object: a `format` of "toString" must not find `Object.prototype.toString`. */
export const FORMAT_KINDS: ReadonlyMap<unknown, TextKind> = new Map([['email', 'email'], ['uri', 'uri'], ['date', 'date'], ['date-time', 'datetime']]);

/** Collects a field's ignored keywords, each once, in the order met. */
export type Ignored = Set<string>;

/**
 * The checks every schema object gets before its keywords are read: no prototype names and no
 * references (problems), and a bounded number of keywords. False when there are so many that
 * the object is not read further.
 */
export function checkKeywords(raw: Json, where: string, problems: string[]): boolean {
  const keys = Object.keys(raw);
  if (keys.length > SCHEMA_LIMITS.keywords) {
    problems.push(`${where} has ${keys.length} keywords; at most ${SCHEMA_LIMITS.keywords} are allowed.`);
    return false;
  }
  const forbidden = keys.filter((key) => FORBIDDEN_NAMES.has(key));
  if (forbidden.length > 0) problems.push(`${where} uses keywords that are not allowed: ${list(forbidden)}.`);
  const references = keys.filter((key) => REFERENCE_KEYWORDS.has(key));
  if (references.length > 0) problems.push(`${where} refers to schema text elsewhere (${list(references)}), which this app does not follow.`);
  return true;
}

/** The problem with a field name, if any: empty, a prototype name, too long, or hidden characters. */
export function checkName(name: string): string | undefined {
  if (name === '') return 'A field has an empty name.';
  if (FORBIDDEN_NAMES.has(name)) return `The field name ${quote(name)} is not allowed.`;
  if (name.length > SCHEMA_LIMITS.nameLength) return `The field name ${quote(name)} is longer than ${SCHEMA_LIMITS.nameLength} characters.`;
  if (HIDDEN_CHAR.test(name)) return `The field name ${quote(name)} contains control or invisible characters.`;
  return undefined;
}

/** Forbidden and reference keywords are problems (checkKeywords), never merely ignored. */
export function isPlainKeyword(key: string): boolean {
  return !FORBIDDEN_NAMES.has(key) && !REFERENCE_KEYWORDS.has(key);
}

/** Which keywords apply: decided by `type`, then by `enum` / `oneOf` for strings. */
export function shapeOf(raw: Json, where: string, problems: string[]): Shape | undefined {
  const type = get(raw, 'type');
  switch (type) {
    case 'string':
      return Object.hasOwn(raw, 'oneOf') ? 'oneOf' : Object.hasOwn(raw, 'enum') ? 'enum' : 'text';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'array';
    case undefined:
      problems.push(`${where} has no type.`);
      return undefined;
    default:
      // `object` lands here: no nesting.
      problems.push(`${where} has ${typeof type === 'string' ? `unsupported type ${quote(type)}` : 'an unsupported type'}; allowed are string, number, integer, boolean and array.`);
      return undefined;
  }
}
