// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  buildArgumentForm,
  checkFieldValues,
  checkJsonArguments,
  fieldValuesFromArguments,
  initialFieldValues,
  initialJsonArguments,
  isTriStateBoolean,
  type ArgumentField,
} from '../../../renderer/lib/schema-form';

const fieldsOf = (schema: Record<string, unknown>): ArgumentField[] => {
  const model = buildArgumentForm(schema);
  if (model.kind !== 'fields') throw new Error(`expected fields, got JSON: ${model.reason}`);
  return model.fields;
};

describe('buildArgumentForm: flat schemas become fields', () => {
  it('reads every supported kind with required markers, labels and defaults', () => {
    const fields = fieldsOf({
      type: 'object',
      properties: {
        project: { type: 'string', title: 'Project name', description: 'Which project.', default: 'demo', minLength: 1, maxLength: 10 },
        durationMs: { type: 'integer', minimum: 100, maximum: 1000, default: 500 },
        ratio: { type: 'number', exclusiveMinimum: 0 },
        dryRun: { type: 'boolean', default: true },
        mode: { type: 'string', enum: ['fast', 'safe'], default: 'safe' },
        level: { oneOf: [{ const: 'lo', title: 'Low' }, { const: 'hi', title: 'High' }] },
      },
      required: ['project', 'durationMs'],
    });
    expect(fields).toEqual([
      { name: 'project', label: 'Project name', description: 'Which project.', required: true, kind: 'string', initial: 'demo', minLength: 1, maxLength: 10 },
      { name: 'durationMs', label: 'durationMs', required: true, kind: 'integer', minimum: 100, maximum: 1000, initial: 500 },
      { name: 'ratio', label: 'ratio', required: false, kind: 'number', exclusiveMinimum: 0 },
      { name: 'dryRun', label: 'dryRun', required: false, kind: 'boolean', initial: true },
      { name: 'mode', label: 'mode', required: false, kind: 'select', options: [{ value: 'fast', label: 'fast' }, { value: 'safe', label: 'safe' }], initial: 'safe' },
      { name: 'level', label: 'level', required: false, kind: 'select', options: [{ value: 'lo', label: 'Low' }, { value: 'hi', label: 'High' }] },
    ]);
  });

  it.each([
    ['no properties', { type: 'object' }],
    ['no type at all', {}],
  ])('a schema with %s is an empty form', (_name, schema) => {
    expect(buildArgumentForm(schema)).toEqual({ kind: 'fields', fields: [] });
  });

  it('labels legacy enumNames', () => {
    const [field] = fieldsOf({ properties: { env: { type: 'string', enum: ['p', 's'], enumNames: ['Production', 'Staging'] } } });
    expect(field).toMatchObject({ kind: 'select', options: [{ value: 'p', label: 'Production' }, { value: 's', label: 'Staging' }] });
  });

  it.each([
    ['a string default that is too long', { type: 'string', maxLength: 2, default: 'long' }],
    ['a string default of the wrong type', { type: 'string', default: 5 }],
    ['an integer default that is fractional', { type: 'integer', default: 1.5 }],
    ['a number default out of range', { type: 'number', maximum: 10, default: 11 }],
    ['a boolean default that is a string', { type: 'boolean', default: 'true' }],
    ['an enum default not among the options', { type: 'string', enum: ['a', 'b'], default: 'c' }],
  ])('drops %s', (_name, property) => {
    const [field] = fieldsOf({ properties: { x: property } });
    expect(field).not.toHaveProperty('initial');
  });
});

describe('buildArgumentForm: anything deeper is edited as JSON', () => {
  it.each([
    ['a nested object', { properties: { config: { type: 'object', properties: { a: { type: 'string' } } } } }, /"config" is an object/],
    ['an array', { properties: { tags: { type: 'array', items: { type: 'string' } } } }, /"tags" is an array/],
    ['a union type', { properties: { x: { type: ['string', 'null'] } } }, /"x" has a type/],
    ['no type on a property', { properties: { x: {} } }, /"x" has a type/],
    ['anyOf on a property', { properties: { x: { anyOf: [{ type: 'string' }, { type: 'number' }] } } }, /"x" uses "anyOf"/],
    ['a $ref', { properties: { x: { $ref: '#/$defs/x' } } }, /"x" uses "\$ref"/],
    ['a top-level oneOf', { oneOf: [{ properties: {} }] }, /uses "oneOf"/],
    ['a oneOf that is not a titled enum', { properties: { x: { oneOf: [{ type: 'string' }] } } }, /"x" uses "oneOf"/],
    ['a numeric enum', { properties: { x: { type: 'integer', enum: [1, 2] } } }, /non-text choices/],
    ['a non-object top level', { type: 'array' }, /not a plain object/],
    ['properties that are not an object', { properties: [] }, /"properties" is not an object/],
    ['a property schema that is not an object', { properties: { x: true } }, /"x" has no usable schema/],
  ])('%s', (_name, schema, reason) => {
    const model = buildArgumentForm(schema);
    expect(model.kind).toBe('json');
    expect(model.kind === 'json' && model.reason).toMatch(reason);
  });
});

