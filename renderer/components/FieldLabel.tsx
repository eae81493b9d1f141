import { VisibleText } from './VisibleText';

/**
 * A form field's label: its title, the property name when the title differs (so the user sees
 * what the server will receive), and a required marker spoken as "(required)". All text is
 * server-supplied and rendered as text with hidden characters made visible.
 */
export function FieldLabel({ field }: { field: { label: string; name: string; required: boolean } }) {
  return (
    <>
      <VisibleText text={field.label} />
      {field.label !== field.name && (
        <>
          {' '}
          <span className="field__name">
            (<VisibleText text={field.name} />)
          </span>
        </>
      )}
      {field.required && (
        <>
          <span className="field__required" aria-hidden="true">
            {' '}*
          </span>
          <span className="visually-hidden"> (required)</span>
        </>
      )}
    </>
  );
}
