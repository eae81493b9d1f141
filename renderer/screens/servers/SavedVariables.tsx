/**
 * The saved environment variables of a stdio server being edited, by name only: their values are
 * secrets that stay on the host, and a save keeps them unless the user says otherwise here —
 * "Replace value" gives a `NAME=` line to type the new value on, "Remove" drops the variable.
 */
import { useId } from 'react';
import { VisibleText } from '../../components/VisibleText';
import { HIDDEN_VALUE } from './servers-copy';

export interface SavedVariablesProps {
  names: readonly string[];
  onReplace: (name: string) => void;
  onRemove: (name: string) => void;
}

/** The kept variables of the edit form; nothing when there are none. */
export function SavedVariables({ names, onReplace, onRemove }: SavedVariablesProps) {
  const id = useId();
  if (names.length === 0) return null;
  return (
    <div className="field" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-help`}>
      <p className="field__label" id={`${id}-label`}>
        Saved variables
      </p>
      <ul className="command__env" data-testid="server-form-kept-env">
        {names.map((name) => (
          <li key={name} data-testid="server-form-kept-var">
            <code className="command__part">
              <VisibleText text={name} />
            </code>{' '}
            <span className="muted">{HIDDEN_VALUE}</span>{' '}
            <button type="button" className="button" onClick={() => onReplace(name)} aria-label={`Replace the value of ${name}`} data-testid="server-form-env-replace">
              Replace value
            </button>{' '}
            <button type="button" className="button" onClick={() => onRemove(name)} aria-label={`Remove the variable ${name}`} data-testid="server-form-env-remove">
              Remove
            </button>
          </li>
        ))}
      </ul>
      <p className="field__help" id={`${id}-help`}>
        Their values are kept as saved and never shown. Replace value adds a line below to type the new value on.
      </p>
    </div>
  );
}