describe('initialFieldValues and tri-state booleans', () => {
  it('prefills defaults as text and leaves the rest empty', () => {
    const fields = fieldsOf({ properties: { a: { type: 'integer', default: 3 }, b: { type: 'boolean', default: false }, c: { type: 'string' } } });
    expect(initialFieldValues(fields)).toEqual({ a: '3', b: 'false', c: '' });
  });

  it.each([
    [{ type: 'boolean' }, [], true],
    [{ type: 'boolean', default: false }, [], false],
    [{ type: 'boolean' }, ['x'], false],
  ])('%j required %j → tri-state %s', (property, required, expected) => {
    const [field] = fieldsOf({ properties: { x: property }, required });
    expect(isTriStateBoolean(field!)).toBe(expected);
  });
});

describe('checkFieldValues', () => {
  const fields = fieldsOf({
    properties: {
      name: { type: 'string', minLength: 2, maxLength: 5 },
      count: { type: 'integer', minimum: 1, maximum: 10 },
      ratio: { type: 'number', exclusiveMaximum: 1 },
      flag: { type: 'boolean' },
      mode: { type: 'string', enum: ['a', 'b'] },
    },
    required: ['count'],
  });

  it.each<[string, Record<string, string>, Record<string, unknown>]>([
    ['an integer is sent as a number', { count: '3' }, { count: 3 }],
    ['surrounding spaces around a number are fine', { count: ' 7 ' }, { count: 7 }],
    ['optional empty fields are left out', { count: '1', name: '', ratio: '', flag: '', mode: '' }, { count: 1 }],
    ['every kind converts', { count: '10', name: 'ab', ratio: '0.5', flag: 'false', mode: 'b' }, { count: 10, name: 'ab', ratio: 0.5, flag: false, mode: 'b' }],
    ['a number in exponent form', { count: '2', ratio: '5e-1' }, { count: 2, ratio: 0.5 }],
    ['strings keep their spaces', { count: '2', name: ' a b ' }, { count: 2, name: ' a b ' }],
  ])('%s', (_name, values, expected) => {
    const check = checkFieldValues(fields, values);
    expect(check).toEqual({ ok: true, arguments: expected });
  });

  it('keeps integer values integers (not strings, not floats)', () => {
    const check = checkFieldValues(fields, { count: '4' });
    expect(check.ok && Number.isInteger(check.arguments.count)).toBe(true);
  });

  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['a required field is missing', {}, { count: 'Required.' }],
    ['a fractional integer', { count: '3.5' }, { count: 'Enter a whole number.' }],
    ['hex is not a number a user meant', { count: '0x10' }, { count: 'Enter a whole number.' }],
    ['out of range', { count: '11' }, { count: 'Must be at most 10.' }],
    ['below the minimum', { count: '0' }, { count: 'Must be at least 1.' }],
    ['exclusive maximum', { count: '1', ratio: '1' }, { ratio: 'Must be less than 1.' }],
    ['not a number', { count: '1', ratio: 'abc' }, { ratio: 'Enter a number.' }],
    ['infinite', { count: '1', ratio: '1e999' }, { ratio: 'Enter a number.' }],
    ['too short', { count: '1', name: 'a' }, { name: 'Use at least 2 characters.' }],
    ['too long', { count: '1', name: 'abcdef' }, { name: 'Use at most 5 characters.' }],
    ['not an option', { count: '1', mode: 'c' }, { mode: 'Choose one of the options.' }],
  ])('%s', (_name, values, errors) => {
    expect(checkFieldValues(fields, values)).toEqual({ ok: false, errors });
  });

  it('treats a property named like an Object.prototype member as data', () => {
    // JSON.parse, not a literal: a literal `__proto__:` would set the prototype instead of a property.
    const tricky = fieldsOf(JSON.parse('{"properties":{"constructor":{"type":"string"},"__proto__":{"type":"string"}},"required":["constructor"]}') as Record<string, unknown>);
    expect(tricky.map((field) => field.name)).toEqual(['constructor', '__proto__']);
    expect(checkFieldValues(tricky, {})).toEqual({ ok: false, errors: { constructor: 'Required.' } });
    const check = checkFieldValues(tricky, Object.fromEntries([['constructor', 'x'], ['__proto__', 'y']]));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(Object.getPrototypeOf(check.arguments)).toBe(Object.prototype);
    expect(Object.hasOwn(check.arguments, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(check.arguments))).toEqual(JSON.parse('{"constructor":"x","__proto__":"y"}'));
  });
});

