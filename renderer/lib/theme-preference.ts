/**
 * The colour theme the user chose (system / light / dark), kept in localStorage and applied as
 * `data-theme` on <html>; theme.css switches the colour tokens on that attribute.
 */

/** What the user can choose; `system` follows the OS's light or dark setting. */
export type ThemePreference = 'system' | 'light' | 'dark';

/** The choices in the order the switch shows them. */
export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];

const STORAGE_KEY = 'mtm.theme';

function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** The stored choice, or `system` when nothing (or something unknown) is stored or storage is off. */
export function readThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Shows `preference` now, on the whole document. */
export function applyThemePreference(preference: ThemePreference): void {
  document.documentElement.dataset.theme = preference;
}

/** Shows `preference` and remembers it for the next start (when storage is available). */
export function saveThemePreference(preference: ThemePreference): void {
  applyThemePreference(preference);
  try {
    window.localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // Not remembered; the theme still applies for this session.
  }
}
