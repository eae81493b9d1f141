/**
 * A tool's `inputSchema` (untrusted JSON Schema) as the launcher's argument form. Only flat
 * schemas become form fields: string, number, integer, boolean and string-enum properties.
 * Anything deeper (objects, arrays, unions, references) is edited as JSON instead, because a
 * half-understood schema rendered as a form would send arguments the user never saw.
 * Values are kept as the text the user typed and converted on submit, so `3` for an integer
 * field is sent as the number 3 and `3.5` is refused rather than rounded.
 */
import type { BooleanField, FieldCommon, FormOption, NumberField, SelectField } from '../../shared/form-field';
import { isJsonObject } from '../../shared/json-guards';

type Json = Record<string, unknown>;

/**
 * One argument field: the shared field model (shared/form-field.ts) with the launcher's own
 * text kind (any `format`, shown as a hint to the browser, left to the server to check) and the
 * exclusive bounds JSON Schema allows on numbers.
 */
export type ArgumentField =
  | (FieldCommon & { kind: 'string'; initial?: string; minLength?: number; maxLength?: number; format?: string })
  | (NumberField & { exclusiveMinimum?: number; exclusiveMaximum?: number })
  | BooleanField
  | SelectField;

/** The launcher's form: fields for a flat schema, or a JSON editor with the reason why. */
export type ArgumentForm = { kind: 'fields'; fields: ArgumentField[] } | { kind: 'json'; reason: string };

/** Raw field values by property name, as typed (`'true'`/`'false'`/`''` for booleans). */
export type FieldValues = Record<string, string>;

/** Keywords that change what a value may be in ways a flat form cannot show. */
const STRUCTURAL_KEYWORDS = ['anyOf', 'allOf', 'not', '$ref', 'if', 'then', 'else', 'patternProperties', 'dependentSchemas', 'dependentRequired', 'const'];
/** At the top level `oneOf` is a union of argument shapes too (on a property it may be a titled enum). */
const TOP_LEVEL_STRUCTURAL_KEYWORDS = [...STRUCTURAL_KEYWORDS, 'oneOf'];

const finiteNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const nonNegativeInteger = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

class Unsupported extends Error {}

/** Builds the argument form for a tool's input schema. */
export function buildArgumentForm(schema: Json): ArgumentForm {
  try {
    return { kind: 'fields', fields: readTopLevel(schema) };
  } catch (error) {
    if (error instanceof Unsupported) return { kind: 'json', reason: error.message };
    throw error;
  }
}

function readTopLevel(schema: Json): ArgumentField[] {
  if (schema.type !== undefined && schema.type !== 'object') throw new Unsupported('The arguments are not a plain object.');
  const structural = TOP_LEVEL_STRUCTURAL_KEYWORDS.find((keyword) => keyword in schema);
  if (structural !== undefined) throw new Unsupported(`The schema uses "${structural}", which a simple form cannot show.`);
  const properties = schema.properties ?? {};
  if (!isJsonObject(properties)) throw new Unsupported('The schema\'s "properties" is not an object.');
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []);
  return Object.entries(properties).map(([name, property]) => readField(name, property, required.has(name)));
}

function readField(name: string, property: unknown, required: boolean): ArgumentField {
  if (!isJsonObject(property)) throw new Unsupported(`Property "${name}" has no usable schema.`);
  const structural = STRUCTURAL_KEYWORDS.find((keyword) => keyword in property);
  if (structural !== undefined) throw new Unsupported(`Property "${name}" uses "${structural}", which a simple form cannot show.`);
  const description = text(property.description);
  const base: FieldCommon = { name, label: text(property.title) ?? name, required, ...(description !== undefined ? { description } : {}) };
  const options = readEnumOptions(name, property);
  if (options !== undefined) {
    const fallback = property.default;
    const isAllowedDefault = typeof fallback === 'string' && options.some((option) => option.value === fallback);
    return { ...base, kind: 'select', options, ...(isAllowedDefault ? { initial: fallback } : {}) };
  }
  switch (property.type) {
    case 'string':
      return readStringField(base, property);
    case 'number':
    case 'integer':
      return readNumberField(base, property, property.type);
    case 'boolean':
      return { ...base, kind: 'boolean', ...(typeof property.default === 'boolean' ? { initial: property.default } : {}) };
    case 'object':
    case 'array':
      throw new Unsupported(`Property "${name}" is ${property.type === 'object' ? 'an object' : 'an array'}; nested values are edited as JSON.`);
    default:
      throw new Unsupported(`Property "${name}" has a type a simple form cannot show (${JSON.stringify(property.type ?? 'none')}).`);
  }
}

