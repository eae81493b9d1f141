/**
 * The trust boundary for a server's elicitation form (`requestedSchema`, untrusted).
 *
 * Builds the form from the spec's subset only (MCP 2025-11-25 elicitation, "Requested Schema";
 * unchanged in 2026-07-28) and reads real servers' schemas as they are written: zod's
 * `toJSONSchema` and the SDKs add `$schema`, `additionalProperties: false`, `$id`, `examples`,
 * `pattern`, ... (docs/elicitation-forms.md says what is used, ignored and refused, and why).
 *
 * - Keywords the form does not use are ignored and listed (`ignored`), never a reason to refuse:
 *   the server validates the answer anyway, so an unenforced constraint can only cost a retry.
 * - Refused (problems, no form) is only what would change the form's meaning or attack the
 *   client: unknown or list `type`s, nested objects, references (`$ref`, `$defs`, ...),
 *   combinators and conditionals at the top, required names that are not fields, impossible
 *   bounds, absurd sizes, and `__proto__` / `constructor` / `prototype` as names or keywords.
 * - `pattern` is enforced with RE2 semantics (text-pattern.ts), never a backtracking regex. A
 *   pattern RE2 cannot read (lookaround, back-references) is ignored with a note: refusing it
 *   would refuse every field zod writes with `z.hostname()` or `z.emoji()`, and the server
 *   still checks the answer. One too long or too complex to run cheaply is refused as absurd.
 * - Titles, descriptions, option values and option titles longer than `SCHEMA_LIMITS.textLength`
 *   are refused, not truncated: a cut sentence can invert its meaning ("Do not ... [cut]").
 *   Lengths are UTF-16 units.
 * - Titles, descriptions and options are kept exactly as sent, HTML, control and bidi
 *   characters included: they are text, and the UI renders them as text and makes bidi and
 *   zero-width characters visible. Field *names* are identifiers, not prose, so a name with
 *   control, bidi or zero-width characters is refused (a label falls back to it).
 * - A `default` that does not fit its field (wrong type, out of range, not an option, failing
 *   the pattern) is dropped with a note, never obeyed; so is a `format: "uri"` default that is
 *   not an http(s) address: one click on Accept would send it, and the user never chose it.
 * - The output is built from declared names only, as fresh arrays and objects; nothing from the
 *   input is copied by spreading, so no inherited or stray key can travel on.
 */
import type { FormValue } from './elicit-result.js';
import { HIDDEN_CHAR, quote } from '../quoted-text.js';
import { checkValue, type TextKind } from './field-values.js';
import { isWebUri } from './formats.js';
import { checkPattern, PATTERN_LIMITS } from './text-pattern.js';

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

/** One option of a select: the value sent back, and the server's title for it if any. */
export type CheckedOption = { value: string; title?: string };

type CheckedCommon = { name: string; title?: string; description?: string; required: boolean };
/**
 * One field of an accepted form, normalized by kind. `default` is present only when it fits
 * the field (same rule as the user's answer, `checkValue`); `pattern` only when RE2 enforces it.
 */
export type CheckedField = CheckedCommon & (
  | { kind: TextKind; minLength?: number; maxLength?: number; pattern?: string; default?: string }
  | { kind: 'number' | 'integer'; minimum?: number; maximum?: number; default?: number }
  | { kind: 'boolean'; default?: boolean }
  | { kind: 'select'; options: CheckedOption[]; default?: string }
  | { kind: 'multiselect'; options: CheckedOption[]; minItems?: number; maxItems?: number; default?: string[] }
);

/**
 * Keywords the form does not use, as the server spelled them: of the form itself (no `field`)
 * or of one field, where `items.x` and `oneOf[].x` / `items.anyOf[].x` name keywords inside it.
 * Server strings: quote them when shown.
 */
export type IgnoredKeywords = { field?: string; keywords: string[] };

/**
 * An accepted form: fields in the server's order, `notes` on what was dropped or is not
 * enforced (the user should read them), and the `ignored` keywords (a quiet note).
 */
export type CheckedSchema = { title?: string; description?: string; fields: CheckedField[]; notes: string[]; ignored: IgnoredKeywords[] };

/** The outcome of `checkRequestedSchema`: the normalized form, or the reasons it was refused. */
export type SchemaCheckResult = { ok: true; schema: CheckedSchema } | { ok: false; problems: string[] };

