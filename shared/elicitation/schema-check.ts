/**
 * The trust boundary for a server's elicitation form (`requestedSchema`, untrusted).
 *
 * Accepts exactly the subset of PROTOCOL.md §6.3, checked by an allowlist of keywords per field
 * shape (SECURITY.md §5). That is stricter than the [I] note in §6.3 ("ignore unknown
 * keywords"): an ignored keyword is a constraint the server believes the user saw and we did
 * not enforce (`pattern`, `exclusiveMinimum`, `const`, ...), so the whole form is refused with
 * problems the UI shows next to the server's name, and no form.
 *
 * Deliberate rules beyond the table in §6.3:
 * - `pattern` is refused like any other unknown keyword: running a server's regex on the UI
 *   thread risks catastrophic backtracking (SECURITY.md §5), and a pattern we do not enforce
 *   would let the user send answers the server will reject.
 * - Titles, descriptions, option values and option titles longer than `SCHEMA_LIMITS.textLength`
 *   are refused, not truncated: a cut sentence can invert its meaning ("Do not ... [cut]").
 *   Lengths are UTF-16 units.
 * - Titles, descriptions and options are kept exactly as sent, HTML, control and bidi
 *   characters included: they are text, and the UI renders them as text and makes bidi and
 *   zero-width characters visible (SECURITY.md §5). Field *names* are identifiers, not prose, so a
 *   name with control, bidi or zero-width characters is refused (a label falls back to it).
 * - Wrong-typed or out-of-range `default`s are dropped with a note, never obeyed; the form is
 *   still shown (SECURITY.md §5).
 * - The output is built from declared names only, as fresh arrays and objects; nothing from the
 *   input is copied by spreading, so no inherited or stray key can travel on.
 */
import type { FormValue } from './elicit-result.js';
import { HIDDEN_CHAR, quote } from '../quoted-text.js';
import { checkValue, type TextKind } from './field-values.js';

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
} as const;

/** One option of a select: the value sent back, and the server's title for it if any. */
export type CheckedOption = { value: string; title?: string };

type CheckedCommon = { name: string; title?: string; description?: string; required: boolean };
/**
 * One field of an accepted form, normalized by kind. `default` is present only when it fits
 * the field (same rule as the user's answer, `checkValue`).
 */
export type CheckedField = CheckedCommon & (
  | { kind: TextKind; minLength?: number; maxLength?: number; default?: string }
  | { kind: 'number' | 'integer'; minimum?: number; maximum?: number; default?: number }
  | { kind: 'boolean'; default?: boolean }
  | { kind: 'select'; options: CheckedOption[]; default?: string }
  | { kind: 'multiselect'; options: CheckedOption[]; minItems?: number; maxItems?: number; default?: string[] }
);

/** An accepted form: fields in the server's order, plus notes on what was dropped (e.g. defaults). */
export type CheckedSchema = { title?: string; description?: string; fields: CheckedField[]; notes: string[] };

/** The outcome of `checkRequestedSchema`: the normalized form, or the reasons it was refused. */
export type SchemaCheckResult = { ok: true; schema: CheckedSchema } | { ok: false; problems: string[] };

/** Names that reach `Object.prototype` machinery when used as keys (SECURITY.md §5). */
const FORBIDDEN_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const TOP_KEYWORDS: ReadonlySet<string> = new Set(['$schema', 'type', 'properties', 'required', 'title', 'description']);

type Shape = 'text' | 'number' | 'boolean' | 'enum' | 'oneOf' | 'array';
const COMMON_KEYWORDS = ['type', 'title', 'description', 'default'];
/** The allowlist of PROTOCOL.md §6.3, per field shape. */
const SHAPE_KEYWORDS: Record<Shape, ReadonlySet<string>> = {
  text: new Set([...COMMON_KEYWORDS, 'minLength', 'maxLength', 'format']),
  number: new Set([...COMMON_KEYWORDS, 'minimum', 'maximum']),
  boolean: new Set(COMMON_KEYWORDS),
  enum: new Set([...COMMON_KEYWORDS, 'enum', 'enumNames']),
  oneOf: new Set([...COMMON_KEYWORDS, 'oneOf']),
  array: new Set([...COMMON_KEYWORDS, 'items', 'minItems', 'maxItems']),
};
/** A Map, not an object: a `format` of "toString" must not find `Object.prototype.toString`. */
const FORMAT_KINDS: ReadonlyMap<unknown, TextKind> = new Map([['email', 'email'], ['uri', 'uri'], ['date', 'date'], ['date-time', 'datetime']]);

type Json = Record<string, unknown>;