/** String choices from `enum`, `oneOf: [{const, title}]` or the deprecated `enumNames`; undefined when none. */
function readEnumOptions(name: string, property: Json): FormOption[] | undefined {
  if (Array.isArray(property.enum)) {
    if (property.type !== undefined && property.type !== 'string') throw new Unsupported(`Property "${name}" offers non-text choices.`);
    if (!property.enum.every((value): value is string => typeof value === 'string')) throw new Unsupported(`Property "${name}" offers non-text choices.`);
    const names: unknown[] = Array.isArray(property.enumNames) ? property.enumNames : [];
    return property.enum.map((value, index) => ({ value, label: text(names[index]) ?? value }));
  }
  if (Array.isArray(property.oneOf)) {
    const options = property.oneOf.map((choice) =>
      isJsonObject(choice) && typeof choice.const === 'string' ? { value: choice.const, label: text(choice.title) ?? choice.const } : undefined,
    );
    if (options.some((option) => option === undefined)) throw new Unsupported(`Property "${name}" uses "oneOf", which a simple form cannot show.`);
    return options as FormOption[];
  }
  return undefined;
}

function readStringField(base: FieldCommon, property: Json): ArgumentField {
  const minLength = nonNegativeInteger(property.minLength);
  const maxLength = nonNegativeInteger(property.maxLength);
  const format = text(property.format);
  const fallback = typeof property.default === 'string' ? property.default : undefined;
  // A default the schema itself forbids is dropped, not obeyed (docs/security.md#forms).
  const isAllowedDefault = fallback !== undefined
    && (minLength === undefined || fallback.length >= minLength)
    && (maxLength === undefined || fallback.length <= maxLength);
  return {
    ...base,
    kind: 'string',
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(format !== undefined ? { format } : {}),
    ...(isAllowedDefault ? { initial: fallback } : {}),
  };
}

function readNumberField(base: FieldCommon, property: Json, kind: 'number' | 'integer'): ArgumentField {
  const bounds = {
    minimum: finiteNumber(property.minimum),
    maximum: finiteNumber(property.maximum),
    exclusiveMinimum: finiteNumber(property.exclusiveMinimum),
    exclusiveMaximum: finiteNumber(property.exclusiveMaximum),
  };
  const field = { ...base, kind, ...withoutUndefined(bounds) };
  const fallback = finiteNumber(property.default);
  const isAllowedDefault = fallback !== undefined && numberProblem(field, fallback) === undefined;
  return isAllowedDefault ? { ...field, initial: fallback } : field;
}

function withoutUndefined<T extends Record<string, number | undefined>>(record: T): { [K in keyof T]?: number } {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: number };
}

/** Why `value` does not fit a number field, or undefined when it does. */
function numberProblem(field: Extract<ArgumentField, { kind: 'number' | 'integer' }>, value: number): string | undefined {
  if (field.kind === 'integer' && !Number.isSafeInteger(value)) return 'Enter a whole number.';
  if (field.minimum !== undefined && value < field.minimum) return `Must be at least ${field.minimum}.`;
  if (field.maximum !== undefined && value > field.maximum) return `Must be at most ${field.maximum}.`;
  if (field.exclusiveMinimum !== undefined && value <= field.exclusiveMinimum) return `Must be more than ${field.exclusiveMinimum}.`;
  if (field.exclusiveMaximum !== undefined && value >= field.exclusiveMaximum) return `Must be less than ${field.exclusiveMaximum}.`;
  return undefined;
}

/** The typed value of a field (`''` when none); own properties only, so `"constructor"` is just a name. */
export function fieldValue(values: FieldValues, name: string): string {
  return Object.hasOwn(values, name) ? values[name]! : '';
}

/** The starting values: each field's `initial` (the schema's default), else empty. */
export function initialFieldValues(fields: readonly ArgumentField[]): FieldValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.initial === undefined ? '' : String(field.initial)]));
}

/**
 * True when a boolean field needs three choices (unset, true, false): an optional field without
 * a default must be able to send nothing, which a checkbox cannot say.
 */
export function isTriStateBoolean(field: ArgumentField): boolean {
  return field.kind === 'boolean' && !field.required && field.initial === undefined;
}

/**
 * The field values that send exactly `args` (an earlier call's arguments), or undefined when the
 * form cannot show them: a property without a field, a value of another type, or one the fields'
 * checks now refuse. The check is `checkFieldValues` itself, so a prefilled form never sends
 * something other than what it shows.
 */
export function fieldValuesFromArguments(fields: readonly ArgumentField[], args: Readonly<Record<string, unknown>>): FieldValues | undefined {
  const entries: [string, string][] = [];
  for (const field of fields) {
    const value = Object.hasOwn(args, field.name) ? fieldText(args[field.name]) : '';
    if (value === undefined) return undefined;
    entries.push([field.name, value]);
  }
  const values: FieldValues = Object.fromEntries(entries);
  const check = checkFieldValues(fields, values);
  return check.ok && sameArguments(check.arguments, args) ? values : undefined;
}

