/** From an accepted form to fields, and from user input to the answer's `content` (MCP 2025-11-25 elicitation, `ElicitResult`). */
import { describe, expect, it } from 'vitest';
import { valueWarning, type ValueCheck } from '../../../shared/elicitation/field-values.js';
import { toFormModel, validateField, validateForm, type FormField, type FormModel } from '../../../shared/elicitation/form-model.js';
import { checkRequestedSchema } from '../../../shared/elicitation/schema-check.js';

function model(raw: unknown): FormModel {
  const result = checkRequestedSchema(raw);
  if (!result.ok) throw new Error(`refused: ${result.problems.join(' | ')}`);
  return toFormModel(result.schema);
}

const field = (props: Partial<FormField> & Pick<FormField, 'kind'>): FormField =>
  ({ name: 'f', label: 'F', required: false, ...props }) as FormField;
const ok = (value: unknown): ValueCheck => ({ ok: true, value }) as ValueCheck;
const err = (message: string): ValueCheck => ({ ok: false, message });

describe('toFormModel', () => {
  it('maps every kind: label from title else name, option labels from titles else values, initial from the surviving default', () => {
    expect(model({
      type: 'object',
      title: 'Form',
      properties: {
        t: { type: 'string', description: 'D', minLength: 1, maxLength: 5, pattern: '^[a-z]+$', default: 'abc', examples: ['xyz'] },
        e: { type: 'string', title: 'E-mail', format: 'email' },
        n: { type: 'number', minimum: 0, default: 'x' },
        b: { type: 'boolean', default: true },
        s: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'], default: 'b' },
        m: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, maxItems: 1, default: ['x'] },
      },
      required: ['t'],
    })).toStrictEqual({
      title: 'Form',
      fields: [
        { name: 't', label: 't', description: 'D', required: true, kind: 'text', minLength: 1, maxLength: 5, pattern: '^[a-z]+$', initial: 'abc' },
        { name: 'e', label: 'E-mail', required: false, kind: 'email' },
        { name: 'n', label: 'n', required: false, kind: 'number', minimum: 0 },
        { name: 'b', label: 'b', required: false, kind: 'boolean', initial: true },
        { name: 's', label: 's', required: false, kind: 'select', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], initial: 'b' },
        { name: 'm', label: 'm', required: false, kind: 'multiselect', options: [{ value: 'x', label: 'x' }, { value: 'y', label: 'y' }], maxItems: 1, initial: ['x'] },
      ],
      notes: ['Field "n": the server\'s default value was ignored because it does not fit the field.'],
      ignored: [{ field: 't', keywords: ['examples'] }],
    });
  });

  it('gives each field its own copies (editing the model never changes the checked schema)', () => {
    const result = checkRequestedSchema({ type: 'object', $id: 'f', properties: { m: { type: 'array', items: { type: 'string', enum: ['x'] }, default: ['x'] } } });
    if (!result.ok) throw new Error('refused');
    const form = toFormModel(result.schema);
    const first = form.fields[0];
    if (first?.kind !== 'multiselect') throw new Error('expected a multiselect');
    first.initial?.push('y');
    form.notes.push('n');
    form.ignored[0]?.keywords.push('k');
    expect(result.schema.fields[0]?.default).toStrictEqual(['x']);
    expect(result.schema.notes).toStrictEqual([]);
    expect(result.schema.ignored).toStrictEqual([{ keywords: ['$id'] }]);
  });
});

