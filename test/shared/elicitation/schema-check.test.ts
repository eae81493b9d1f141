/**
 * The elicitation form trust boundary (MCP 2025-11-25 elicitation, "Requested Schema"; the rules in
 * docs/elicitation-forms.md): the subset is used, other keywords are ignored and listed, and only
 * what changes the form's meaning or attacks the client is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PATTERN_LIMITS } from '../../../shared/elicitation/text-pattern.js';
import type { CheckedField, CheckedSchema } from '../../../shared/elicitation/checked-schema.js';
import { checkRequestedSchema } from '../../../shared/elicitation/schema-check.js';
import { SCHEMA_LIMITS } from '../../../shared/elicitation/schema-keywords.js';

/** A form with the single property `f`. */
function one(property: unknown, required: string[] = []): unknown {
  return { type: 'object', properties: { f: property }, required };
}

function accepted(raw: unknown): CheckedSchema {
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
    ['integer (fractional bounds allowed, docs/protocol-notes.md#the-form-schema-subset)', { type: 'integer', minimum: 0.5, maximum: 10, default: 3 },
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
    ['pattern (enforced with RE2)', { type: 'string', pattern: '^[A-Z]{3}$' }, { name: 'f', required: false, kind: 'text', pattern: '^[A-Z]{3}$' }],
    ['a catastrophic-backtracking pattern (RE2 runs it in linear time)', { type: 'string', pattern: '^(a+)+$' },
      { name: 'f', required: false, kind: 'text', pattern: '^(a+)+$' }],
    ['a format with a pattern beside it', { type: 'string', format: 'email', pattern: '@example\\.org$', minLength: 3 },
      { name: 'f', required: false, kind: 'email', minLength: 3, pattern: '@example\\.org$' }],
    [`a pattern of exactly ${PATTERN_LIMITS.length} characters`, { type: 'string', pattern: 'a'.repeat(PATTERN_LIMITS.length) },
      { name: 'f', required: false, kind: 'text', pattern: 'a'.repeat(PATTERN_LIMITS.length) }],
    ['titled select with the same values in "enum" too', { type: 'string', enum: ['b', 'a'], oneOf: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] },
      { name: 'f', required: false, kind: 'select', options: [{ value: 'a', title: 'A' }, { value: 'b', title: 'B' }] }],
    ['titled options with type "string"', { type: 'string', oneOf: [{ type: 'string', const: 'a', title: 'A' }] },
      { name: 'f', required: false, kind: 'select', options: [{ value: 'a', title: 'A' }] }],
    ['multi-select titled, items typed "string" beside anyOf', { type: 'array', items: { type: 'string', anyOf: [{ type: 'string', const: 'x', title: 'X' }] } },
      { name: 'f', required: false, kind: 'multiselect', options: [{ value: 'x', title: 'X' }] }],
  ];
  it.each(rows)('%s', (_label, property, expected) => {
    expect(checkRequestedSchema(one(property))).toStrictEqual({ ok: true, schema: { fields: [expected], notes: [], ignored: [] } });
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
        ignored: [],
      },
    });
  });

  it('accepts a form without fields or required list', () => {
    expect(checkRequestedSchema({ type: 'object', properties: {} })).toStrictEqual({ ok: true, schema: { fields: [], notes: [], ignored: [] } });
  });

  it(`accepts ${SCHEMA_LIMITS.properties} fields and names of ${SCHEMA_LIMITS.nameLength} characters`, () => {
    const properties = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${'n'.repeat(97)}${i.toString().padStart(3, '0')}`, { type: 'boolean' }]));
    expect(accepted({ type: 'object', properties }).fields).toHaveLength(50);
  });
});

describe('checkRequestedSchema: keywords the form does not use are ignored and listed, never refused', () => {
  const rows: [string, unknown, CheckedField, string[]][] = [
    ['allOf inside a field', { type: 'string', allOf: [{ minLength: 1 }] }, { name: 'f', required: false, kind: 'text' }, ['allOf']],
    ['const', { type: 'string', const: 'a' }, { name: 'f', required: false, kind: 'text' }, ['const']],
    ['exclusiveMinimum and multipleOf', { type: 'number', exclusiveMinimum: 0, multipleOf: 5 }, { name: 'f', required: false, kind: 'number' },
      ['exclusiveMinimum', 'multipleOf']],
    ['a string keyword on a number', { type: 'integer', maxLength: 3 }, { name: 'f', required: false, kind: 'integer' }, ['maxLength']],
    ['enum on a boolean', { type: 'boolean', enum: [true] }, { name: 'f', required: false, kind: 'boolean' }, ['enum']],
    ['format on a select', { type: 'string', enum: ['a'], format: 'email' }, { name: 'f', required: false, kind: 'select', options: [{ value: 'a' }] }, ['format']],
    ['pattern on a number', { type: 'number', pattern: '(' }, { name: 'f', required: false, kind: 'number' }, ['pattern']],
    ['enumNames without enum', { type: 'string', enumNames: ['A'] }, { name: 'f', required: false, kind: 'text' }, ['enumNames']],
    ['enumNames beside oneOf', { type: 'string', oneOf: [{ const: 'a', title: 'A' }], enumNames: ['A'] },
      { name: 'f', required: false, kind: 'select', options: [{ value: 'a', title: 'A' }] }, ['enumNames']],
    ['an unknown format (plain text)', { type: 'string', format: 'uuid' }, { name: 'f', required: false, kind: 'text' }, ['format']],
    ['a format named like an Object method (plain text, not Object.prototype.toString)', { type: 'string', format: 'toString' },
      { name: 'f', required: false, kind: 'text' }, ['format']],
    ['annotations', { type: 'string', $id: 'urn:x', $comment: 'c', examples: ['e'], deprecated: true, readOnly: false, 'x-ui': { widget: 'big' } },
      { name: 'f', required: false, kind: 'text' }, ['$id', '$comment', 'examples', 'deprecated', 'readOnly', 'x-ui']],
    ['an invisible keyword (kept as sent; quoted when shown)', { type: 'string', '\u202Eevil': 1 }, { name: 'f', required: false, kind: 'text' }, ['\u202Eevil']],
    ['uniqueItems and keywords inside items and options', {
      type: 'array', uniqueItems: true, items: { anyOf: [{ const: 'a', title: 'A', description: 'd' }, { const: 'b', title: 'B', description: 'e' }], minLength: 1 },
    }, { name: 'f', required: false, kind: 'multiselect', options: [{ value: 'a', title: 'A' }, { value: 'b', title: 'B' }] },
    ['uniqueItems', 'items.minLength', 'items.anyOf[].description']],
    ['a description on a titled option', { type: 'string', oneOf: [{ const: 'a', title: 'A', description: 'x' }] },
      { name: 'f', required: false, kind: 'select', options: [{ value: 'a', title: 'A' }] }, ['oneOf[].description']],
  ];
  it.each(rows)('%s', (_label, property, field, keywords) => {
    expect(checkRequestedSchema(one(property))).toStrictEqual({ ok: true, schema: { fields: [field], notes: [], ignored: [{ field: 'f', keywords }] } });
  });

  it('lists the form\'s own ignored keywords apart from the fields\'; additionalProperties: false is honoured, not ignored', () => {
    expect(checkRequestedSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'https://example.org/form',
      type: 'object',
      properties: { a: { type: 'string', examples: ['x'] }, b: { type: 'boolean' } },
      additionalProperties: false,
      minProperties: 1,
    })).toStrictEqual({
      ok: true,
      schema: {
        fields: [{ name: 'a', required: false, kind: 'text' }, { name: 'b', required: false, kind: 'boolean' }],
        notes: [],
        ignored: [{ keywords: ['$id', 'minProperties'] }, { field: 'a', keywords: ['examples'] }],
      },
    });
  });

  it.each([[true], [{ type: 'string' }]])('ignores additionalProperties: %j (answers carry declared fields only)', (value) => {
    expect(accepted({ type: 'object', properties: {}, additionalProperties: value }).ignored).toStrictEqual([{ keywords: ['additionalProperties'] }]);
  });
});

describe('checkRequestedSchema: patterns RE2 cannot read are ignored with a note', () => {
  it.each([
    ['lookahead (zod z.hostname())', '^(?=.{1,253}\\.?$)[a-z0-9-]+$'],
    ['negative lookahead', '^(?!admin$).+$'],
    ['lookbehind', '(?<=@)example$'],
    ['a back-reference', '^(a)\\1$'],
    ['a named back-reference', '^(?<x>a)\\k<x>$'],
    ['a syntax error', '(['],
  ])('%s', (_label, pattern) => {
    const schema = accepted(one({ type: 'string', pattern, default: 'anything' }));
    expect(schema.fields).toStrictEqual([{ name: 'f', required: false, kind: 'text', default: 'anything' }]);
    expect(schema.notes).toHaveLength(1);
    expect(schema.notes[0]).toMatch(/^Field "f": the server's pattern ".*" is not checked here \(this app's linear-time pattern engine cannot read it, e\.g\. lookahead or back-references\), so the server may still refuse an answer\.$/);
    expect(schema.ignored).toStrictEqual([]);
  });
});

describe('checkRequestedSchema: server text is kept exactly (rendering as text is the UI\'s job)', () => {
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

describe('checkRequestedSchema: defaults (dropped with a note when they do not fit)', () => {
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
    ['string matching the pattern', { type: 'string', pattern: '^[a-z]+$', default: 'abc' }, 'abc'],
    ['https uri', { type: 'string', format: 'uri', default: 'https://example.org/x?y=1' }, 'https://example.org/x?y=1'],
    ['http uri, scheme in capitals', { type: 'string', format: 'uri', default: 'HTTP://example.org' }, 'HTTP://example.org'],
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
    ['string failing the pattern', { type: 'string', pattern: '^[a-z]+$', default: 'ABC' }],
    ['string failing the pattern of a format', { type: 'string', format: 'email', pattern: '@example\\.org$', default: 'a@example.com' }],
  ];
  it.each(dropped)('drops %s, with a note, and keeps the form', (_label, property) => {
    const schema = accepted(one(property));
    expect(schema.notes).toStrictEqual([DROPPED]);
    expect(schema.fields[0]).not.toHaveProperty('default');
  });

  // Issue 8, observation 2: a one-click Accept would have sent a javascript: URI the user never chose.
  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['file:', 'file:///etc/passwd'],
    ['mailto:', 'mailto:someone@example.org'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic'.replace(' ', '%20')],
  ])('drops a format "uri" default that is not http(s) (%s), with its own note', (_label, address) => {
    const schema = accepted(one({ type: 'string', format: 'uri', default: address }));
    expect(schema.notes).toStrictEqual(['Field "f": the server\'s default address was ignored because it is not a web address (http or https).']);
    expect(schema.fields[0]).toStrictEqual({ name: 'f', required: false, kind: 'uri' });
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
    ['no type ($ref)', { $ref: '#/$defs/name' }, ['Field "f" refers to schema text elsewhere ("$ref"), which this app does not follow.', 'Field "f" has no type.']],
    ['nested object', { type: 'object', properties: { x: { type: 'string' } } },
      ['Field "f" has unsupported type "object"; allowed are string, number, integer, boolean and array.']],
    ['null type', { type: 'null' }, ['Field "f" has unsupported type "null"; allowed are string, number, integer, boolean and array.']],
    ['type list', { type: ['string', 'null'] }, ['Field "f" has an unsupported type; allowed are string, number, integer, boolean and array.']],
    ['$ref beside a type', { type: 'string', $ref: '#/x' }, ['Field "f" refers to schema text elsewhere ("$ref"), which this app does not follow.']],
    ['$defs in a field', { type: 'string', $defs: { x: { type: 'number' } } }, ['Field "f" refers to schema text elsewhere ("$defs"), which this app does not follow.']],
    ['definitions and $dynamicRef in a field', { type: 'string', definitions: {}, $dynamicRef: '#x' },
      ['Field "f" refers to schema text elsewhere ("definitions", "$dynamicRef"), which this app does not follow.']],
    ['a $ref in items', { type: 'array', items: { $ref: '#/$defs/choices' } }, [
      'Field "f" "items" refers to schema text elsewhere ("$ref"), which this app does not follow.',
      'Field "f" must offer text choices ("items" of type "string").',
      'Field "f": "items.enum" must be a list of text values.',
    ]],
    ['a $ref in an option', { type: 'string', oneOf: [{ const: 'a', title: 'A', $ref: '#/x' }] },
      ['Field "f": option 1 refers to schema text elsewhere ("$ref"), which this app does not follow.']],
    [`more than ${SCHEMA_LIMITS.keywords} keywords`, { type: 'string', ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`x-${i}`, i])) },
      ['Field "f" has 101 keywords; at most 100 are allowed.']],
    ['format not text', { type: 'string', format: 5 }, ['Field "f": "format" must be text.']],
    ['pattern not text', { type: 'string', pattern: /^a$/ }, ['Field "f": "pattern" must be text.']],
    [`pattern longer than ${PATTERN_LIMITS.length} characters`, { type: 'string', pattern: 'a'.repeat(PATTERN_LIMITS.length + 1) },
      [`Field "f": "pattern" is longer than ${PATTERN_LIMITS.length} characters.`]],
    ['pattern too complex to run cheaply', { type: 'string', pattern: '^[a-z]{1000}[0-9]{1000}[A-Z]{1000}$' }, ['Field "f": "pattern" is too complex to check quickly.']],
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
    ['enum and oneOf listing different options', { type: 'string', enum: ['a', 'b'], oneOf: [{ const: 'a', title: 'A' }] },
      ['Field "f" uses both "enum" and "oneOf", and they list different options.']],
    ['enum beside oneOf that is not a list', { type: 'string', enum: 'a', oneOf: [{ const: 'a', title: 'A' }] },
      ['Field "f" uses both "enum" and "oneOf", and they list different options.']],
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
    ['oneOf not a list', { type: 'string', oneOf: { a: 'A' } }, ['Field "f": "oneOf" must be a list of options, each with a text "const" and a text "title".']],
    ['oneOf option without title', { type: 'string', oneOf: [{ const: 'a' }] }, ['Field "f": "oneOf" must be a list of options, each with a text "const" and a text "title".']],
    ['oneOf with a schema instead of const', { type: 'string', oneOf: [{ type: 'string', title: 'A' }] }, ['Field "f": "oneOf" must be a list of options, each with a text "const" and a text "title".']],
    ['oneOf option with a number const', { type: 'string', oneOf: [{ const: 1, title: 'One' }] }, ['Field "f": "oneOf" must be a list of options, each with a text "const" and a text "title".']],
    ['oneOf option typed other than string', { type: 'string', oneOf: [{ type: 'number', const: 'a', title: 'A' }] },
      ['Field "f": option 1 has a text value but a type other than "string".']],
    ['201 titled options', { type: 'string', oneOf: Array.from({ length: 201 }, (_, i) => ({ const: `o${i}`, title: `O${i}` })) },
      ['Field "f" has 201 options; at most 200 are allowed.']],
    ['oneOf duplicate const', { type: 'string', oneOf: [{ const: 'a', title: 'A' }, { const: 'a', title: 'B' }] },
      ['Field "f" lists the option "a" more than once.']],
    ['oneOf title too long', { type: 'string', oneOf: [{ const: 'a', title: long }] }, ['Field "f": the title of option 1 is longer than 1000 characters.']],
    ['empty oneOf', { type: 'string', oneOf: [] }, ['Field "f" offers no options.']],
    ['array without items', { type: 'array' }, ['Field "f" has no "items" object describing its choices.']],
    ['array of free text', { type: 'array', items: { type: 'string' } }, ['Field "f": "items.enum" must be a list of text values.']],
    ['array of numbers', { type: 'array', items: { type: 'number', enum: ['1'] } }, ['Field "f" must offer text choices ("items" of type "string").']],
    ['array of objects', { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } } } }, [
      'Field "f" must offer text choices ("items" of type "string").',
      'Field "f": "items.enum" must be a list of text values.',
    ]],
    ['items typed other than string beside anyOf', { type: 'array', items: { type: 'number', anyOf: [{ const: 'a', title: 'A' }] } },
      ['Field "f" must offer text choices ("items" of type "string").']],
    ['items.anyOf with schemas', { type: 'array', items: { anyOf: [{ type: 'string' }] } }, ['Field "f": "items.anyOf" must be a list of options, each with a text "const" and a text "title".']],
    ['minItems > maxItems', { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 3, maxItems: 1 },
      ['Field "f" has "minItems" (3) greater than "maxItems" (1).']],
    ['minItems above the option count', { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 4 },
      ['Field "f" asks for at least 4 choices but offers only 3.']],
    ['several problems at once', { type: 'string', title: 1, minLength: -1, pattern: 5 }, [
      'Field "f": "title" must be text.',
      'Field "f": "minLength" must be a whole number of 0 or more.',
      'Field "f": "pattern" must be text.',
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
    ['$ref', { $ref: '#/$defs/form', $defs: { form: { type: 'object' } } }, [
      'The form refers to schema text elsewhere ("$ref", "$defs"), which this app does not follow.',
      'The form\'s type must be "object".',
      'The form has no "properties" object.',
    ]],
    ['$defs beside properties (zod with a registry)', { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } }, [
      'The form refers to schema text elsewhere ("$defs"), which this app does not follow.',
      'Field "a" refers to schema text elsewhere ("$ref"), which this app does not follow.',
      'Field "a" has no type.',
    ]],
    ['definitions (draft-07)', { type: 'object', properties: {}, definitions: {} }, ['The form refers to schema text elsewhere ("definitions"), which this app does not follow.']],
    ['allOf', { type: 'object', properties: {}, allOf: [{ required: ['x'] }] }, ['The form combines or conditions its fields ("allOf"), which a flat form cannot show.']],
    ['anyOf (zod z.union of objects)', { anyOf: [{ type: 'object', properties: {} }] }, [
      'The form combines or conditions its fields ("anyOf"), which a flat form cannot show.',
      'The form\'s type must be "object".',
      'The form has no "properties" object.',
    ]],
    ['oneOf and not', { type: 'object', properties: {}, oneOf: [], not: {} }, ['The form combines or conditions its fields ("oneOf", "not"), which a flat form cannot show.']],
    ['if / then / else', { type: 'object', properties: {}, if: {}, then: {}, else: {} },
      ['The form combines or conditions its fields ("if", "then", "else"), which a flat form cannot show.']],
    ['dependentRequired', { type: 'object', properties: { a: { type: 'string' } }, dependentRequired: { a: ['b'] } },
      ['The form combines or conditions its fields ("dependentRequired"), which a flat form cannot show.']],
    [`more than ${SCHEMA_LIMITS.keywords} keywords`, { type: 'object', properties: {}, ...Object.fromEntries(Array.from({ length: 99 }, (_, i) => [`x-${i}`, i])) },
      ['The form has 101 keywords; at most 100 are allowed.']],
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
    ['problems across fields are all listed', { type: 'object', properties: { a: { type: 'object' }, b: { type: 'string', pattern: 7 } } }, [
      'Field "a" has unsupported type "object"; allowed are string, number, integer, boolean and array.',
      'Field "b": "pattern" must be text.',
    ]],
  ];
  it.each(rows)('%s', (_label, raw, problems) => {
    expect(checkRequestedSchema(raw)).toStrictEqual({ ok: false, problems });
  });
});

describe('checkRequestedSchema: prototype pollution', () => {
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
        'The form uses keywords that are not allowed: "__proto__".',
        'The form\'s type must be "object".',
        'The form has no "properties" object.',
      ],
    });
  });

  it.each([
    ['a field', '{"type":"string","__proto__":{"minLength":5}}', 'Field "f" uses keywords that are not allowed: "__proto__".'],
    ['its items', '{"type":"array","items":{"type":"string","enum":["a"],"constructor":1}}', 'Field "f" "items" uses keywords that are not allowed: "constructor".'],
    ['an option', '{"type":"string","oneOf":[{"const":"a","title":"A","prototype":{}}]}', 'Field "f": option 1 uses keywords that are not allowed: "prototype".'],
  ])('refuses a prototype name as a keyword of %s (as JSON.parse delivers it)', (_label, json, problem) => {
    expect(checkRequestedSchema(one(JSON.parse(json)))).toStrictEqual({ ok: false, problems: [problem] });
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
