/** The launcher's JSON editor, for input schemas a flat form cannot show. */
import { useId, useMemo } from 'react';
import { JsonTree } from '../../components/JsonTree';
import { VisibleText } from '../../components/VisibleText';
import { checkJsonArguments } from '../../lib/schema-form';
import { useSubmitAttempt } from './use-submit-attempt';

export interface JsonArgumentsFormProps {
  schema: Record<string, unknown>;
  /** Why the schema is edited as JSON. */
  reason: string;
  text: string;
  onChange: (text: string) => void;
  isRunning: boolean;
  onRun: (args: Record<string, unknown>) => void;
}

/** A textarea for the arguments object, with parse and validation errors shown as you type. */
export function JsonArgumentsForm({ schema, reason, text, onChange, isRunning, onRun }: JsonArgumentsFormProps) {
  const id = useId();
  const check = useMemo(() => checkJsonArguments(text, schema), [text, schema]);
  const { formRef, showErrors, onSubmit } = useSubmitAttempt(check, onRun);
  return (
    <form ref={formRef} className="tool-form" onSubmit={onSubmit} noValidate data-testid="launcher-json-form" aria-label="Arguments">
      <div className="tool-form__body">
        <p className="muted" data-testid="launcher-json-reason">
          Arguments are edited as JSON: <VisibleText text={reason} />
        </p>
        <div className="field">
          <label htmlFor={id} className="field__label">
            Arguments (JSON object)
          </label>
          <textarea
            id={id}
            className="input input--code"
            rows={12}
            spellCheck={false}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={!check.ok}
            aria-describedby={!check.ok ? `${id}-error` : undefined}
            data-testid="launcher-json-editor"
          />
          {!check.ok && (
            <p id={`${id}-error`} className="field__error" role={showErrors ? 'alert' : undefined} data-testid="launcher-json-error">
              <VisibleText text={check.error} multiline />
            </p>
          )}
        </div>
        <details className="tool-form__schema">
          <summary>Input schema</summary>
          <JsonTree value={schema} label="inputSchema" openDepth={2} />
        </details>
      </div>
      <div className="tool-form__actions">
        <button type="submit" className="button button--primary" disabled={isRunning} data-testid="launcher-run">
          {isRunning ? 'Starting…' : 'Run'}
        </button>
      </div>
    </form>
  );
}