describe('fieldValuesFromArguments: an earlier call back in the form', () => {
  const fields = fieldsOf({
    type: 'object',
    properties: {
      project: { type: 'string', maxLength: 10 },
      durationMs: { type: 'integer', minimum: 100, default: 500 },
      ratio: { type: 'number' },
      dryRun: { type: 'boolean' },
      mode: { type: 'string', enum: ['fast', 'safe'] },
    },
    required: ['project'],
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['every kind', { project: 'web', durationMs: 800, ratio: 0.25, dryRun: false, mode: 'fast' }, { project: 'web', durationMs: '800', ratio: '0.25', dryRun: 'false', mode: 'fast' }],
    ['one not sent stays empty, not its default', { project: 'web' }, { project: 'web', durationMs: '', ratio: '', dryRun: '', mode: '' }],
  ])('%s', (_name, args, expected) => {
    const values = fieldValuesFromArguments(fields, args);
    expect(values).toEqual(expected);
    if (values !== undefined) expect(checkFieldValues(fields, values)).toEqual({ ok: true, arguments: args });
  });

  it.each<[string, Record<string, unknown>]>([
    ['a property the form has no field for', { project: 'web', extra: 1 }],
    ['a string where a number belongs', { project: 'web', durationMs: '800' }],
    ['a fraction for an integer', { project: 'web', durationMs: 800.5 }],
    ['an object value', { project: { name: 'web' } }],
    ['a value the checks now refuse', { project: 'a-very-long-project' }],
    ['an option the enum no longer has', { project: 'web', mode: 'reckless' }],
    ['a required one missing', { durationMs: 800 }],
    ['an empty text where text is required', { project: '' }],
  ])('none for %s (the JSON editor shows it)', (_name, args) => {
    expect(fieldValuesFromArguments(fields, args)).toBeUndefined();
  });
});

describe('checkJsonArguments', () => {
  const schema = { type: 'object', properties: { config: { type: 'object' }, count: { type: 'integer' }, tags: { type: ['array', 'null'] } }, required: ['config'] };
  it.each<[string, string, RegExp | Record<string, unknown>]>([
    ['valid', '{"config": {"a": 1}, "count": 2}', { config: { a: 1 }, count: 2 }],
    ['a union type accepts either', '{"config": {}, "tags": null}', { config: {}, tags: null }],
    ['undeclared properties pass to the server', '{"config": {}, "extra": true}', { config: {}, extra: true }],
    ['broken JSON', '{"config": ', /^Not valid JSON/],
    ['not an object', '[1, 2]', /must be a JSON object/],
    ['null', 'null', /must be a JSON object/],
    ['a missing required property', '{}', /Missing required property: config/],
    ['a wrong top-level type', '{"config": {}, "count": 1.5}', /"count" must be of type integer/],
    ['a wrong type in a union', '{"config": {}, "tags": "x"}', /"tags" must be of type array or null/],
  ])('%s', (_name, source, expected) => {
    const check = checkJsonArguments(source, schema);
    if (expected instanceof RegExp) expect(check.ok === false && check.error).toMatch(expected);
    else expect(check).toEqual({ ok: true, arguments: expected });
  });

  it('starts from the declared top-level defaults', () => {
    expect(JSON.parse(initialJsonArguments({ properties: { a: { type: 'object', default: { x: 1 } }, b: { type: 'string' } } }))).toEqual({ a: { x: 1 } });
    expect(initialJsonArguments({})).toBe('{}');
  });
});