/** A primitive argument as the text a field holds; undefined for anything a field cannot hold. */
function fieldText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  return finiteNumber(value) === undefined ? undefined : String(value);
}

function sameArguments(sent: Record<string, unknown>, wanted: Readonly<Record<string, unknown>>): boolean {
  const names = Object.keys(wanted);
  return names.length === Object.keys(sent).length && names.every((name) => Object.hasOwn(sent, name) && Object.is(sent[name], wanted[name]));
}

/** Converted arguments, or a message per field that is wrong. */
export type FormCheck = { ok: true; arguments: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/** Checks the typed values against the fields and converts them to the arguments to send. */
export function checkFieldValues(fields: readonly ArgumentField[], values: FieldValues): FormCheck {
  const errors: [string, string][] = [];
  const entries: [string, unknown][] = [];
  for (const field of fields) {
    const checked = checkField(field, fieldValue(values, field.name));
    if ('error' in checked) errors.push([field.name, checked.error]);
    else if (checked.value !== undefined) entries.push([field.name, checked.value]);
  }
  // Object.fromEntries defines own properties, so a property named "__proto__" stays data.
  return errors.length > 0 ? { ok: false, errors: Object.fromEntries(errors) } : { ok: true, arguments: Object.fromEntries(entries) };
}

function checkField(field: ArgumentField, raw: string): { value: unknown } | { error: string } {
  if (field.kind === 'boolean') {
    if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
    return field.required ? { error: 'Choose true or false.' } : { value: undefined };
  }
  const isEmpty = field.kind === 'string' ? raw === '' : raw.trim() === '';
  if (isEmpty) return field.required ? { error: 'Required.' } : { value: undefined };
  switch (field.kind) {
    case 'string':
      if (field.minLength !== undefined && raw.length < field.minLength) return { error: `Use at least ${field.minLength} characters.` };
      if (field.maxLength !== undefined && raw.length > field.maxLength) return { error: `Use at most ${field.maxLength} characters.` };
      return { value: raw };
    case 'select':
      return field.options.some((option) => option.value === raw) ? { value: raw } : { error: 'Choose one of the options.' };
    case 'number':
    case 'integer': {
      const value = parseNumber(raw.trim(), field.kind);
      if (value === undefined) return { error: field.kind === 'integer' ? 'Enter a whole number.' : 'Enter a number.' };
      const problem = numberProblem(field, value);
      return problem === undefined ? { value } : { error: problem };
    }
  }
}

/** Strict decimal parsing: `Number('')`, `Number('0x10')` and `Number('1e400')` are not numbers a user meant. */
function parseNumber(raw: string, kind: 'number' | 'integer'): number | undefined {
  const pattern = kind === 'integer' ? /^[-+]?\d+$/ : /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
  if (!pattern.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Arguments parsed from the JSON editor, or what is wrong with them. */
export type JsonCheck = { ok: true; arguments: Record<string, unknown> } | { ok: false; error: string };

/**
 * Parses the JSON editor's text and checks what a flat check can: an object, the required
 * properties present, and the declared primitive types of top-level properties. The server
 * validates the rest.
 */
export function checkJsonArguments(source: string, schema: Json): JsonCheck {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isJsonObject(value)) return { ok: false, error: 'The arguments must be a JSON object ({ … }).' };
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  const missing = required.filter((name) => !Object.hasOwn(value, name));
  if (missing.length > 0) return { ok: false, error: `Missing required ${missing.length === 1 ? 'property' : 'properties'}: ${missing.join(', ')}.` };
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(value)) {
    const declared = Object.hasOwn(properties, name) ? properties[name] : undefined;
    const types = isJsonObject(declared) ? declaredTypes(declared.type) : [];
    if (types.length > 0 && !types.some((type) => hasJsonType(property, type))) {
      return { ok: false, error: `Property "${name}" must be of type ${types.join(' or ')}.` };
    }
  }
  return { ok: true, arguments: value };
}

function declaredTypes(type: unknown): string[] {
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === 'string') : [];
}

function hasJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isJsonObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** The JSON editor's starting text: the top-level defaults the schema declares, else `{}`. */
export function initialJsonArguments(schema: Json): string {
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const defaults = Object.entries(properties).flatMap(([name, property]) =>
    isJsonObject(property) && property.default !== undefined ? [[name, property.default] as const] : [],
  );
  return JSON.stringify(Object.fromEntries(defaults), null, 2);
}
