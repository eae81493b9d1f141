/** The header's theme choice: follow the system, or always light, or always dark. */
import { useState, type ChangeEvent } from 'react';
import { readThemePreference, saveThemePreference, THEME_PREFERENCES, type ThemePreference } from '../lib/theme-preference';
import './theme-switch.css';

const LABELS: Record<ThemePreference, string> = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' };

/** A labelled select; a change shows at once and is remembered across restarts. */
export function ThemeSwitch() {
  const [preference, setPreference] = useState<ThemePreference>(readThemePreference);
  const choose = (event: ChangeEvent<HTMLSelectElement>): void => {
    const next = event.target.value as ThemePreference;
    setPreference(next);
    saveThemePreference(next);
  };
  return (
    <select className="input theme-switch" aria-label="Theme" value={preference} onChange={choose} data-testid="theme-switch">
      {THEME_PREFERENCES.map((choice) => (
        <option key={choice} value={choice}>
          {LABELS[choice]}
        </option>
      ))}
    </select>
  );
}
