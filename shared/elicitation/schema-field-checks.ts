/**
 * Checks of one field keyword's value each (format, pattern, options, labels, bounds), for
 * schema-check.ts: each pushes its problems or notes and returns what the form may use.
 */
import { quote } from '../quoted-text.js';
import type { CheckedOption } from './checked-schema.js';
import type { TextKind } from './field-values.js';
import { get, type Json } from './json-keys.js';
import { plural } from './problem-words.js';
import { FORMAT_KINDS, SCHEMA_LIMITS, type Ignored } from './schema-keywords.js';
import { checkPattern, PATTERN_LIMITS } from './text-pattern.js';

/** The text kind a `format` names; an unknown format is ignored (plain text), a non-text one refused. */
export function checkFormat(raw: Json, where: string, problems: string[], ignored: Ignored): TextKind {
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
export function checkFieldPattern(raw: Json, where: string, problems: string[], notes: string[]): string | undefined {
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

/** `enum` beside `oneOf` must list exactly the options' values, or the two disagree on what may be chosen. */
export function checkEnumMatchesOptions(raw: unknown, options: readonly CheckedOption[], where: string, problems: string[]): void {
  if (options.length === 0) return;
  const values = new Set(options.map((option) => option.value));
  const same = Array.isArray(raw) && raw.length === values.size && raw.every((value) => typeof value === 'string' && values.has(value));
  if (!same) problems.push(`${where} uses both "enum" and "oneOf", and they list different options.`);
}

/** A list of option values (`enum`): non-empty, bounded, text, no empty or repeated values. */
export function checkValues(raw: unknown, keyword: string, where: string, problems: string[]): string[] {
  if (!Array.isArray(raw) || !raw.every((value) => typeof value === 'string')) {
    problems.push(`${where}: ${keyword} must be a list of text values.`);
    return [];
  }
  return checkOptionList(raw, where, problems) ? raw : [];
}

/** Shared rules for option values; true when they pass. */
export function checkOptionList(values: readonly string[], where: string, problems: string[]): boolean {
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
export function checkEnumNames(raw: Json, values: readonly string[], where: string, problems: string[]): string[] | undefined {
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
export function checkText(raw: Json, key: 'title' | 'description', where: string, problems: string[]): string | undefined {
  const value = get(raw, key);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') problems.push(`${where}: "${key}" must be text.`);
  else if (value.length > SCHEMA_LIMITS.textLength) problems.push(`${where}: "${key}" is longer than ${SCHEMA_LIMITS.textLength} characters.`);
  else return value;
  return undefined;
}

/** A bound (`minimum`, `maximum`): its value when it is a finite number, nothing when absent, otherwise a problem. */
export function checkFinite(raw: Json, key: string, where: string, problems: string[]): number | undefined {
  const value = get(raw, key);
  if (value === undefined) return undefined;
  // JSON.parse turns 1e400 into Infinity, so a non-finite bound can arrive off the wire.
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  problems.push(`${where}: "${key}" must be a finite number.`);
  return undefined;
}

/** A pair of counts (`minLength`/`maxLength`, `minItems`/`maxItems`): whole numbers ≥ 0, min ≤ max. */
export function checkRange(raw: Json, minKey: string, maxKey: string, where: string, problems: string[]): [number | undefined, number | undefined] {
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