/**
 * Checks an untrusted `requestedSchema` against the elicitation subset (PROTOCOL.md §6.3).
 * Never throws. On refusal, `problems` lists every reason found, in plain words, each naming
 * the field; server strings inside them are quoted with control and invisible characters
 * escaped and long ones shortened.
 */
export function checkRequestedSchema(raw: unknown): SchemaCheckResult {
  if (!isRecord(raw)) return { ok: false, problems: ['The form is not an object.'] };
  const problems: string[] = [];
  const notes: string[] = [];
  const unknown = Object.keys(raw).filter((key) => !TOP_KEYWORDS.has(key));
  if (unknown.length > 0) problems.push(`The form uses keywords that are not allowed: ${list(unknown)}.`);
  if (get(raw, 'type') !== 'object') problems.push('The form\'s type must be "object".');
  if (Object.hasOwn(raw, '$schema') && typeof raw.$schema !== 'string') problems.push('The form: "$schema" must be text.');
  const title = checkText(raw, 'title', 'The form', problems);
  const description = checkText(raw, 'description', 'The form', problems);

  const properties = get(raw, 'properties');
  if (!isRecord(properties)) return { ok: false, problems: [...problems, 'The form has no "properties" object.'] };
  const names = Object.keys(properties);
  if (names.length > SCHEMA_LIMITS.properties) {
    // Stop here: a hostile form must not make us check (and report on) thousands of fields.
    return { ok: false, problems: [...problems, `The form has ${names.length} fields; at most ${SCHEMA_LIMITS.properties} are allowed.`] };
  }

  const required = new Set<string>();
  const rawRequired = get(raw, 'required');
  if (rawRequired !== undefined) {
    if (!Array.isArray(rawRequired) || !rawRequired.every((name) => typeof name === 'string')) {
      problems.push('The form: "required" must be a list of field names.');
    } else {
      for (const name of rawRequired) required.add(name);
      const undeclared = [...required].filter((name) => !Object.hasOwn(properties, name));
      if (undeclared.length > 0) problems.push(`The form requires fields it does not have: ${list(undeclared)}.`);
    }
  }

  const fields: CheckedField[] = [];
  for (const name of names) {
    const nameProblem = checkName(name);
    if (nameProblem !== undefined) {
      problems.push(nameProblem);
      continue;
    }
    const field = checkField(name, properties[name], required.has(name), problems, notes);
    if (field !== undefined) fields.push(field);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, schema: { ...optional('title', title), ...optional('description', description), fields, notes } };
}

function checkName(name: string): string | undefined {
  if (name === '') return 'A field has an empty name.';
  if (FORBIDDEN_NAMES.has(name)) return `The field name ${quote(name)} is not allowed.`;
  if (name.length > SCHEMA_LIMITS.nameLength) return `The field name ${quote(name)} is longer than ${SCHEMA_LIMITS.nameLength} characters.`;
  if (HIDDEN_CHAR.test(name)) return `The field name ${quote(name)} contains control or invisible characters.`;
  return undefined;
}

