/**
 * The elicitation form subset (docs/protocol-notes.md#the-form-schema-subset) as types, and the
 * check of a user's answer against a form. The answer validator is derived from the form itself, so
 * the schema the client renders and the rule the server enforces can never drift apart.
 */
import { z } from 'zod';

type Described = { title?: string; description?: string };

/** A free-text field; `format` is one of the four the spec allows. */
export type StringField = Described & {
  type: 'string';
  minLength?: number;
  maxLength?: number;
  format?: 'email' | 'uri' | 'date' | 'date-time';
  default?: string;
};
/** A number or integer field with optional bounds. */
export type NumberField = Described & { type: 'number' | 'integer'; minimum?: number; maximum?: number; default?: number };
/** A checkbox. */
export type BooleanField = Described & { type: 'boolean'; default?: boolean };
/** Single-select without titles, or with the deprecated parallel `enumNames` titles. */
export type EnumField = Described & { type: 'string'; enum: string[]; enumNames?: string[]; default?: string };
/** Single-select with a title per option. */
export type TitledEnumField = Described & { type: 'string'; oneOf: { const: string; title: string }[]; default?: string };
/** Multi-select, untitled (`items.enum`) or titled (`items.anyOf`). */
export type MultiSelectField = Described & {
  type: 'array';
  items: { type: 'string'; enum: string[] } | { anyOf: { const: string; title: string }[] };
  minItems?: number;
  maxItems?: number;
  default?: string[];
};

/** Any field of the elicitation subset. */
export type FormField = StringField | NumberField | BooleanField | EnumField | TitledEnumField | MultiSelectField;

/** A flat form schema, as `elicitation/create` carries it in `requestedSchema`. */
export type RequestedSchema = {
  type: 'object';
  properties: Record<string, FormField>;
  required?: string[];
};

/** One value of an accepted form (docs/protocol-notes.md#the-answer-elicitresult). */
export type FormValue = string | number | boolean | string[];
/** The `content` of an accepted form, keyed by field name. */
export type FormContent = Record<string, FormValue>;

const STRING_FORMATS = {
  email: () => z.email(),
  uri: () => z.url(),
  date: () => z.iso.date(),
  'date-time': () => z.iso.datetime({ offset: true }),
} satisfies Record<NonNullable<StringField['format']>, () => z.ZodType<string>>;

function stringSchema(field: StringField): z.ZodType<string> {
  const schema: z.ZodType<string> = field.format === undefined ? z.string() : STRING_FORMATS[field.format]();
  return schema.check(
    ...(field.minLength === undefined ? [] : [z.minLength(field.minLength)]),
    ...(field.maxLength === undefined ? [] : [z.maxLength(field.maxLength)]),
  );
}

function numberSchema(field: NumberField): z.ZodType<number> {
  let schema = field.type === 'integer' ? z.number().int() : z.number();
  if (field.minimum !== undefined) schema = schema.min(field.minimum);
  if (field.maximum !== undefined) schema = schema.max(field.maximum);
  return schema;
}

function optionsSchema(options: readonly string[]): z.ZodType<string> {
  return z.string().refine((value) => options.includes(value), { message: `Expected one of: ${options.join(', ')}` });
}

function multiSelectSchema(field: MultiSelectField): z.ZodType<string[]> {
  const options = 'enum' in field.items ? field.items.enum : field.items.anyOf.map((option) => option.const);
  let schema = z.array(optionsSchema(options));
  if (field.minItems !== undefined) schema = schema.min(field.minItems);
  if (field.maxItems !== undefined) schema = schema.max(field.maxItems);
  return schema;
}

function fieldSchema(field: FormField): z.ZodType<FormValue> {
  switch (field.type) {
    case 'boolean':
      return z.boolean();
    case 'number':
    case 'integer':
      return numberSchema(field);
    case 'array':
      return multiSelectSchema(field);
    case 'string':
      if ('enum' in field) return optionsSchema(field.enum);
      if ('oneOf' in field) return optionsSchema(field.oneOf.map((option) => option.const));
      return stringSchema(field);
  }
}

/**
 * The zod schema an accepted form's `content` must satisfy: declared fields only (a strict
 * object), required ones present, every value within its field's rules.
 */
export function formContentSchema(schema: RequestedSchema): z.ZodType<FormContent> {
  const required = new Set(schema.required ?? []);
  const shape: Record<string, z.ZodType<FormValue | undefined>> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    const value = fieldSchema(field);
    shape[name] = required.has(name) ? value : value.optional();
  }
  // The strict object's output only ever holds the declared fields with their checked values.
  return z.strictObject(shape) as unknown as z.ZodType<FormContent>;
}
