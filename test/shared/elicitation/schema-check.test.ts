/** The elicitation form trust boundary: exactly the PROTOCOL.md §6.3 subset, SECURITY.md §5 rules. */
import { afterEach, describe, expect, it } from 'vitest';
import { checkRequestedSchema, SCHEMA_LIMITS, type CheckedField } from '../../../shared/elicitation/schema-check.js';

/** A form with the single property `f`. */
function one(property: unknown, required: string[] = []): unknown {
  return { type: 'object', properties: { f: property }, required };
}

function accepted(raw: unknown): { fields: CheckedField[]; notes: string[] } {
  const result = checkRequestedSchema(raw);
  if (!result.ok) throw new Error(`refused: ${result.problems.join(' | ')}`);
  return result.schema;
}

const DROPPED = 'Field "f": the server\'s default value was ignored because it does not fit the field.';
const options = (...values: string[]): { value: string }[] => values.map((value) => ({ value }));

describe('checkRequestedSchema: accepted field shapes', () => {
  const rows: [string, unknown, CheckedField][] = [
    ['plain string', { type: 'string' }, { name: 'f', required: false, kind: 'text' }],
    ['string with every keyword', { type: 'string', title: 'T', description: 'D', minLength: 0, maxLength: 3, default: 'ab' },
      { name: 'f', title: 'T', description: 'D', required: false, kind: 'text', minLength: 0, maxLength: 3, default: 'ab' }],
    ['email', { type: 'string', format: 'email' }, { name: 'f', required: false, kind: 'email' }],
    ['uri', { type: 'string', format: 'uri' }, { name: 'f', required: false, kind: 'uri' }],
    ['date', { type: 'string', format: 'date' }, { name: 'f', required: false, kind: 'date' }],
    ['date-time', { type: 'string', format: 'date-time' }, { name: 'f', required: false, kind: 'datetime' }],
    ['number', { type: 'number', minimum: -1.5, maximum: 2.5, default: 0.25 },
      { name: 'f', required: false, kind: 'number', minimum: -1.5, maximum: 2.5, default: 0.25 }],
    ['integer (fractional bounds allowed, §6.3)', { type: 'integer', minimum: 0.5, maximum: 10, default: 3 },
      { name: 'f', required: false, kind: 'integer', minimum: 0.5, maximum: 10, default: 3 }],
    ['boolean', { type: 'boolean', default: false }, { name: 'f', required: false, kind: 'boolean', default: false }],
    ['single-select untitled', { type: 'string', enum: ['a', 'b'], default: 'b' },
      { name: 'f', required: false, kind: 'select', options: options('a', 'b'), default: 'b' }],
    ['single-select titled', { type: 'string', oneOf: [{ const: 'a', title: 'A' }, { title: 'B', const: 'b' }] },
      { name: 'f', required: false, kind: 'select', options: [{ value: 'a', title: 'A' }, { value: 'b', title: 'B' }] }],
    ['legacy enumNames', { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] },
      { name: 'f', required: false, kind: 'select', options: [{ value: 'a', title: 'A' }, { value: 'b', title: 'B' }] }],
    ['multi-select untitled', { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] }, minItems: 1, maxItems: 2, default: ['y'] },
      { name: 'f', required: false, kind: 'multiselect', options: options('x', 'y', 'z'), minItems: 1, maxItems: 2, default: ['y'] }],
    ['multi-select titled', { type: 'array', items: { anyOf: [{ const: 'x', title: 'X' }] }, minItems: 0 },
      { name: 'f', required: false, kind: 'multiselect', options: [{ value: 'x', title: 'X' }], minItems: 0 }],
    ['exactly 200 options', { type: 'string', enum: Array.from({ length: 200 }, (_, i) => `o${i}`) },
      { name: 'f', required: false, kind: 'select', options: options(...Array.from({ length: 200 }, (_, i) => `o${i}`)) }],
    ['title of exactly 1000 characters', { type: 'boolean', title: 't'.repeat(1000) },
      { name: 'f', title: 't'.repeat(1000), required: false, kind: 'boolean' }],
  ];
  it.each(rows)('%s', (_label, property, expected) => {
    expect(checkRequestedSchema(one(property))).toStrictEqual({ ok: true, schema: { fields: [expected], notes: [] } });
  });

  it('marks required fields, keeps the server order and tolerates top-level $schema, title, description and repeated required names', () => {
    const result = checkRequestedSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'Form',
      description: 'About',
      type: 'object',
      properties: { b: { type: 'string' }, a: { type: 'boolean' } },
      required: ['a', 'a'],
    });
    expect(result).toStrictEqual({
      ok: true,
      schema: {
        title: 'Form',
        description: 'About',
        fields: [{ name: 'b', required: false, kind: 'text' }, { name: 'a', required: true, kind: 'boolean' }],
        notes: [],
      },
    });
  });

  it('accepts a form without fields or required list', () => {
    expect(checkRequestedSchema({ type: 'object', properties: {} })).toStrictEqual({ ok: true, schema: { fields: [], notes: [] } });
  });

  it(`accepts ${SCHEMA_LIMITS.properties} fields and names of ${SCHEMA_LIMITS.nameLength} characters`, () => {
    const properties = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${'n'.repeat(97)}${i.toString().padStart(3, '0')}`, { type: 'boolean' }]));
    expect(accepted({ type: 'object', properties }).fields).toHaveLength(50);
  });
});

describe('checkRequestedSchema: server text is kept exactly (rendering as text is the UI\'s job, SECURITY.md §5)', () => {
  const texts: [string, string][] = [
    ['HTML', '<img src=x onerror="alert(1)"><b>Bold</b>'],
    ['bidi override', 'Approve \u202Eevil\u202C'],
    ['zero-width and BOM', 'a\u200Bb\uFEFF'],
    ['control characters and newlines', 'line1\nline2\u0000\u0007'],
    ['emoji and combining marks', '🚀 e\u0301'],
  ];
  it.each(texts)('%s in title, description, option value and option title', (_label, text) => {
    const schema = accepted({
      type: 'object',
      properties: {
        s: { type: 'string', title: text, description: text },
        e: { type: 'string', enum: [text], enumNames: [text] },
        o: { type: 'string', oneOf: [{ const: text, title: text }] },
      },
    });
    expect(schema.fields).toStrictEqual([
      { name: 's', title: text, description: text, required: false, kind: 'text' },
      { name: 'e', required: false, kind: 'select', options: [{ value: text, title: text }] },
      { name: 'o', required: false, kind: 'select', options: [{ value: text, title: text }] },
    ]);
  });
});

describe('checkRequestedSchema: defaults (dropped with a note when they do not fit, SECURITY.md §5)', () => {
  const kept: [string, unknown, unknown][] = [
    ['string', { type: 'string', default: 'x' }, 'x'],
    ['string at maxLength in code points', { type: 'string', maxLength: 2, default: '😀😀' }, '😀😀'],
    ['email', { type: 'string', format: 'email', default: 'a@example.com' }, 'a@example.com'],
    ['date', { type: 'string', format: 'date', default: '2024-02-29' }, '2024-02-29'],
    ['number at bound', { type: 'number', maximum: 1, default: 1 }, 1],
    ['integer', { type: 'integer', default: -4 }, -4],
    ['boolean false', { type: 'boolean', default: false }, false],
    ['enum member', { type: 'string', enum: ['a', 'b'], default: 'a' }, 'a'],
    ['oneOf member', { type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'a' }, 'a'],
    ['multi-select, put in option order', { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['b', 'a'] }, ['a', 'b']],
  ];
  it.each(kept)('keeps a fitting default: %s', (_label, property, expected) => {
    const schema = accepted(one(property));
    expect(schema.notes).toStrictEqual([]);
    expect(schema.fields[0]?.default).toStrictEqual(expected);
  });

  const dropped: [string, unknown][] = [
    ['string given a number', { type: 'string', default: 5 }],
    ['string longer than maxLength', { type: 'string', maxLength: 2, default: 'abc' }],
    ['string shorter than minLength', { type: 'string', minLength: 2, default: 'a' }],
    ['email that is not one', { type: 'string', format: 'email', default: 'nobody' }],
    ['uri without scheme', { type: 'string', format: 'uri', default: 'example.com' }],
    ['impossible date', { type: 'string', format: 'date', default: '2026-02-30' }],
    ['date-time without offset', { type: 'string', format: 'date-time', default: '2026-03-01T10:00:00' }],
    ['number given text', { type: 'number', default: '5' }],
    ['number above maximum', { type: 'number', maximum: 100, default: 500 }],
    ['number below minimum', { type: 'number', minimum: 0, default: -1 }],
    ['number given Infinity', { type: 'number', default: Number.POSITIVE_INFINITY }],
    ['number given NaN', { type: 'number', default: Number.NaN }],
    ['integer given a fraction', { type: 'integer', default: 3.5 }],
    ['integer beyond the safe range', { type: 'integer', default: 2 ** 53 }],
    ['boolean given text', { type: 'boolean', default: 'true' }],
    ['boolean given 0', { type: 'boolean', default: 0 }],
    ['enum default not an option', { type: 'string', enum: ['a'], default: 'z' }],
    ['oneOf default not an option', { type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'A' }],
    ['multi-select given a string', { type: 'array', items: { type: 'string', enum: ['a'] }, default: 'a' }],
    ['multi-select with an unknown option', { type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a', 'z'] }],
    ['multi-select above maxItems', { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 1, default: ['a', 'b'] }],
    ['multi-select below minItems', { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 2, default: ['a'] }],
    ['object default', { type: 'string', default: { toString: 'x' } }],
  ];
  it.each(dropped)('drops %s, with a note, and keeps the form', (_label, property) => {
    const schema = accepted(one(property));
    expect(schema.notes).toStrictEqual([DROPPED]);
    expect(schema.fields[0]).not.toHaveProperty('default');
  });

  it.each([
    ['empty string', { type: 'string', default: '' }],
    ['empty list', { type: 'array', items: { type: 'string', enum: ['a'] }, default: [] }],
    ['null', { type: 'string', default: null }],
  ])('treats an empty default (%s) as no default, without a note', (_label, property) => {
    const schema = accepted(one(property));
    expect(schema.notes).toStrictEqual([]);
    expect(schema.fields[0]).not.toHaveProperty('default');
  });
});

describe('checkRequestedSchema: refused fields, with the exact problem', () => {
  const long = 'x'.repeat(1001);
  const rows: [string, unknown, string[]][] = [
    ['not an object', 'string', ['Field "f" is not an object.']],
    ['null', null, ['Field "f" is not an object.']],
    ['an array', [{ type: 'string' }], ['Field "f" is not an object.']],
    ['no type ($ref)', { $ref: '#/$defs/name' }, ['Field "f" has no type.']],
    ['nested object', { type: 'object', properties: { x: { type: 'string' } } },
      ['Field "f" has unsupported type "object"; allowed are string, number, integer, boolean and array.']],
    ['null type', { type: 'null' }, ['Field "f" has unsupported type "null"; allowed are string, number, integer, boolean and array.']],
    ['type list', { type: ['string', 'null'] }, ['Field "f" has an unsupported type; allowed are string, number, integer, boolean and array.']],
    ['pattern (never run, SECURITY.md §5)', { type: 'string', pattern: '^(a+)+$' }, ['Field "f" uses keywords that are not allowed: "pattern".']],
    ['$ref beside a type', { type: 'string', $ref: '#/x' }, ['Field "f" uses keywords that are not allowed: "$ref".']],
    ['allOf', { type: 'string', allOf: [{ minLength: 1 }] }, ['Field "f" uses keywords that are not allowed: "allOf".']],
    ['const', { type: 'string', const: 'a' }, ['Field "f" uses keywords that are not allowed: "const".']],
    ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }, ['Field "f" uses keywords that are not allowed: "exclusiveMinimum".']],
    ['string keyword on a number', { type: 'integer', maxLength: 3 }, ['Field "f" uses keywords that are not allowed: "maxLength".']],
    ['enum on a boolean', { type: 'boolean', enum: [true] }, ['Field "f" uses keywords that are not allowed: "enum".']],
    ['format on a select', { type: 'string', enum: ['a'], format: 'email' }, ['Field "f" uses keywords that are not allowed: "format".']],
    ['enumNames without enum', { type: 'string', enumNames: ['A'] }, ['Field "f" uses keywords that are not allowed: "enumNames".']],
    ['enumNames beside oneOf', { type: 'string', oneOf: [{ const: 'a', title: 'A' }], enumNames: ['A'] },
      ['Field "f" uses keywords that are not allowed: "enumNames".']],
    ['many unknown keywords', { type: 'string', a: 1, b: 1, c: 1, d: 1, e: 1, g: 1, h: 1 },
      ['Field "f" uses keywords that are not allowed: "a", "b", "c", "d", "e" and 2 more.']],
    ['an invisible keyword', { type: 'string', '\u202Eevil': 1 }, ['Field "f" uses keywords that are not allowed: "\\u{202E}evil".']],
    ['unsupported format', { type: 'string', format: 'regex' }, ['Field "f" has an unsupported format; allowed are email, uri, date and date-time.']],
    ['format named like an Object method', { type: 'string', format: 'toString' },
      ['Field "f" has an unsupported format; allowed are email, uri, date and date-time.']],
    ['negative minLength', { type: 'string', minLength: -1 }, ['Field "f": "minLength" must be a whole number of 0 or more.']],
    ['fractional maxLength', { type: 'string', maxLength: 1.5 }, ['Field "f": "maxLength" must be a whole number of 0 or more.']],
    ['minLength > maxLength', { type: 'string', minLength: 5, maxLength: 2 }, ['Field "f" has "minLength" (5) greater than "maxLength" (2).']],
    ['minimum > maximum', { type: 'number', minimum: 10, maximum: 1 }, ['Field "f" has "minimum" (10) greater than "maximum" (1).']],
    ['integer range without a whole number', { type: 'integer', minimum: 1.2, maximum: 1.8 }, ['Field "f" allows no whole number between 1.2 and 1.8.']],
    ['infinite minimum', { type: 'number', minimum: Number.NEGATIVE_INFINITY }, ['Field "f": "minimum" must be a finite number.']],
    ['NaN maximum', { type: 'number', maximum: Number.NaN }, ['Field "f": "maximum" must be a finite number.']],
    ['1e400 from JSON', JSON.parse('{"type":"number","maximum":1e400}'), ['Field "f": "maximum" must be a finite number.']],
    ['text minimum', { type: 'number', minimum: '1' }, ['Field "f": "minimum" must be a finite number.']],
    ['title not text', { type: 'string', title: 5 }, ['Field "f": "title" must be text.']],
    ['description too long (refused, not truncated)', { type: 'string', description: long }, ['Field "f": "description" is longer than 1000 characters.']],
    ['enum and oneOf together', { type: 'string', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] }, ['Field "f" uses both "enum" and "oneOf".']],
    ['empty enum', { type: 'string', enum: [] }, ['Field "f" offers no options.']],
    ['enum not a list', { type: 'string', enum: 'a' }, ['Field "f": "enum" must be a list of text values.']],
    ['enum of numbers', { type: 'string', enum: [1, 2] }, ['Field "f": "enum" must be a list of text values.']],
    ['empty option', { type: 'string', enum: ['a', ''] }, ['Field "f": option 2 is empty.']],
    ['duplicate option', { type: 'string', enum: ['a', 'b', 'a'] }, ['Field "f" lists the option "a" more than once.']],
    ['option value too long', { type: 'string', enum: [long] }, ['Field "f": option 1 is longer than 1000 characters.']],
    ['huge enum', { type: 'string', enum: Array.from({ length: 100_000 }, (_, i) => `o${i}`) }, ['Field "f" has 100000 options; at most 200 are allowed.']],
    ['201 options', { type: 'string', enum: Array.from({ length: 201 }, (_, i) => `o${i}`) }, ['Field "f" has 201 options; at most 200 are allowed.']],
    ['enumNames too short', { type: 'string', enum: ['a', 'b'], enumNames: ['A'] }, ['Field "f": "enumNames" has 1 label for 2 options.']],
    ['enumNames too long', { type: 'string', enum: ['a'], enumNames: ['A', 'B'] }, ['Field "f": "enumNames" has 2 labels for 1 option.']],
    ['enumNames not text', { type: 'string', enum: ['a'], enumNames: [1] }, ['Field "f": "enumNames" must be a list of text labels.']],
    ['enumName too long', { type: 'string', enum: ['a'], enumNames: [long] }, ['Field "f": the name of option 1 is longer than 1000 characters.']],
    ['oneOf option with an extra key', { type: 'string', oneOf: [{ const: 'a', title: 'A', description: 'x' }] },
      ['Field "f": "oneOf" must be a list of options, each exactly {"const": text, "title": text}.']],
    ['oneOf option without title', { type: 'string', oneOf: [{ const: 'a' }] },
      ['Field "f": "oneOf" must be a list of options, each exactly {"const": text, "title": text}.']],
    ['oneOf with a schema instead of const', { type: 'string', oneOf: [{ type: 'string', title: 'A' }] },
      ['Field "f": "oneOf" must be a list of options, each exactly {"const": text, "title": text}.']],
    ['oneOf duplicate const', { type: 'string', oneOf: [{ const: 'a', title: 'A' }, { const: 'a', title: 'B' }] },
      ['Field "f" lists the option "a" more than once.']],
    ['oneOf title too long', { type: 'string', oneOf: [{ const: 'a', title: long }] }, ['Field "f": the title of option 1 is longer than 1000 characters.']],
    ['empty oneOf', { type: 'string', oneOf: [] }, ['Field "f" offers no options.']],
    ['array without items', { type: 'array' }, ['Field "f" has no "items" object describing its choices.']],
    ['array of free text', { type: 'array', items: { type: 'string' } }, ['Field "f": "items.enum" must be a list of text values.']],
    ['array of numbers', { type: 'array', items: { type: 'number', enum: ['1'] } }, ['Field "f" must offer text choices ("items" of type "string").']],
    ['array of objects', { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } } } }, [
      'Field "f" uses keywords in "items" that are not allowed: "properties".',
      'Field "f" must offer text choices ("items" of type "string").',
      'Field "f": "items.enum" must be a list of text values.',
    ]],
    ['items with type beside anyOf', { type: 'array', items: { type: 'string', anyOf: [{ const: 'a', title: 'A' }] } },
      ['Field "f" uses keywords in "items" that are not allowed: "type".']],
    ['items.anyOf with schemas', { type: 'array', items: { anyOf: [{ type: 'string' }] } },
      ['Field "f": "items.anyOf" must be a list of options, each exactly {"const": text, "title": text}.']],
    ['uniqueItems', { type: 'array', items: { type: 'string', enum: ['a'] }, uniqueItems: true }, ['Field "f" uses keywords that are not allowed: "uniqueItems".']],
    ['minItems > maxItems', { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 3, maxItems: 1 },
      ['Field "f" has "minItems" (3) greater than "maxItems" (1).']],
    ['minItems above the option count', { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 4 },
      ['Field "f" asks for at least 4 choices but offers only 3.']],
    ['several problems at once', { type: 'string', title: 1, minLength: -1, pattern: 'x' }, [
      'Field "f" uses keywords that are not allowed: "pattern".',
      'Field "f": "title" must be text.',
      'Field "f": "minLength" must be a whole number of 0 or more.',
    ]],
  ];
  it.each(rows)('%s', (_label, property, problems) => {
    expect(checkRequestedSchema(one(property))).toStrictEqual({ ok: false, problems });
  });
});

describe('checkRequestedSchema: refused forms (top level)', () => {
  const rows: [string, unknown, string[]][] = [
    ['null', null, ['The form is not an object.']],
    ['an array', [], ['The form is not an object.']],
    ['a string', '{"type":"object"}', ['The form is not an object.']],
    ['a class instance', new Date(0), ['The form is not an object.']],
    ['no type', { properties: {} }, ['The form\'s type must be "object".']],
    ['type array', { type: 'array', properties: {} }, ['The form\'s type must be "object".']],
    ['no properties', { type: 'object' }, ['The form has no "properties" object.']],
    ['properties as a list', { type: 'object', properties: [{ type: 'string' }] }, ['The form has no "properties" object.']],
    ['additionalProperties', { type: 'object', properties: {}, additionalProperties: false },
      ['The form uses keywords that are not allowed: "additionalProperties".']],
    ['$ref', { $ref: '#/$defs/form', $defs: { form: { type: 'object' } } }, [
      'The form uses keywords that are not allowed: "$ref", "$defs".',
      'The form\'s type must be "object".',
      'The form has no "properties" object.',
    ]],
    ['allOf', { type: 'object', properties: {}, allOf: [{ required: ['x'] }] }, ['The form uses keywords that are not allowed: "allOf".']],
    ['$schema not text', { $schema: 7, type: 'object', properties: {} }, ['The form: "$schema" must be text.']],
    ['title too long', { type: 'object', title: 't'.repeat(1001), properties: {} }, ['The form: "title" is longer than 1000 characters.']],
    ['required not a list', { type: 'object', properties: {}, required: 'a' }, ['The form: "required" must be a list of field names.']],
    ['required with a number', { type: 'object', properties: {}, required: [1] }, ['The form: "required" must be a list of field names.']],
    ['required names an undeclared field', { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'ghost'] },
      ['The form requires fields it does not have: "ghost".']],
    ['required names an inherited key', { type: 'object', properties: {}, required: ['toString', '__proto__'] },
      ['The form requires fields it does not have: "toString", "__proto__".']],
    ['51 fields', { type: 'object', properties: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, { type: 'string' }])) },
      ['The form has 51 fields; at most 50 are allowed.']],
    ['100,000 fields (not checked one by one)', { type: 'object', properties: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`f${i}`, {}])) },
      ['The form has 100000 fields; at most 50 are allowed.']],
    ['empty field name', { type: 'object', properties: { '': { type: 'string' } } }, ['A field has an empty name.']],
    ['field name too long', { type: 'object', properties: { ['n'.repeat(101)]: { type: 'string' } } },
      [`The field name "${'n'.repeat(40)}…" is longer than 100 characters.`]],
    ['bidi override in a field name', { type: 'object', properties: { 'ab\u202Ecd': { type: 'string' } } },
      ['The field name "ab\\u{202E}cd" contains control or invisible characters.']],
    ['zero-width space in a field name', { type: 'object', properties: { 'a\u200Bb': { type: 'string' } } },
      ['The field name "a\\u{200B}b" contains control or invisible characters.']],
    ['NUL in a field name', { type: 'object', properties: { 'a\u0000': { type: 'string' } } },
      ['The field name "a\\u{0}" contains control or invisible characters.']],
    ['problems across fields are all listed', { type: 'object', properties: { a: { type: 'object' }, b: { type: 'string', pattern: 'x' } } }, [
      'Field "a" has unsupported type "object"; allowed are string, number, integer, boolean and array.',
      'Field "b" uses keywords that are not allowed: "pattern".',
    ]],
  ];
  it.each(rows)('%s', (_label, raw, problems) => {
    expect(checkRequestedSchema(raw)).toStrictEqual({ ok: false, problems });
  });
});

describe('checkRequestedSchema: prototype pollution (SECURITY.md §5)', () => {
  afterEach(() => {
    // Nothing may have landed on Object.prototype, whatever a test did.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toStrictEqual(PROTOTYPE_KEYS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
  const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

  it.each(['__proto__', 'constructor', 'prototype'])('refuses a field named %s (as JSON.parse delivers it)', (name) => {
    const raw: unknown = JSON.parse(`{"type":"object","properties":{"${name}":{"type":"string","polluted":true,"default":"x"}},"required":["${name}"]}`);
    expect(checkRequestedSchema(raw)).toStrictEqual({ ok: false, problems: [`The field name "${name}" is not allowed.`] });
  });

  it('refuses a top-level __proto__ key and does not read keywords through it', () => {
    const raw: unknown = JSON.parse('{"__proto__":{"type":"object","properties":{}},"polluted":1}');
    expect(checkRequestedSchema(raw)).toStrictEqual({
      ok: false,
      problems: [
        'The form uses keywords that are not allowed: "__proto__", "polluted".',
        'The form\'s type must be "object".',
        'The form has no "properties" object.',
      ],
    });
  });

  it('never reads keywords inherited from a polluted Object.prototype', () => {
    Object.defineProperty(Object.prototype, 'type', { value: 'object', configurable: true, writable: true });
    try {
      expect(checkRequestedSchema({ properties: { f: {} } })).toStrictEqual({
        ok: false,
        problems: ['The form\'s type must be "object".', 'Field "f" has no type.'],
      });
    } finally {
      delete (Object.prototype as Record<string, unknown>).type;
    }
  });

  it('accepts ordinary names that happen to be Object.prototype members, as own fields', () => {
    const schema = accepted({ type: 'object', properties: { toString: { type: 'string' }, hasOwnProperty: { type: 'boolean' } }, required: ['toString'] });
    expect(schema.fields.map((field) => [field.name, field.required])).toStrictEqual([['toString', true], ['hasOwnProperty', false]]);
  });
});
