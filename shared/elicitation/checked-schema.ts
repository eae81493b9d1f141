/**
 * What `checkRequestedSchema` (schema-check.ts) answers with: an accepted form normalized field
 * by field, or the reasons it was refused.
 */
import type { TextKind } from './field-values.js';

/** One option of a select: the value sent back, and the server's title for it if any. */
export type CheckedOption = { value: string; title?: string };

type CheckedCommon = { name: string; title?: string; description?: string; required: boolean };
/**
 * One field of an accepted form, normalized by kind. `default` is present only when it fits
 * the field (same rule as the user's answer, `checkValue`); `pattern` only when RE2 enforces it.
 */
export type CheckedField = CheckedCommon & (
  | { kind: TextKind; minLength?: number; maxLength?: number; pattern?: string; default?: string }
  | { kind: 'number' | 'integer'; minimum?: number; maximum?: number; default?: number }
  | { kind: 'boolean'; default?: boolean }
  | { kind: 'select'; options: CheckedOption[]; default?: string }
  | { kind: 'multiselect'; options: CheckedOption[]; minItems?: number; maxItems?: number; default?: string[] }
);

/**
 * Keywords the form does not use, as the server spelled them: of the form itself (no `field`)
 * or of one field, where `items.x` and `oneOf[].x` / `items.anyOf[].x` name keywords inside it.
 * Server strings: quote them when shown.
 */
export type IgnoredKeywords = { field?: string; keywords: string[] };

/**
 * An accepted form: fields in the server's order, `notes` on what was dropped or is not
 * enforced (the user should read them), and the `ignored` keywords (a quiet note).
 */
export type CheckedSchema = { title?: string; description?: string; fields: CheckedField[]; notes: string[]; ignored: IgnoredKeywords[] };

/** The outcome of `checkRequestedSchema`: the normalized form, or the reasons it was refused. */
export type SchemaCheckResult = { ok: true; schema: CheckedSchema } | { ok: false; problems: string[] };