/** Names that reach `Object.prototype` machinery when used as keys: refused as field names and as keywords. */
const FORBIDDEN_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** References pull in schema text from elsewhere: what the form would ask could differ from what is drawn. */
const REFERENCE_KEYWORDS: ReadonlySet<string> = new Set(['$ref', '$dynamicRef', '$recursiveRef', '$defs', 'definitions']);

/** Combinators and conditionals at the top change which fields exist or are required. */
const TOP_COMBINATORS: ReadonlySet<string> = new Set([
  'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'dependentRequired', 'dependencies',
]);

const TOP_KEYWORDS: ReadonlySet<string> = new Set(['$schema', 'type', 'properties', 'required', 'title', 'description']);

type Shape = 'text' | 'number' | 'boolean' | 'enum' | 'oneOf' | 'array';
const COMMON_KEYWORDS = ['type', 'title', 'description', 'default'];
/** The keywords each field shape uses (the spec's table, plus `pattern`); any other is ignored. */
const SHAPE_KEYWORDS: Record<Shape, ReadonlySet<string>> = {
  text: new Set([...COMMON_KEYWORDS, 'minLength', 'maxLength', 'format', 'pattern']),
  number: new Set([...COMMON_KEYWORDS, 'minimum', 'maximum']),
  boolean: new Set(COMMON_KEYWORDS),
  enum: new Set([...COMMON_KEYWORDS, 'enum', 'enumNames']),
  // `enum` beside `oneOf` (zod's `z.enum([...]).meta({oneOf})`) is used: it must list the same values.
  oneOf: new Set([...COMMON_KEYWORDS, 'oneOf', 'enum']),
  array: new Set([...COMMON_KEYWORDS, 'items', 'minItems', 'maxItems']),
};
/** A Map, not an object: a `format` of "toString" must not find `Object.prototype.toString`. */
const FORMAT_KINDS: ReadonlyMap<unknown, TextKind> = new Map([['email', 'email'], ['uri', 'uri'], ['date', 'date'], ['date-time', 'datetime']]);

type Json = Record<string, unknown>;

/** Collects a field's ignored keywords, each once, in the order met. */
type Ignored = Set<string>;

/**
 * Checks an untrusted `requestedSchema` against the elicitation subset. Never throws. On
 * refusal, `problems` lists every reason found, in plain words, each naming the field; server
 * strings inside them are quoted with control and invisible characters escaped and long ones
 * shortened.
 */
export function checkRequestedSchema(raw: unknown): SchemaCheckResult {
  if (!isRecord(raw)) return { ok: false, problems: ['The form is not an object.'] };
  const problems: string[] = [];
  const notes: string[] = [];
  const ignored: IgnoredKeywords[] = [];
  if (!checkKeywords(raw, 'The form', problems)) return { ok: false, problems };
  const combinators = Object.keys(raw).filter((key) => TOP_COMBINATORS.has(key));
  if (combinators.length > 0) problems.push(`The form combines or conditions its fields (${list(combinators)}), which a flat form cannot show.`);
  const topIgnored = Object.keys(raw).filter((key) => !TOP_KEYWORDS.has(key) && !TOP_COMBINATORS.has(key) && isPlainKeyword(key) && !isMetByConstruction(raw, key));
  if (topIgnored.length > 0) ignored.push({ keywords: topIgnored });
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
    const fieldIgnored: Ignored = new Set();
    const field = checkField(name, properties[name], required.has(name), problems, notes, fieldIgnored);
    if (field !== undefined) fields.push(field);
    if (fieldIgnored.size > 0) ignored.push({ field: name, keywords: [...fieldIgnored] });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, schema: { ...optional('title', title), ...optional('description', description), fields, notes, ignored } };
}

/**
 * `additionalProperties: false` asks for what every answer already is: built from the declared
 * names only. It is honoured, so not listed as ignored.
 */
function isMetByConstruction(raw: Json, key: string): boolean {
  return key === 'additionalProperties' && raw[key] === false;
}

/**
 * The checks every schema object gets before its keywords are read: no prototype names and no
 * references (problems), and a bounded number of keywords. False when there are so many that
 * the object is not read further.
 */
