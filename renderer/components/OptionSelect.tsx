/**
 * A single-choice select over untrusted options (the launcher's `enum` fields, the input forms'
 * select fields): labels shown as visible text, and an empty first choice — "Choose…" for a
 * required field, "Not set" otherwise — so nothing is picked for the user.
 */
import type { SelectHTMLAttributes } from 'react';
import { toVisibleString } from '../lib/visible-text';

export type OptionSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'required'> & {
  options: readonly { value: string; label: string }[];
  /** Only changes the empty choice's words; validation stays with the caller. */
  required: boolean;
  value: string;
  onChange: (value: string) => void;
};

/** See the module comment; every other prop goes to the `<select>`. */
export function OptionSelect({ options, required, value, onChange, ...props }: OptionSelectProps) {
  return (
    <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{required ? 'Choose…' : 'Not set'}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {toVisibleString(option.label)}
        </option>
      ))}
    </select>
  );
}
