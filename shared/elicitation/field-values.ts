/**
 * The one rule for "does this value fit this field", shared by the schema check (a server's
 * `default` that does not fit is dropped) and by answer validation (form-model, in the
 * renderer as the user types and again in the host before sending), so a pre-filled value can
 * never fail the check the user's answer must pass.
 */
import { quote } from '../quoted-text.js';
import type { FormValue } from './elicit-result.js';
import { isDate, isDateTime, isEmail, isUri, isWebUri } from './formats.js';
import { matchesPattern } from './text-pattern.js';

/** Field kinds entered as free text; the last four carry a `format` (the spec's string formats). */
export type TextKind = 'text' | 'email' | 'uri' | 'date' | 'datetime';

/** What a value is checked against: a field's kind and constraints (structural, so both checked fields and form fields fit). */
export type FieldRule = { required: boolean } & (
  | { kind: TextKind; minLength?: number; maxLength?: number; pattern?: string }
  | { kind: 'number' | 'integer'; minimum?: number; maximum?: number }
  | { kind: 'boolean' }
  | { kind: 'select'; options: readonly { value: string }[] }
  | { kind: 'multiselect'; options: readonly { value: string }[]; minItems?: number; maxItems?: number }
);

/** A checked value: `value` undefined means "empty", to be left out of the answer. */
export type ValueCheck = { ok: true; value: FormValue | undefined } | { ok: false; message: string };

const FORMAT_CHECKS: Record<TextKind, { test: (value: string) => boolean; message: string } | undefined> = {
  text: undefined,
  email: { test: isEmail, message: 'Enter an e-mail address, like name@example.com.' },
  uri: { test: isUri, message: 'Enter a full address with its scheme, like https://example.com.' },
  date: { test: isDate, message: 'Enter a real date as YYYY-MM-DD.' },
  datetime: { test: isDateTime, message: 'Enter a date and time with its time zone, like 2026-03-01T09:30:00Z.' },
};

/**
 * Checks a typed value (no parsing here: a `"5"` for a number field is wrong-typed; the form
 * layer parses user input first). Empty (`undefined`, `null`, `""`, `[]`) is fine for an
 * optional field and yields `value: undefined`. Multi-select values come back in option order,
 * each once.
 */
export function checkValue(rule: FieldRule, value: unknown): ValueCheck {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return rule.required ? fail(requiredMessage(rule)) : { ok: true, value: undefined };
  }
  switch (rule.kind) {
    case 'text':
    case 'email':
    case 'uri':
    case 'date':
    case 'datetime': {
      if (typeof value !== 'string') return fail('Enter text.');
      const length = codePointLength(value);
      // JSON Schema counts characters as code points, not UTF-16 units.
      if ((rule.minLength !== undefined && length < rule.minLength) || (rule.maxLength !== undefined && length > rule.maxLength)) {
        return fail(`Enter ${bounds(rule.minLength, rule.maxLength, 'character')}.`);
      }
      const format = FORMAT_CHECKS[rule.kind];
      if (format !== undefined && !format.test(value)) return fail(format.message);
      // Run with RE2 (text-pattern.ts): linear in the value, whatever the server's pattern.
      if (rule.pattern !== undefined && !matchesPattern(rule.pattern, value)) {
        return fail(`Enter text in the form the server asks for (pattern ${quote(rule.pattern)}).`);
      }
      return { ok: true, value };
    }
    case 'number':
    case 'integer': {
      // Safe integers only: a larger "integer" would silently change on the way to JSON.
      const fits = typeof value === 'number' && Number.isFinite(value)
        && (rule.kind === 'number' || Number.isSafeInteger(value))
        && (rule.minimum === undefined || value >= rule.minimum)
        && (rule.maximum === undefined || value <= rule.maximum);
      return fits ? { ok: true, value } : fail(numberMessage(rule.kind, rule.minimum, rule.maximum));
    }
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : fail('Choose yes or no.');
    case 'select':
      return typeof value === 'string' && rule.options.some((option) => option.value === value)
        ? { ok: true, value }
        : fail('Choose one of the listed options.');
    case 'multiselect': {
      if (!Array.isArray(value) || !value.every((item) => rule.options.some((option) => option.value === item))) {
        return fail('Choose only from the listed options.');
      }
      const chosen = new Set<unknown>(value);
      const values = rule.options.filter((option) => chosen.has(option.value)).map((option) => option.value);
      if ((rule.minItems !== undefined && values.length < rule.minItems) || (rule.maxItems !== undefined && values.length > rule.maxItems)) {
        return fail(`Choose ${bounds(rule.minItems, rule.maxItems, 'option')}.`);
      }
      return { ok: true, value: values };
    }
  }
}

/**
 * A caution about a value that fits its field, for the user to read before sending; undefined
 * when there is none. Today: an address in a `format: "uri"` field that is not http(s), such as
 * `javascript:`, `data:` or `file:`.
 *
 * It warns and does not block: the address only goes back to the server (this app never opens
 * it), servers legitimately ask for `mailto:`, `urn:` or `ssh:` URIs, and the user typed it. A
 * server's default, which the user did not choose, is dropped instead (schema-check.ts).
 */
export function valueWarning(rule: FieldRule, value: unknown): string | undefined {
  if (rule.kind !== 'uri' || typeof value !== 'string' || !isUri(value) || isWebUri(value)) return undefined;
  const scheme = value.slice(0, value.indexOf(':') + 1);
  return `This address starts with ${quote(scheme)}, so it is not a web page (http or https). It is sent to the server exactly as typed: send it only if you mean it.`;
}

function fail(message: string): ValueCheck {
  return { ok: false, message };
}

function requiredMessage(rule: FieldRule): string {
  switch (rule.kind) {
    case 'number':
    case 'integer':
      return numberMessage(rule.kind, rule.minimum, rule.maximum);
    case 'boolean':
      return 'Choose yes or no.';
    case 'select':
      return 'Choose an option.';
    case 'multiselect':
      return rule.minItems !== undefined || rule.maxItems !== undefined
        ? `Choose ${bounds(Math.max(rule.minItems ?? 1, 1), rule.maxItems, 'option')}.`
        : 'Choose at least one option.';
    default:
      return 'Fill in this field.';
  }
}

/** "Enter a whole number between 1 and 10." and its one-sided variants. */
function numberMessage(kind: 'number' | 'integer', minimum: number | undefined, maximum: number | undefined): string {
  const noun = kind === 'integer' ? 'a whole number' : 'a number';
  if (minimum !== undefined && maximum !== undefined) return `Enter ${noun} between ${minimum} and ${maximum}.`;
  if (minimum !== undefined) return `Enter ${noun} of at least ${minimum}.`;
  if (maximum !== undefined) return `Enter ${noun} of at most ${maximum}.`;
  return `Enter ${noun}.`;
}

/** "between 5 and 20 characters", "at least 1 option", "exactly 2 options", ... */
function bounds(min: number | undefined, max: number | undefined, unit: string): string {
  const count = (n: number): string => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${count(min)}` : `between ${min} and ${count(max)}`;
  if (min !== undefined) return `at least ${count(min)}`;
  return `at most ${count(max ?? 0)}`;
}

function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}