/** Checks one property; pushes its problems and notes; returns the field only if it has no problem. */
function checkField(name: string, raw: unknown, required: boolean, problems: string[], notes: string[]): CheckedField | undefined {
  const where = `Field ${quote(name)}`;
  if (!isRecord(raw)) {
    problems.push(`${where} is not an object.`);
    return undefined;
  }
  const shape = shapeOf(raw, where, problems);
  if (shape === undefined) return undefined;
  const before = problems.length;
  const unknown = Object.keys(raw).filter((key) => !SHAPE_KEYWORDS[shape].has(key));
  if (unknown.length > 0) problems.push(`${where} uses keywords that are not allowed: ${list(unknown)}.`);
  const common = {
    name,
    ...optional('title', checkText(raw, 'title', where, problems)),
    ...optional('description', checkText(raw, 'description', where, problems)),
    required,
  };

  let field: CheckedField;
  switch (shape) {
    case 'text': {
      const format = get(raw, 'format');
      const kind = format === undefined ? 'text' : FORMAT_KINDS.get(format);
      if (kind === undefined) problems.push(`${where} has an unsupported format; allowed are email, uri, date and date-time.`);
      const [minLength, maxLength] = checkRange(raw, 'minLength', 'maxLength', where, problems);
      field = { ...common, kind: kind ?? 'text', ...optional('minLength', minLength), ...optional('maxLength', maxLength) };
      break;
    }
    case 'number': {
      const kind = raw.type === 'integer' ? 'integer' : 'number';
      const minimum = checkFinite(raw, 'minimum', where, problems);
      const maximum = checkFinite(raw, 'maximum', where, problems);
      if (minimum !== undefined && maximum !== undefined) {
        if (minimum > maximum) problems.push(`${where} has "minimum" (${minimum}) greater than "maximum" (${maximum}).`);
        else if (kind === 'integer' && Math.ceil(minimum) > Math.floor(maximum)) problems.push(`${where} allows no whole number between ${minimum} and ${maximum}.`);
      }
      field = { ...common, kind, ...optional('minimum', minimum), ...optional('maximum', maximum) };
      break;
    }
    case 'boolean':
      field = { ...common, kind: 'boolean' };
      break;
    case 'enum': {
      const values = checkValues(get(raw, 'enum'), '"enum"', where, problems);
      const names = checkEnumNames(raw, values, where, problems);
      field = { ...common, kind: 'select', options: values.map((value, i) => ({ value, ...optional('title', names?.[i]) })) };
      break;
    }
    case 'oneOf':
      field = { ...common, kind: 'select', options: checkTitledOptions(get(raw, 'oneOf'), '"oneOf"', where, problems) };
      break;
    case 'array': {
      const options = checkItems(get(raw, 'items'), where, problems);
      const [minItems, maxItems] = checkRange(raw, 'minItems', 'maxItems', where, problems);
      if (minItems !== undefined && options.length > 0 && minItems > options.length) {
        problems.push(`${where} asks for at least ${minItems} choices but offers only ${options.length}.`);
      }
      field = { ...common, kind: 'multiselect', options, ...optional('minItems', minItems), ...optional('maxItems', maxItems) };
      break;
    }
  }
  if (problems.length > before) return undefined;

  if (Object.hasOwn(raw, 'default')) {
    // The same rule as the user's answer; optional, so an empty default simply pre-fills nothing.
    const check = checkValue({ ...field, required: false }, raw.default);
    if (!check.ok) notes.push(`${where}: the server's default value was ignored because it does not fit the field.`);
    // checkValue returns the field kind's own value type, so this cast cannot mismatch.
    else if (check.value !== undefined) (field as { default?: FormValue }).default = check.value;
  }
  return field;
}

/** Which allowlist applies: decided by `type`, then by `enum` / `oneOf` for strings. */
function shapeOf(raw: Json, where: string, problems: string[]): Shape | undefined {
  const type = get(raw, 'type');
  switch (type) {
    case 'string': {
      const hasEnum = Object.hasOwn(raw, 'enum');
      if (hasEnum && Object.hasOwn(raw, 'oneOf')) {
        problems.push(`${where} uses both "enum" and "oneOf".`);
        return undefined;
      }
      return hasEnum ? 'enum' : Object.hasOwn(raw, 'oneOf') ? 'oneOf' : 'text';
    }
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
      // `object` lands here: no nesting (PROTOCOL.md §6.3).
      problems.push(`${where} has ${typeof type === 'string' ? `unsupported type ${quote(type)}` : 'an unsupported type'}; allowed are string, number, integer, boolean and array.`);
      return undefined;
  }
}

/** `items` of a multi-select: exactly `{type:"string", enum}` or `{anyOf:[{const,title}]}`. */
function checkItems(items: unknown, where: string, problems: string[]): CheckedOption[] {
  if (!isRecord(items)) {
    problems.push(`${where} has no "items" object describing its choices.`);
    return [];
  }
  const titled = Object.hasOwn(items, 'anyOf');
  const allowed = titled ? ['anyOf'] : ['type', 'enum'];
  const unknown = Object.keys(items).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) problems.push(`${where} uses keywords in "items" that are not allowed: ${list(unknown)}.`);
  if (titled) return checkTitledOptions(items.anyOf, '"items.anyOf"', where, problems);
  if (items.type !== 'string') problems.push(`${where} must offer text choices ("items" of type "string").`);
  return checkValues(get(items, 'enum'), '"items.enum"', where, problems).map((value) => ({ value }));
}

/** A list of option values (`enum`): non-empty, bounded, text, no empty or repeated values. */
function checkValues(raw: unknown, keyword: string, where: string, problems: string[]): string[] {
  if (!Array.isArray(raw) || !raw.every((value) => typeof value === 'string')) {
    problems.push(`${where}: ${keyword} must be a list of text values.`);
    return [];
  }
  return checkOptionList(raw, where, problems) ? raw : [];
}

