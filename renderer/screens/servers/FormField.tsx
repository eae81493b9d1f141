/** One labelled field of the server forms (the editor, the shared folders). */
import type { ReactNode } from 'react';

/** What a field's control must carry to be labelled, described and marked invalid. */
export type ControlProps = { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean };

/** A labelled form control with its help text and its error, both tied to it with aria-describedby. */
export function FormField({ id, label, help, error, children }: { id: string; label: string; help: string | undefined; error: string | undefined; children: (props: ControlProps) => ReactNode }) {
  const describedBy = [help !== undefined ? `${id}-help` : '', error !== undefined ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error !== undefined })}
      {help !== undefined && (
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
      )}
      {error !== undefined && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
