/** A field's `pattern` with RE2 semantics: what compiles, what it matches, and that it stays linear. */
import { describe, expect, it } from 'vitest';
import { checkPattern, matchesPattern, PATTERN_LIMITS } from '../../../shared/elicitation/text-pattern.js';

describe('checkPattern', () => {
  it.each([
    ['a plain class', '^[a-z]+$'],
    ['nested quantifiers (catastrophic for a backtracking engine)', '^(a+)+$'],
    ['a named group', '^(?<year>\\d{4})$'],
    ['\\uXXXX escapes, in and out of a class', '^[\\u0041-\\u005A]\\u0021$'],
    ['a \\u{...} escape', '^\\u{1F600}$'],
    ['a Unicode property', '^\\p{L}+$'],
    ['an empty pattern', ''],
    [`${PATTERN_LIMITS.length} characters`, 'a'.repeat(PATTERN_LIMITS.length)],
  ])('enforces %s', (_label, source) => {
    expect(checkPattern(source)).toStrictEqual({ ok: true });
  });

  it.each([
    ['lookahead', '(?=a)a', 'unsupported'],
    ['lookbehind', '(?<=a)b', 'unsupported'],
    ['a back-reference', '(a)\\1', 'unsupported'],
    ['a named back-reference (not read as the text "k<n>")', '(?<n>a)\\k<n>', 'unsupported'],
    ['an unbalanced class', '[a-', 'unsupported'],
    ['a repeat count over 1000', 'a{1001}', 'unsupported'],
    ['a text longer than the limit', 'a'.repeat(PATTERN_LIMITS.length + 1), 'too-long'],
    ['a program larger than the limit', '[a-z]{1000}[0-9]{1000}[A-Z]{1000}', 'too-complex'],
  ])('refuses %s', (_label, source, problem) => {
    expect(checkPattern(source)).toStrictEqual({ ok: false, problem });
  });
});

describe('matchesPattern', () => {
  it.each([
    ['^[A-Z]{3}$', 'ABC', true],
    ['^[A-Z]{3}$', 'ABCD', false],
    ['^[A-Z]{3}$', 'abc', false],
    // JSON Schema patterns are not anchored: a match anywhere counts.
    ['[0-9]', 'abc5def', true],
    ['^a$', 'a\n', false],
    ['^.$', '😀', true],
    ['^\\u{1F600}$', '😀', true],
    ['^[\\u0041-\\u005A]+$', 'AZ', true],
    ['^[\\u0041-\\u005A]+$', 'a', false],
    // An escaped backslash is not the start of a \u escape.
    ['^\\\\u0041$', '\\u0041', true],
    ['^\\\\u0041$', 'A', false],
    ['^\\w+$', 'é', false],
  ])('%s on %j → %s', (source, value, expected) => {
    expect(matchesPattern(source, value)).toBe(expected);
  });

  it('never matches with a pattern it cannot enforce (fails closed)', () => {
    expect(matchesPattern('(?=a)a', 'a')).toBe(false);
    expect(matchesPattern('a'.repeat(PATTERN_LIMITS.length + 1), 'a'.repeat(PATTERN_LIMITS.length + 1))).toBe(false);
  });

  it('runs a catastrophic-backtracking pattern on a long value in linear time (a backtracking engine would not return)', () => {
    expect(matchesPattern('^(a+)+$', `${'a'.repeat(100_000)}b`)).toBe(false);
    expect(matchesPattern('^(a|aa)*$', `${'a'.repeat(100_000)}!`)).toBe(false);
    expect(matchesPattern('^(a+)+$', 'a'.repeat(100_000))).toBe(true);
  });
});
