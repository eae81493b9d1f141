/**
 * The status badges' colours in theme.css: each outcome family has its own pair, every pair reads
 * at WCAG AA (4.5:1) in light and dark, and a tool error never wears a success's colours.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(fileURLToPath(new URL('../../../renderer/styles/theme.css', import.meta.url)), 'utf8');
/** The hex value of `--name` for a scheme: each token is one `light-dark(light, dark)` pair. */
function colour(name: string, scheme: 'light' | 'dark'): string {
  const match = new RegExp(`--${name}:\\s*light-dark\\((#[0-9a-fA-F]{6}),\\s*(#[0-9a-fA-F]{6})\\)\\s*;`).exec(css);
  if (match === null) throw new Error(`--${name} is not set as a light-dark pair`);
  return match[scheme === 'light' ? 1 : 2]!.toLowerCase();
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const PAIRS = ['badge-working', 'badge-input', 'badge-done', 'badge-tool-error', 'badge-failed', 'badge-neutral'];

describe('status badge colours', () => {
  it.each(PAIRS.flatMap((pair) => (['light', 'dark'] as const).map((scheme) => [pair, scheme] as const)))('%s reads at AA in %s', (pair, scheme) => {
    expect(contrast(colour(pair, scheme), colour(`${pair}-fg`, scheme))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['light', 'dark'] as const)('a tool error has its own colours in %s, not a success\'s nor a failure\'s', (scheme) => {
    const toolError = colour('badge-tool-error', scheme);
    expect(toolError).not.toBe(colour('badge-done', scheme));
    expect(toolError).not.toBe(colour('badge-failed', scheme));
  });

  it('the completed-with-error badge uses the tool-error colours', () => {
    expect(css).toMatch(/\.badge--completed-with-error\s*\{\s*background: var\(--badge-tool-error\);\s*color: var\(--badge-tool-error-fg\);/);
  });
});
