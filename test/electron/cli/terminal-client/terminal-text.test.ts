/** Server text on a terminal: no escape sequence, bidi or invisible character gets through raw. */
import { describe, expect, it } from 'vitest';
import { jsonLine, printable, printableLines } from '../../../../electron/cli/terminal-client/terminal-text.js';

/** Characters a terminal acts on or that hide or reorder text. */
const RAW_HAZARDS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

describe('printable', () => {
  it.each([
    ['an ANSI colour sequence', '\u001b[31mred\u001b[0m', '\\u{1B}[31mred\\u{1B}[0m'],
    ['a title-setting OSC sequence', '\u001b]0;owned\u0007', '\\u{1B}]0;owned\\u{7}'],
    ['a C1 CSI', '\u009b2J', '\\u{9B}2J'],
    ['a right-to-left override', 'gnp\u202e.exe', 'gnp\\u{202E}.exe'],
    ['zero-width characters', 'a\u200bb\ufeff', 'a\\u{200B}b\\u{FEFF}'],
    ['a line break (one line stays one line)', 'one\r\ntwo', 'one\\u{D}\\u{A}two'],
    ['plain text', 'Step 2/5: Compiling', 'Step 2/5: Compiling'],
  ])('writes out %s', (_case, text, shown) => {
    expect(printable(text)).toBe(shown);
  });

  it('cuts long text with a visible ellipsis, never inside a surrogate pair', () => {
    expect(printable('abcdef', 3)).toBe('abc…');
    expect(printable('ab😀c', 3)).toBe('ab…');
  });
});

describe('printableLines', () => {
  it('keeps line breaks, escapes everything else, and says how much it left out', () => {
    const shown = printableLines('first \u001b[2J\nsecond\u202e\n'.concat('x'.repeat(100)), 30);
    expect(shown.split('\n').slice(0, 2)).toEqual(['first \\u{1B}[2J', 'second\\u{202E}']);
    expect(shown).toMatch(/\[… \d+ more characters not shown\]$/u);
    expect(RAW_HAZARDS.test(shown)).toBe(false);
  });
});

describe('jsonLine', () => {
  it('is JSON that parses back to the same value, with no raw C1, bidi or zero-width character', () => {
    const value = { message: 'a\u001b[31m\u009b\u202e\u2066\u200b\u2028b', n: 1 };
    const line = jsonLine(value);
    expect(JSON.parse(line)).toEqual(value);
    expect(RAW_HAZARDS.test(line)).toBe(false);
    expect(line).not.toMatch(/\n/u);
  });
});
