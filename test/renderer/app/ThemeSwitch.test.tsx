// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeSwitch } from '../../../renderer/app/ThemeSwitch';
import { applyThemePreference, readThemePreference } from '../../../renderer/lib/theme-preference';

beforeEach(() => {
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
});
afterEach(cleanup);

describe('readThemePreference', () => {
  it.each([
    [null, 'system'],
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    ['purple', 'system'],
    ['', 'system'],
  ])('stored %j reads as %s', (stored, expected) => {
    if (stored !== null) window.localStorage.setItem('mtm.theme', stored);
    expect(readThemePreference()).toBe(expected);
  });
});

describe('ThemeSwitch', () => {
  it('starts at the stored choice', () => {
    window.localStorage.setItem('mtm.theme', 'dark');
    render(<ThemeSwitch />);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Theme' }).value).toBe('dark');
  });

  it('applies a choice at once and remembers it for the next start', () => {
    applyThemePreference(readThemePreference());
    expect(document.documentElement.dataset.theme).toBe('system');
    render(<ThemeSwitch />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Theme' }), { target: { value: 'light' } });
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('mtm.theme')).toBe('light');

    cleanup();
    render(<ThemeSwitch />);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Theme' }).value).toBe('light');
  });
});
