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
import { isPlainJsonObject } from '../json-guards.js';
import { quote } from '../quoted-text.js';
import type { CheckedField, CheckedOption, IgnoredKeywords, SchemaCheckResult } from './checked-schema.js';
import { checkValue } from './field-values.js';
import { isWebUri } from './formats.js';
import { get, optional, type Json } from './json-keys.js';
import { list } from './problem-words.js';
import {
  checkEnumMatchesOptions,
  checkEnumNames,
  checkFieldPattern,
  checkFinite,
  checkFormat,
  checkOptionList,
  checkRange,
  checkText,
  checkValues,
} from './schema-field-checks.js';
import { checkKeywords, checkName, isPlainKeyword, SCHEMA_LIMITS, SHAPE_KEYWORDS, shapeOf, TOP_COMBINATORS, TOP_KEYWORDS, type Ignored } from './schema-keywords.js';

/**
 * Checks an untrusted `requestedSchema` against the elicitation subset. Never throws. On
 * refusal, `problems` lists every reason found, in plain words, each naming the field; server
 * strings inside them are quoted with control and invisible characters escaped and long ones
 * shortened.
 */
export function checkRequestedSchema(raw: unknown): SchemaCheckResult {
  if (!isPlainJsonObject(raw)) return { ok: false, problems: ['The form is not an object.'] };
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
  if (!isPlainJsonObject(properties)) return { ok: false, problems: [...problems, 'The form has no "properties" object.'] };
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

/** Checks one property; pushes its problems, notes and ignored keywords; returns the field only if it has no problem. */
function checkField(name: string, raw: unknown, required: boolean, problems: string[], notes: string[], ignored: Ignored): CheckedField | undefined {
  const where = `Field ${quote(name)}`;
  if (!isPlainJsonObject(raw)) {
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

/**
 * `items` of a multi-select: `{type:"string", enum}` or `{anyOf:[{const,title}]}` (a `type` of
 * "string" beside `anyOf` agrees with it); other keywords are ignored as `items.x`.
 */
function checkItems(items: unknown, where: string, problems: string[], ignored: Ignored): CheckedOption[] {
  if (!isPlainJsonObject(items)) {
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
    if (!isPlainJsonObject(entry) || typeof get(entry, 'const') !== 'string' || typeof get(entry, 'title') !== 'string') {
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