function checkKeywords(raw: Json, where: string, problems: string[]): boolean {
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

function checkName(name: string): string | undefined {
  if (name === '') return 'A field has an empty name.';
  if (FORBIDDEN_NAMES.has(name)) return `The field name ${quote(name)} is not allowed.`;
  if (name.length > SCHEMA_LIMITS.nameLength) return `The field name ${quote(name)} is longer than ${SCHEMA_LIMITS.nameLength} characters.`;
  if (HIDDEN_CHAR.test(name)) return `The field name ${quote(name)} contains control or invisible characters.`;
  return undefined;
}

/** Checks one property; pushes its problems, notes and ignored keywords; returns the field only if it has no problem. */
function checkField(name: string, raw: unknown, required: boolean, problems: string[], notes: string[], ignored: Ignored): CheckedField | undefined {
  const where = `Field ${quote(name)}`;
  if (!isRecord(raw)) {
    problems.push(`${where} is not an object.`);
    return undefined;
  }
  const before = problems.length;
  if (!checkKeywords(raw, where, problems)) return undefined;
  const shape = shapeOf(raw, where, problems);
  if (shape === undefined) return undefined;
  for (const key of Object.keys(raw)) if (!SHAPE_KEYWORDS[shape].has(key) && isPlainKeyword(key)) ignored.add(key);
  const common = {
    name,
    ...optional('title', checkText(raw, 'title', where, problems)),
    ...optional('description', checkText(raw, 'description', where, problems)),
    required,
  };

  let field: CheckedField;
  switch (shape) {
    case 'text': {
      const kind = checkFormat(raw, where, problems, ignored);
      const [minLength, maxLength] = checkRange(raw, 'minLength', 'maxLength', where, problems);
      const pattern = checkFieldPattern(raw, where, problems, notes);
      field = { ...common, kind, ...optional('minLength', minLength), ...optional('maxLength', maxLength), ...optional('pattern', pattern) };
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
    case 'oneOf': {
      const options = checkTitledOptions(get(raw, 'oneOf'), 'oneOf', where, problems, ignored);
      if (Object.hasOwn(raw, 'enum')) checkEnumMatchesOptions(get(raw, 'enum'), options, where, problems);
      field = { ...common, kind: 'select', options };
      break;
    }
    case 'array': {
      const options = checkItems(get(raw, 'items'), where, problems, ignored);
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
    else if (field.kind === 'uri' && typeof check.value === 'string' && !isWebUri(check.value)) {
      notes.push(`${where}: the server's default address was ignored because it is not a web address (http or https).`);
    }
    // checkValue returns the field kind's own value type, so this cast cannot mismatch.
    else if (check.value !== undefined) (field as { default?: FormValue }).default = check.value;
  }
  return field;
}

/** Forbidden and reference keywords are problems (checkKeywords), never merely ignored. */
function isPlainKeyword(key: string): boolean {
  return !FORBIDDEN_NAMES.has(key) && !REFERENCE_KEYWORDS.has(key);
}

/** The text kind a `format` names; an unknown format is ignored (plain text), a non-text one refused. */
function checkFormat(raw: Json, where: string, problems: string[], ignored: Ignored): TextKind {
  const format = get(raw, 'format');
  if (format === undefined) return 'text';
  if (typeof format !== 'string') {
    problems.push(`${where}: "format" must be text.`);
    return 'text';
  }
  const kind = FORMAT_KINDS.get(format);
  if (kind === undefined) ignored.add('format');
  return kind ?? 'text';
}

/**
 * The field's `pattern` if RE2 enforces it. One RE2 cannot read is left out with a note (the
 * answer is then not checked against it here); one beyond `PATTERN_LIMITS` is a problem.
 */
function checkFieldPattern(raw: Json, where: string, problems: string[], notes: string[]): string | undefined {
  const pattern = get(raw, 'pattern');
  if (pattern === undefined) return undefined;
  if (typeof pattern !== 'string') {
    problems.push(`${where}: "pattern" must be text.`);
    return undefined;
  }
  const check = checkPattern(pattern);
  if (check.ok) return pattern;
  switch (check.problem) {
    case 'too-long':
      problems.push(`${where}: "pattern" is longer than ${PATTERN_LIMITS.length} characters.`);
      break;
    case 'too-complex':
      problems.push(`${where}: "pattern" is too complex to check quickly.`);
      break;
    case 'unsupported':
      notes.push(
        `${where}: the server's pattern ${quote(pattern)} is not checked here (this app's linear-time pattern engine cannot read it, `
          + 'e.g. lookahead or back-references), so the server may still refuse an answer.',
      );
      break;
  }
  return undefined;
}

/** Which keywords apply: decided by `type`, then by `enum` / `oneOf` for strings. */
function shapeOf(raw: Json, where: string, problems: string[]): Shape | undefined {
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

/** `enum` beside `oneOf` must list exactly the options' values, or the two disagree on what may be chosen. */
function checkEnumMatchesOptions(raw: unknown, options: readonly CheckedOption[], where: string, problems: string[]): void {
  if (options.length === 0) return;
  const values = new Set(options.map((option) => option.value));
  const same = Array.isArray(raw) && raw.length === values.size && raw.every((value) => typeof value === 'string' && values.has(value));
  if (!same) problems.push(`${where} uses both "enum" and "oneOf", and they list different options.`);
}

/**
 * `items` of a multi-select: `{type:"string", enum}` or `{anyOf:[{const,title}]}` (a `type` of
 * "string" beside `anyOf` agrees with it); other keywords are ignored as `items.x`.
 */
function checkItems(items: unknown, where: string, problems: string[], ignored: Ignored): CheckedOption[] {
  if (!isRecord(items)) {
    problems.push(`${where} has no "items" object describing its choices.`);
    return [];
  }
  if (!checkKeywords(items, `${where} "items"`, problems)) return [];
  const titled = Object.hasOwn(items, 'anyOf');
  for (const key of Object.keys(items)) {
    if (!['type', titled ? 'anyOf' : 'enum'].includes(key) && isPlainKeyword(key)) ignored.add(`items.${key}`);
  }
  if ((!titled || Object.hasOwn(items, 'type')) && items.type !== 'string') problems.push(`${where} must offer text choices ("items" of type "string").`);
  if (titled) return checkTitledOptions(items.anyOf, 'items.anyOf', where, problems, ignored);
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

/**
 * `oneOf` / `items.anyOf`: a list of options, each with a text `const` and a text `title`. An
 * option's `type`, if any, must be "string" (zod writes it); its other keywords are ignored as
 * `<keyword>[].x`.
 */
function checkTitledOptions(raw: unknown, keyword: string, where: string, problems: string[], ignored: Ignored): CheckedOption[] {
  const shapeProblem = `${where}: "${keyword}" must be a list of options, each with a text "const" and a text "title".`;
  if (!Array.isArray(raw)) {
    problems.push(shapeProblem);
    return [];
  }
  if (raw.length > SCHEMA_LIMITS.options) {
    problems.push(`${where} has ${raw.length} options; at most ${SCHEMA_LIMITS.options} are allowed.`);
    return [];
  }
  const before = problems.length;
  const options: { const: string; title: string }[] = [];
  for (const [index, entry] of raw.entries()) {
    if (!isRecord(entry) || typeof get(entry, 'const') !== 'string' || typeof get(entry, 'title') !== 'string') {
      problems.push(shapeProblem);
      return [];
    }
    if (!checkKeywords(entry, `${where}: option ${index + 1}`, problems)) return [];
    if (Object.hasOwn(entry, 'type') && entry.type !== 'string') problems.push(`${where}: option ${index + 1} has a text value but a type other than "string".`);
    for (const key of Object.keys(entry)) if (!['const', 'title', 'type'].includes(key) && isPlainKeyword(key)) ignored.add(`${keyword}[].${key}`);
    options.push({ const: entry.const as string, title: entry.title as string });
  }
  if (problems.length > before || !checkOptionList(options.map((option) => option.const), where, problems)) return [];
  const long = options.findIndex((option) => option.title.length > SCHEMA_LIMITS.textLength);
  if (long >= 0) {
    problems.push(`${where}: the title of option ${long + 1} is longer than ${SCHEMA_LIMITS.textLength} characters.`);
    return [];
  }
  return options.map((option) => ({ value: option.const, title: option.title }));
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

/** Legacy `enumNames`: one text label per `enum` value (deprecated by the spec, still sent). */
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
