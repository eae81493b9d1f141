/** The launcher's form for a flat input schema: one labelled control per property. */
import { useId, useMemo } from 'react';
import { checkFieldValues, type ArgumentField, type FieldValues, fieldValue } from '../../lib/schema-form';
import { FieldControl } from './FieldControl';
import { useSubmitAttempt } from './use-submit-attempt';

export interface FieldsFormProps {
  fields: readonly ArgumentField[];
  values: FieldValues;
  onChange: (name: string, value: string) => void;
  isRunning: boolean;
  onRun: (args: Record<string, unknown>) => void;
}

/** Fields with required markers, defaults prefilled, and validation messages. */
export function FieldsForm({ fields, values, onChange, isRunning, onRun }: FieldsFormProps) {
  const id = useId();
  const check = useMemo(() => checkFieldValues(fields, values), [fields, values]);
  const { formRef, showErrors, onSubmit } = useSubmitAttempt(check, onRun);
  const errors = showErrors && !check.ok ? check.errors : {};
  const errorCount = Object.keys(errors).length;
  return (
    <form ref={formRef} className="tool-form" onSubmit={onSubmit} noValidate data-testid="launcher-form" aria-label="Arguments">
      <div className="tool-form__body">
        {fields.length === 0 && <p className="muted">This tool takes no arguments.</p>}
        {fields.some((field) => field.required) && (
          <p className="muted">
            Fields marked <span aria-hidden="true">*</span>
            <span className="visually-hidden">required</span> are required.
          </p>
        )}
        {fields.map((field, index) => (
          <FieldControl
            key={field.name}
            id={`${id}-${index}`}
            field={field}
            value={fieldValue(values, field.name)}
            error={Object.hasOwn(errors, field.name) ? errors[field.name] : undefined}
            onChange={(value) => onChange(field.name, value)}
          />
        ))}
      </div>
      <div className="tool-form__actions">
        <button type="submit" className="button button--primary" disabled={isRunning} data-testid="launcher-run">
          {isRunning ? 'Starting…' : 'Run'}
        </button>
        {errorCount > 0 && (
          <p className="field__error" role="alert" data-testid="launcher-form-errors">
            {errorCount === 1 ? 'One field needs attention.' : `${errorCount} fields need attention.`}
          </p>
        )}
      </div>
    </form>
  );
}