describe('validateField', () => {
  const integer = field({ kind: 'integer', minimum: 1, maximum: 10 });
  const number = field({ kind: 'number' });
  const numberRange = field({ kind: 'number', minimum: 0, maximum: 100 });
  const wholeFrom = field({ kind: 'integer', minimum: 1 });
  const numberTo = field({ kind: 'number', maximum: 5 });
  const text = field({ kind: 'text', minLength: 5, maxLength: 20 });
  const textMin = field({ kind: 'text', minLength: 1 });
  const textMax = field({ kind: 'text', maxLength: 1 });
  const textExact = field({ kind: 'text', minLength: 2, maxLength: 2 });
  const requiredText = field({ kind: 'text', required: true });
  const email = field({ kind: 'email' });
  const uri = field({ kind: 'uri' });
  const date = field({ kind: 'date' });
  const datetime = field({ kind: 'datetime' });
  const boolean = field({ kind: 'boolean' });
  const requiredBoolean = field({ kind: 'boolean', required: true });
  const options = [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C' }];
  const select = field({ kind: 'select', options });
  const requiredSelect = field({ kind: 'select', options, required: true });
  const multi = field({ kind: 'multiselect', options, minItems: 1, maxItems: 2 });
  const requiredMulti = field({ kind: 'multiselect', options, minItems: 1, maxItems: 2, required: true });
  const requiredMultiFree = field({ kind: 'multiselect', options, required: true });
  const multiAtMost = field({ kind: 'multiselect', options, maxItems: 1 });
  const code = field({ kind: 'text', pattern: '^[A-Z]{3}$' });
  const codeBounded = field({ kind: 'text', pattern: '^[A-Z]+$', minLength: 2 });
  const emailAtOrg = field({ kind: 'email', pattern: '@example\\.org$' });
  const CODE = 'Enter text in the form the server asks for (pattern "^[A-Z]{3}$").';

  const WHOLE = 'Enter a whole number between 1 and 10.';
  const rows: [string, FormField, unknown, ValueCheck][] = [
    ['integer', integer, 5, ok(5)],
    ['integer from text', integer, '5', ok(5)],
    ['integer from padded text', integer, ' 7 ', ok(7)],
    ['integer in exponent notation', integer, '1e1', ok(10)],
    ['integer written as 2.0', integer, '2.0', ok(2)],
    ['integer at the bounds', integer, 10, ok(10)],
    ['integer 3.5', integer, 3.5, err(WHOLE)],
    ['integer "3.5"', integer, '3.5', err(WHOLE)],
    ['integer "0x10"', integer, '0x10', err(WHOLE)],
    ['integer "1_000"', integer, '1_000', err(WHOLE)],
    ['integer "5 apples"', integer, '5 apples', err(WHOLE)],
    ['integer above maximum', integer, 11, err(WHOLE)],
    ['integer below minimum', integer, 0, err(WHOLE)],
    ['integer given a boolean', integer, true, err(WHOLE)],
    ['integer beyond 2^53', field({ kind: 'integer' }), 2 ** 53, err('Enter a whole number.')],
    ['integer with only a minimum', wholeFrom, 0, err('Enter a whole number of at least 1.')],
    ['empty optional integer (text box)', integer, '   ', ok(undefined)],
    ['number 3.14', number, 3.14, ok(3.14)],
    ['number from negative text', number, '-0.5', ok(-0.5)],
    ['number NaN', number, Number.NaN, err('Enter a number.')],
    ['number Infinity', number, Number.POSITIVE_INFINITY, err('Enter a number.')],
    ['number "Infinity"', number, 'Infinity', err('Enter a number.')],
    ['number "NaN"', number, 'NaN', err('Enter a number.')],
    ['number "1e400" (overflows to Infinity)', number, '1e400', err('Enter a number.')],
    ['number ".5" (plain decimal only)', number, '.5', err('Enter a number.')],
    ['number out of range', numberRange, 100.5, err('Enter a number between 0 and 100.')],
    ['number with only a maximum', numberTo, 6, err('Enter a number of at most 5.')],
    ['required number missing', field({ kind: 'number', required: true, minimum: 0, maximum: 100 }), undefined, err('Enter a number between 0 and 100.')],
    ['text', text, '1.0.0', ok('1.0.0')],
    ['text too short', text, 'abc', err('Enter between 5 and 20 characters.')],
    ['text too long', text, 'x'.repeat(21), err('Enter between 5 and 20 characters.')],
    ['text counted in code points', textExact, '😀😀', ok('😀😀')],
    ['text with only a minimum', textMin, 'x', ok('x')],
    ['text with only a maximum', textMax, 'xy', err('Enter at most 1 character.')],
    ['text with exact length', textExact, 'x', err('Enter exactly 2 characters.')],
    ['text given a number', text, 12345, err('Enter text.')],
    ['text kept verbatim (spaces, HTML)', field({ kind: 'text' }), ' <b>x</b> ', ok(' <b>x</b> ')],
    ['empty optional text', text, '', ok(undefined)],
    ['required text missing', requiredText, undefined, err('Fill in this field.')],
    ['required text empty', requiredText, '', err('Fill in this field.')],
    ['text matching the pattern', code, 'ABC', ok('ABC')],
    ['text failing the pattern', code, 'ABCD', err(CODE)],
    ['text failing the pattern in case', code, 'abc', err(CODE)],
    ['empty optional text with a pattern (the pattern applies only when answered)', code, '', ok(undefined)],
    ['length is checked before the pattern', codeBounded, 'A', err('Enter at least 2 characters.')],
    ['format is checked before the pattern', emailAtOrg, 'nobody', err('Enter an e-mail address, like name@example.com.')],
    ['an e-mail failing the pattern beside its format', emailAtOrg, 'ada@example.com', err('Enter text in the form the server asks for (pattern "@example\\.org$").')],
    ['an e-mail passing format and pattern', emailAtOrg, 'ada@example.org', ok('ada@example.org')],
    ['a hostile pattern on a long hostile value returns (RE2: linear time)', field({ kind: 'text', pattern: '^(a+)+$' }), `${'a'.repeat(50_000)}b`,
      err('Enter text in the form the server asks for (pattern "^(a+)+$").')],
    ['email', email, 'ada@example.org', ok('ada@example.org')],
    ['email without domain dot', email, 'ada@example', err('Enter an e-mail address, like name@example.com.')],
    ['email with two @', email, 'a@b@example.org', err('Enter an e-mail address, like name@example.com.')],
    ['email with a space', email, 'a da@example.org', err('Enter an e-mail address, like name@example.com.')],
    ['email without local part', email, '@example.org', err('Enter an e-mail address, like name@example.com.')],
    ['email with an empty label', email, 'a@example..org', err('Enter an e-mail address, like name@example.com.')],
    ['email with a 65-character local part', email, `${'a'.repeat(65)}@example.org`, err('Enter an e-mail address, like name@example.com.')],
    ['email: a long hostile input is refused quickly', email, `${'a@'.repeat(50_000)}`, err('Enter an e-mail address, like name@example.com.')],
    ['uri https', uri, 'https://example.com/changelog?x=1#y', ok('https://example.com/changelog?x=1#y')],
    ['uri mailto', uri, 'mailto:ada@example.org', ok('mailto:ada@example.org')],
    ['uri urn', uri, 'urn:isbn:0451450523', ok('urn:isbn:0451450523')],
    ['uri without scheme', uri, 'example.com/path', err('Enter a full address with its scheme, like https://example.com.')],
    ['uri relative', uri, '/changelog', err('Enter a full address with its scheme, like https://example.com.')],
    ['uri with a space', uri, 'https://exa mple.com', err('Enter a full address with its scheme, like https://example.com.')],
    ['uri with a leading space', uri, ' https://example.com', err('Enter a full address with its scheme, like https://example.com.')],
    ['uri with a tab', uri, 'https://exam\tple.com', err('Enter a full address with its scheme, like https://example.com.')],
    ['uri with no host', uri, 'https://', err('Enter a full address with its scheme, like https://example.com.')],
    ['date', date, '2026-02-28', ok('2026-02-28')],
    ['date 29 Feb in a leap year', date, '2024-02-29', ok('2024-02-29')],
    ['date 29 Feb 2000', date, '2000-02-29', ok('2000-02-29')],
    ['date 2026-02-30', date, '2026-02-30', err('Enter a real date as YYYY-MM-DD.')],
    ['date 29 Feb 2023', date, '2023-02-29', err('Enter a real date as YYYY-MM-DD.')],
    ['date 29 Feb 1900', date, '1900-02-29', err('Enter a real date as YYYY-MM-DD.')],
    ['date 31 April', date, '2026-04-31', err('Enter a real date as YYYY-MM-DD.')],
    ['date month 13', date, '2026-13-01', err('Enter a real date as YYYY-MM-DD.')],
    ['date day 0', date, '2026-01-00', err('Enter a real date as YYYY-MM-DD.')],
    ['date without padding', date, '2026-1-01', err('Enter a real date as YYYY-MM-DD.')],
    ['date with a time', date, '2026-01-01T00:00:00Z', err('Enter a real date as YYYY-MM-DD.')],
    ['date-time UTC', datetime, '2026-03-01T09:30:00Z', ok('2026-03-01T09:30:00Z')],
    ['date-time with offset', datetime, '2026-03-01T09:30:00+01:00', ok('2026-03-01T09:30:00+01:00')],
    ['date-time with fraction and negative offset', datetime, '2026-03-01T09:30:00.125-05:30', ok('2026-03-01T09:30:00.125-05:30')],
    ['date-time without offset', datetime, '2026-03-01T09:30:00', err('Enter a date and time with its time zone, like 2026-03-01T09:30:00Z.')],
    ['date-time without seconds', datetime, '2026-03-01T09:30Z', err('Enter a date and time with its time zone, like 2026-03-01T09:30:00Z.')],
    ['date-time with a space', datetime, '2026-03-01 09:30:00Z', err('Enter a date and time with its time zone, like 2026-03-01T09:30:00Z.')],
    ['date-time hour 24', datetime, '2026-03-01T24:00:00Z', err('Enter a date and time with its time zone, like 2026-03-01T09:30:00Z.')],
    ['date-time minute 60 in offset', datetime, '2026-03-01T09:30:00+01:60', err('Enter a date and time with its time zone, like 2026-03-01T09:30:00Z.')],
    ['date-time offset hour 24', datetime, '2026-03-01T09:30:00+24:00', err('Enter a date and time with its time zone, like 2026-03-01T09:30:00Z.')],
    ['date-time on 30 Feb', datetime, '2026-02-30T09:30:00Z', err('Enter a date and time with its time zone, like 2026-03-01T09:30:00Z.')],
    ['boolean true', boolean, true, ok(true)],
    ['boolean false is a value, not empty', requiredBoolean, false, ok(false)],
    ['boolean given "true"', boolean, 'true', err('Choose yes or no.')],
    ['untouched optional boolean', boolean, undefined, ok(undefined)],
    ['required boolean missing', requiredBoolean, undefined, err('Choose yes or no.')],
    ['select', select, 'b', ok('b')],
    ['select not an option', select, 'z', err('Choose one of the listed options.')],
    ['select given a label', select, 'B', err('Choose one of the listed options.')],
    ['empty optional select', select, '', ok(undefined)],
    ['required select missing', requiredSelect, null, err('Choose an option.')],
    ['multi-select', multi, ['a'], ok(['a'])],
    ['multi-select put in option order', multi, ['c', 'a'], ok(['a', 'c'])],
    ['multi-select repeated choice counted once', multi, ['b', 'b'], ok(['b'])],
    ['multi-select above maxItems', multi, ['a', 'b', 'c'], err('Choose between 1 and 2 options.')],
    ['multi-select with an unknown option', multi, ['a', 'z'], err('Choose only from the listed options.')],
    ['multi-select given a string', multi, 'a', err('Choose only from the listed options.')],
    ['multi-select with a non-string', multi, ['a', 1], err('Choose only from the listed options.')],
    ['multi-select at most 1', multiAtMost, ['a', 'b'], err('Choose at most 1 option.')],
    ['empty optional multi-select (minItems applies only when answered)', multi, [], ok(undefined)],
    ['required multi-select empty', requiredMulti, [], err('Choose between 1 and 2 options.')],
    ['required multi-select without bounds empty', requiredMultiFree, [], err('Choose at least one option.')],
  ];
  it.each(rows)('%s', (_label, formField, input, expected) => {
    expect(validateField(formField, input)).toStrictEqual(expected);
  });
});

describe('valueWarning', () => {
  const uri = field({ kind: 'uri' });
  it.each([
    ['javascript:', 'javascript:alert(1)', '"javascript:"'],
    ['data:', 'data:text/html,<b>x</b>', '"data:"'],
    ['file:', 'file:///etc/passwd', '"file:"'],
    ['mailto: (allowed, but not a web page)', 'mailto:ada@example.org', '"mailto:"'],
  ])('warns about a %s address in a uri field, naming its scheme', (_label, value, scheme) => {
    expect(validateField(uri, value)).toStrictEqual(ok(value));
    expect(valueWarning(uri, value)).toBe(
      `This address starts with ${scheme}, so it is not a web page (http or https). It is sent to the server exactly as typed: send it only if you mean it.`,
    );
  });

  it.each([
    ['an https address', uri, 'https://example.org'],
    ['an http address in capitals', uri, 'HTTP://example.org'],
    ['text that is not a URI yet (the field error speaks instead)', uri, 'javascript'],
    ['an empty field', uri, ''],
    ['a javascript: text in a plain text field', field({ kind: 'text' }), 'javascript:alert(1)'],
  ])('says nothing for %s', (_label, formField, value) => {
    expect(valueWarning(formField, value)).toBeUndefined();
  });
});

describe('validateForm', () => {
  const form = model({
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1 },
      count: { type: 'integer', minimum: 1, maximum: 10 },
      ratio: { type: 'number' },
      agree: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, minItems: 1 },
      toString: { type: 'string' },
    },
    required: ['name', 'count'],
  });

  it('builds content with typed values and leaves empty optional fields out', () => {
    expect(validateForm(form, { name: 'Ada', count: '3', ratio: '', agree: false, tags: [] })).toStrictEqual({
      ok: true,
      content: { name: 'Ada', count: 3, agree: false },
    });
  });

  it('reports every failing field by name', () => {
    expect(validateForm(form, { count: 3.5, ratio: 'NaN', tags: ['z'] })).toStrictEqual({
      ok: false,
      errors: {
        name: 'Fill in this field.',
        count: 'Enter a whole number between 1 and 10.',
        ratio: 'Enter a number.',
        tags: 'Choose only from the listed options.',
      },
    });
  });

  it('uses declared names only: undeclared keys and inherited members are ignored', () => {
    const values: unknown = JSON.parse('{"name":"Ada","count":1,"extra":"x","__proto__":{"polluted":true},"constructor":"c"}');
    const result = validateForm(form, values as Record<string, unknown>);
    expect(result).toStrictEqual({ ok: true, content: { name: 'Ada', count: 1 } });
    // `toString` is a field here; Object.prototype.toString must not be read as its value.
    expect(result.ok && Object.hasOwn(result.content, 'toString')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('sends a field named like an Object member as an ordinary own key', () => {
    const result = validateForm(form, { name: 'Ada', count: 1, toString: 'x' });
    expect(result).toStrictEqual({ ok: true, content: { name: 'Ada', count: 1, toString: 'x' } });
    expect(JSON.stringify(result.ok && result.content)).toBe('{"name":"Ada","count":1,"toString":"x"}');
  });

  it('never submits on its own: initial values are only used when the caller passes them', () => {
    const withDefault = model({ type: 'object', properties: { n: { type: 'integer', default: 4 } }, required: ['n'] });
    expect(validateForm(withDefault, {})).toStrictEqual({ ok: false, errors: { n: 'Enter a whole number.' } });
  });
});
