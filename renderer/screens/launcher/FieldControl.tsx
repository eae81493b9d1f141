/** One form field: label (with required marker), control for its kind, help text, error. */
import type { ReactNode } from 'react';
import { VisibleText } from '../../components/VisibleText';
import { isTriStateBoolean, type ArgumentField } from '../../lib/schema-form';
import { FieldLabel } from '../../components/FieldLabel';
import { OptionSelect } from '../../components/OptionSelect';

export interface FieldControlProps {
  /** DOM id of the control (property names are untrusted, so they never become ids). */
  id: string;
  field: ArgumentField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** Input types for string formats a browser helps with; everything else is plain text. */
const FORMAT_INPUT_TYPES: ReadonlyMap<string, string> = new Map([
  ['email', 'email'],
  ['uri', 'url'],
  ['date', 'date'],
]);

/** A labelled control for `field`. */
export function FieldControl({ id, field, value, error, onChange }: FieldControlProps) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [field.description !== undefined ? helpId : '', error !== undefined ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error !== undefined,
    required: field.required,
    'data-testid': `launcher-field-${field.name}`,
  };
  const isCheckbox = field.kind === 'boolean' && !isTriStateBoolean(field);
  return (
    <div className={`field${isCheckbox ? ' field--checkbox' : ''}`}>
      {isCheckbox ? (
        <label htmlFor={id} className="field__label">
          <input {...common} type="checkbox" checked={value === 'true'} onChange={(event) => onChange(event.target.checked ? 'true' : 'false')} />{' '}
          <FieldLabel field={field} />
        </label>
      ) : (
        <>
          <label htmlFor={id} className="field__label">
            <FieldLabel field={field} />
          </label>
          {renderControl(field, value, onChange, common)}
        </>
      )}
      {field.description !== undefined && (
        <p id={helpId} className="field__help">
          <VisibleText text={field.description} multiline />
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} className="field__error" data-testid={`field-error-${field.name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

type CommonProps = { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean; required: boolean; 'data-testid': string };

function renderControl(field: ArgumentField, value: string, onChange: (value: string) => void, common: CommonProps): ReactNode {
  switch (field.kind) {
    case 'boolean':
      // Only a tri-state boolean gets here: "not set" must be sendable.
      return (
        <select {...common} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Not set</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case 'select':
      return <OptionSelect {...common} className="input" options={field.options} required={field.required} value={value} onChange={onChange} />;
    case 'number':
    case 'integer':
      // Text, not type=number: a number input hides what was typed when it is not a number,
      // and the check below must be able to say why.
      return (
        <input
          {...common}
          type="text"
          inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'string':
      return (
        <input
          {...common}
          type={(field.format !== undefined && FORMAT_INPUT_TYPES.get(field.format)) || 'text'}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
