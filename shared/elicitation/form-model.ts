/**
 * From an accepted form (schema-check.ts) to what a renderer draws, and from what the user
 * entered to the `content` of an accept (MCP 2025-11-25 elicitation, `ElicitResult`). Validation
 * runs before sending, as the spec asks clients to, with the same rule that vetted the defaults.
 */
import type { ElicitContent, FormValue } from './elicit-result.js';
import { checkValue, type TextKind, type ValueCheck } from './field-values.js';
import type { BooleanField, FieldCommon, FormOption, NumberField, SelectField } from '../form-field.js';
import type { CheckedField, CheckedSchema, IgnoredKeywords } from './checked-schema.js';

/**
 * One field to render: the shared field model (shared/form-field.ts) with elicitation's own
 * kinds, text with a format or a pattern and multi-select. `initial` is the server's default
 * that survived the schema check; it is never submitted on its own (never auto-submit).
 */
export type FormField =
  | (FieldCommon & { kind: TextKind; minLength?: number; maxLength?: number; pattern?: string; initial?: string })
  | NumberField
  | BooleanField
  | SelectField
  | (FieldCommon & { kind: 'multiselect'; options: FormOption[]; minItems?: number; maxItems?: number; initial?: string[] });

/**
 * A form to render: fields in the server's order; the schema check's `notes` (dropped defaults,
 * unchecked patterns: show them) and the keywords it `ignored` (a quiet note).
 */
export type FormModel = { title?: string; description?: string; fields: FormField[]; notes: string[]; ignored: IgnoredKeywords[] };

/** The outcome of `validateForm`: the answer's `content`, or a message per failing field name. */
export type FormValidation = { ok: true; content: ElicitContent } | { ok: false; errors: Record<string, string> };

/** Builds the render model of an accepted form. */
export function toFormModel(schema: CheckedSchema): FormModel {
  return {
    ...(schema.title === undefined ? {} : { title: schema.title }),
    ...(schema.description === undefined ? {} : { description: schema.description }),
    fields: schema.fields.map(toFormField),
    notes: [...schema.notes],
    ignored: schema.ignored.map(({ field, keywords }) => (field === undefined ? { keywords: [...keywords] } : { field, keywords: [...keywords] })),
  };
}

function toFormField(field: CheckedField): FormField {
  const common: FieldCommon = {
    name: field.name,
    label: field.title ?? field.name,
    ...(field.description === undefined ? {} : { description: field.description }),
    required: field.required,
  };
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'uri':
    case 'date':
    case 'datetime':
      return { ...common, kind: field.kind, ...pick(field, 'minLength', 'maxLength', 'pattern'), ...initial(field.default) };
    case 'number':
    case 'integer':
      return { ...common, kind: field.kind, ...pick(field, 'minimum', 'maximum'), ...initial(field.default) };
    case 'boolean':
      return { ...common, kind: 'boolean', ...initial(field.default) };
    case 'select':
      return { ...common, kind: 'select', options: field.options.map(toOption), ...initial(field.default) };
    case 'multiselect':
      return {
        ...common,
        kind: 'multiselect',
        options: field.options.map(toOption),
        ...pick(field, 'minItems', 'maxItems'),
        ...initial(field.default && [...field.default]),
      };
  }
}

function toOption(option: { value: string; title?: string }): FormOption {
  return { value: option.value, label: option.title ?? option.value };
}

function initial<V>(value: V | undefined): { initial?: V } {
  return value === undefined ? {} : { initial: value };
}

/** The named keys of `source` that are defined (no `key: undefined` in the model). */
function pick<T extends object, K extends keyof T>(source: T, ...keys: K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}

/** Plain decimal notation only: no hex (`0x10`), no `Infinity`, no blanks inside. Linear-time. */
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/u;

/**
 * Checks one field's input. Number fields take a number or the text of an input box (trimmed;
 * plain decimal only); every other kind takes its own type (text, boolean, list of option
 * values). `value: undefined` means "empty": left out of the answer.
 */
export function validateField(field: FormField, input: unknown): ValueCheck {
  if ((field.kind === 'number' || field.kind === 'integer') && typeof input === 'string') {
    const text = input.trim();
    // Unparseable text becomes NaN, which checkValue refuses with the field's own message.
    return checkValue(field, text === '' ? undefined : NUMBER_TEXT.test(text) ? Number(text) : Number.NaN);
  }
  return checkValue(field, input);
}

/**
 * Checks every field and builds `content` from the declared field names only:
 * keys in `values` that are not fields are ignored, and a field's value is read only if it is
 * an own property of `values`. Empty optional fields are left out.
 */
export function validateForm(model: FormModel, values: Readonly<Record<string, unknown>>): FormValidation {
  const content: [string, FormValue][] = [];
  const errors: [string, string][] = [];
  for (const field of model.fields) {
    const check = validateField(field, Object.hasOwn(values, field.name) ? values[field.name] : undefined);
    if (!check.ok) errors.push([field.name, check.message]);
    else if (check.value !== undefined) content.push([field.name, check.value]);
  }
  // Object.fromEntries defines own data properties, so no key can ever reach a prototype setter.
  return errors.length > 0 ? { ok: false, errors: Object.fromEntries(errors) } : { ok: true, content: Object.fromEntries(content) };
}
