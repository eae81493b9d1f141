/**
 * One field of a server's form (a `FormField` the host checked): label with required marker,
 * help text, the control for its kind, the message of `validateField` next to it, and a caution
 * about a value that fits but deserves a second look (`valueWarning`). Every server string
 * (label, description, option labels) renders as text only.
 */
import type { ReactNode } from 'react';
import type { FormField } from '../../../shared/elicitation/form-model';
import { VisibleText } from '../VisibleText';
import { FieldLabel } from '../FieldLabel';
import { OptionSelect } from '../OptionSelect';

/** What the user entered: text (numbers too, parsed by `validateField`), yes/no, or chosen options. */
export type FieldInput = string | boolean | string[] | undefined;

/** The input a field starts with: the server's checked default, else empty (never submitted on its own). */
export function initialInput(field: FormField): FieldInput {
  switch (field.kind) {
    case 'number':
    case 'integer':
      return field.initial === undefined ? '' : String(field.initial);
    case 'boolean':
      return field.initial;
    case 'multiselect':
      return field.initial === undefined ? [] : [...field.initial];
    default:
      return field.initial ?? '';
  }
}

export interface InputFormFieldProps {
  /** DOM id base (field names are untrusted, so they never become ids). */
  id: string;
  field: FormField;
  value: FieldInput;
  error: string | undefined;
  /** A caution about the current value (e.g. a `javascript:` address); shown as typed, it does not block sending. */
  warning: string | undefined;
  disabled: boolean;
  onChange: (value: FieldInput) => void;
}

/** Browser input types for text kinds; `datetime` stays text (datetime-local has no offset, the spec needs one). */
const TEXT_TYPES: ReadonlyMap<string, string> = new Map([
  ['email', 'email'],
  ['uri', 'url'],
  ['date', 'date'],
]);

const PLACEHOLDERS: ReadonlyMap<string, string> = new Map([
  ['email', 'name@example.com'],
  ['uri', 'https://example.com'],
  ['datetime', '2026-03-01T09:30:00Z'],
]);

/** A labelled control for `field`. */
export function InputFormField({ id, field, value, error, warning, disabled, onChange }: InputFormFieldProps) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;
  const describedBy = [field.description !== undefined ? helpId : '', error !== undefined ? errorId : '', warning !== undefined ? warningId : '']
    .filter(Boolean)
    .join(' ') || undefined;
  const isGroup = field.kind === 'boolean' || field.kind === 'multiselect';
  const help = field.description !== undefined && (
    <p id={helpId} className="field__help">
      <VisibleText text={field.description} multiline />
    </p>
  );
  const message = error !== undefined && (
    <p id={errorId} className="field__error" data-testid={`input-field-error-${field.name}`}>
      {error}
    </p>
  );
  const caution = warning !== undefined && (
    <p id={warningId} className="field__warning" role="status" data-testid={`input-field-warning-${field.name}`}>
      <VisibleText text={warning} />
    </p>
  );
  if (isGroup) {
    return (
      <fieldset
        className="field input-form__group"
        data-testid={`input-field-${field.name}`}
        aria-describedby={describedBy}
        aria-invalid={error !== undefined}
        disabled={disabled}
      >
        <legend className="field__label">
          <FieldLabel field={field} />
        </legend>
        {help}
        {field.kind === 'boolean' ? <YesNo id={id} value={value} onChange={onChange} /> : field.kind === 'multiselect' && <Choices id={id} field={field} value={value} onChange={onChange} />}
        {message}
        {caution}
      </fieldset>
    );
  }
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error !== undefined,
    'aria-required': field.required,
    disabled,
    className: 'input',
    'data-testid': `input-field-${field.name}`,
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        <FieldLabel field={field} />
      </label>
      {help}
      {renderControl(field, typeof value === 'string' ? value : '', onChange, common)}
      {message}
      {caution}
    </div>
  );
}

type CommonProps = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
  'aria-required': boolean;
  disabled: boolean;
  className: string;
  'data-testid': string;
};

function renderControl(field: FormField, value: string, onChange: (value: FieldInput) => void, common: CommonProps): ReactNode {
  switch (field.kind) {
    case 'select':
      return <OptionSelect {...common} options={field.options} required={field.required} value={value} onChange={onChange} />;
    case 'number':
    case 'integer':
      // Text, not type=number: what the user typed stays visible, and validateField says what is wrong with it.
      return <input {...common} type="text" inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'} value={value} onChange={(event) => onChange(event.target.value)} />;
    case 'boolean':
    case 'multiselect':
      return null;
    default:
      return (
        <input
          {...common}
          type={TEXT_TYPES.get(field.kind) ?? 'text'}
          placeholder={PLACEHOLDERS.get(field.kind)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/** Yes / No radios: a required yes/no must be chosen, never assumed from an untouched checkbox. */
function YesNo({ id, value, onChange }: { id: string; value: FieldInput; onChange: (value: FieldInput) => void }) {
  return (
    <div className="input-form__choices">
      {([true, false] as const).map((choice) => (
        <label key={String(choice)} className="input-form__choice" htmlFor={`${id}-${String(choice)}`}>
          <input id={`${id}-${String(choice)}`} type="radio" name={id} checked={value === choice} onChange={() => onChange(choice)} /> {choice ? 'Yes' : 'No'}
        </label>
      ))}
    </div>
  );
}

function Choices({ id, field, value, onChange }: { id: string; field: Extract<FormField, { kind: 'multiselect' }>; value: FieldInput; onChange: (value: FieldInput) => void }) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <div className="input-form__choices">
      {field.options.map((option, index) => (
        <label key={option.value} className="input-form__choice" htmlFor={`${id}-${index}`}>
          <input
            id={`${id}-${index}`}
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value))}
          />{' '}
          <VisibleText text={option.label} />
        </label>
      ))}
    </div>
  );
}
