/**
 * The field model both generated forms share: the launcher's form for a tool's arguments
 * (renderer/lib/schema-form.ts) and an elicitation's form (shared/elicitation/form-model.ts).
 * Each builder adds only the kinds and constraints its schema subset has; what both have is
 * spelled once here. Labels, descriptions and option labels are untrusted text: render as text.
 */

/** One choice of a select: the value sent back and the text shown (the schema's title, else the value). */
export type FormOption = { value: string; label: string };

/** What every field has. */
export type FieldCommon = {
  /** The declared property name: the key in the object the form sends. */
  name: string;
  /** The schema's title, else the property name. */
  label: string;
  description?: string;
  required: boolean;
};

/*
 * `initial` in each kind below is the schema's default that survived the builder's checks: it
 * only pre-fills the field and is never sent unless the user submits the form.
 */

/** A number field; `integer` refuses fractions. */
export type NumberField = FieldCommon & { kind: 'number' | 'integer'; minimum?: number; maximum?: number; initial?: number };

/** A yes/no field. Without `initial` it starts unset, so an untouched optional field sends nothing. */
export type BooleanField = FieldCommon & { kind: 'boolean'; initial?: boolean };

/** One choice among `options`. */
export type SelectField = FieldCommon & { kind: 'select'; options: FormOption[]; initial?: string };