/** `oneOf` / `items.anyOf`: a list of exactly `{const: string, title: string}`. */
function checkTitledOptions(raw: unknown, keyword: string, where: string, problems: string[]): CheckedOption[] {
  const isOption = (entry: unknown): entry is { const: string; title: string } =>
    isRecord(entry) && Object.keys(entry).length === 2 && typeof get(entry, 'const') === 'string' && typeof get(entry, 'title') === 'string';
  if (!Array.isArray(raw) || !raw.every(isOption)) {
    problems.push(`${where}: ${keyword} must be a list of options, each exactly {"const": text, "title": text}.`);
    return [];
  }
  if (!checkOptionList(raw.map((option) => option.const), where, problems)) return [];
  const long = raw.findIndex((option) => option.title.length > SCHEMA_LIMITS.textLength);
  if (long >= 0) {
    problems.push(`${where}: the title of option ${long + 1} is longer than ${SCHEMA_LIMITS.textLength} characters.`);
    return [];
  }
  return raw.map((option) => ({ value: option.const, title: option.title }));
}

/** Shared rules for option values; true when they pass. */
function checkOptionList(values: readonly string[], where: string, problems: string[]): boolean {
  const before = problems.length;
  if (values.length === 0) problems.push(`${where} offers no options.`);
  else if (values.length > SCHEMA_LIMITS.options) problems.push(`${where} has ${values.length} options; at most ${SCHEMA_LIMITS.options} are allowed.`);
  else {
    const empty = values.indexOf('');
    if (empty >= 0) problems.push(`${where}: option ${empty + 1} is empty.`);
    const long = values.findIndex((value) => value.length > SCHEMA_LIMITS.textLength);
    if (long >= 0) problems.push(`${where}: option ${long + 1} is longer than ${SCHEMA_LIMITS.textLength} characters.`);
    const repeated = values.find((value, i) => values.indexOf(value) !== i);
    if (repeated !== undefined) problems.push(`${where} lists the option ${quote(repeated)} more than once.`);
  }
  return problems.length === before;
}

/** Legacy `enumNames`: one text label per `enum` value (PROTOCOL.md §6.3, deprecated). */
function checkEnumNames(raw: Json, values: readonly string[], where: string, problems: string[]): string[] | undefined {
  if (!Object.hasOwn(raw, 'enumNames')) return undefined;
  const names = raw.enumNames;
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    problems.push(`${where}: "enumNames" must be a list of text labels.`);
    return undefined;
  }
  if (values.length > 0 && names.length !== values.length) {
    problems.push(`${where}: "enumNames" has ${plural(names.length, 'label')} for ${plural(values.length, 'option')}.`);
  }
  const long = names.findIndex((name) => name.length > SCHEMA_LIMITS.textLength);
  if (long >= 0) problems.push(`${where}: the name of option ${long + 1} is longer than ${SCHEMA_LIMITS.textLength} characters.`);
  return names;
}

/** A `title` / `description`: text of bounded length, kept unchanged. */
function checkText(raw: Json, key: 'title' | 'description', where: string, problems: string[]): string | undefined {
  const value = get(raw, key);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') problems.push(`${where}: "${key}" must be text.`);
  else if (value.length > SCHEMA_LIMITS.textLength) problems.push(`${where}: "${key}" is longer than ${SCHEMA_LIMITS.textLength} characters.`);
  else return value;
  return undefined;
}

function checkFinite(raw: Json, key: string, where: string, problems: string[]): number | undefined {
  const value = get(raw, key);
  if (value === undefined) return undefined;
  // JSON.parse turns 1e400 into Infinity, so a non-finite bound can arrive off the wire.
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  problems.push(`${where}: "${key}" must be a finite number.`);
  return undefined;
}

/** A pair of counts (`minLength`/`maxLength`, `minItems`/`maxItems`): whole numbers ≥ 0, min ≤ max. */
function checkRange(raw: Json, minKey: string, maxKey: string, where: string, problems: string[]): [number | undefined, number | undefined] {
  const count = (key: string): number | undefined => {
    const value = get(raw, key);
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    problems.push(`${where}: "${key}" must be a whole number of 0 or more.`);
    return undefined;
  };
  const min = count(minKey);
  const max = count(maxKey);
  if (min !== undefined && max !== undefined && min > max) problems.push(`${where} has "${minKey}" (${min}) greater than "${maxKey}" (${max}).`);
  return [min, max];
}

/** A plain JSON object (not an array, not a class instance). */
function isRecord(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Own properties only: an inherited (or polluted) `Object.prototype` key never reads as a keyword. */
function get(raw: Json, key: string): unknown {
  return Object.hasOwn(raw, key) ? raw[key] : undefined;
}

/** `{ key: value }` when value is defined, `{}` otherwise: no `key: undefined` in the output. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Up to five quoted server strings, then "and N more". */
function list(items: readonly string[]): string {
  const shown = items.slice(0, 5).map((item) => quote(item)).join(', ');
  return items.length > 5 ? `${shown} and ${items.length - 5} more` : shown;
}
