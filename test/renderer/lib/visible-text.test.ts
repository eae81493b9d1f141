// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hiddenMarker, revealHiddenCharacters, toVisibleString } from '../../../renderer/lib/visible-text';

describe('toVisibleString', () => {
  it.each([
    ['plain text', 'build', 'build'],
    ['empty', '', ''],
    ['right-to-left override', 'evil\u202Egnp.exe', 'evil[U+202E]gnp.exe'],
    ['left-to-right override', 'a\u202Db', 'a[U+202D]b'],
    ['isolates', '\u2066x\u2069', '[U+2066]x[U+2069]'],
    ['rtl mark', 'a\u200Fb', 'a[U+200F]b'],
    ['zero width space', 'ser\u200Bver', 'ser[U+200B]ver'],
    ['zero width joiner', 'a\u200Db', 'a[U+200D]b'],
    ['byte order mark', '\uFEFFid', '[U+FEFF]id'],
    ['soft hyphen', 'to\u00ADken', 'to[U+00AD]ken'],
    ['tag characters (astral)', 'a\u{E0041}\u{E0042}', 'a[U+E0041][U+E0042]'],
    ['escape (C0 control)', 'a\u001B[31mred', 'a[U+001B][31mred'],
    ['C1 control', 'a\u0085b', 'a[U+0085]b'],
    ['newline in a name', 'a\nb', 'a[U+000A]b'],
    ['visible non-ASCII stays', 'café ✓ 日本 😀', 'café ✓ 日本 😀'],
    ['arabic and hebrew letters stay', 'שלום مرحبا', 'שלום مرحبا'],
  ])('%s', (_name, input, expected) => {
    expect(toVisibleString(input)).toBe(expected);
  });

  it('keeps newlines and tabs in multi-line text but still reveals the rest', () => {
    expect(toVisibleString('line 1\n\tline 2\u202E', true)).toBe('line 1\n\tline 2[U+202E]');
  });
});

describe('revealHiddenCharacters', () => {
  it('splits text and hidden characters into segments with names', () => {
    expect(revealHiddenCharacters('ab\u202Ecd')).toEqual([
      { kind: 'text', text: 'ab' },
      { kind: 'hidden', codePoint: 0x202e, marker: '[U+202E]', name: 'right-to-left override' },
      { kind: 'text', text: 'cd' },
    ]);
  });

  it('returns one text segment for ordinary text', () => {
    expect(revealHiddenCharacters('server')).toEqual([{ kind: 'text', text: 'server' }]);
  });

  it('returns nothing for the empty string', () => {
    expect(revealHiddenCharacters('')).toEqual([]);
    expect(revealHiddenCharacters('', true)).toEqual([]);
  });

  it.each([false, true])('finds the same hidden characters on its quick path as its full scan, for every code point (keepLineBreaks %s)', (keepLineBreaks) => {
    // Alone, a visible character takes the quick path; after a hidden one, the same character
    // goes through the full scan. The two must agree on every code point.
    const disagreeing: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      const alone = revealHiddenCharacters(character, keepLineBreaks);
      const scanned = revealHiddenCharacters(`\u202E${character}`, keepLineBreaks).slice(1);
      if (JSON.stringify(alone) !== JSON.stringify(scanned)) disagreeing.push(hiddenMarker(codePoint));
    }
    expect(disagreeing).toEqual([]);
  });

  it.each([
    [0x9, '[U+0009]'],
    [0x202e, '[U+202E]'],
    [0xe0001, '[U+E0001]'],
  ])('marks U+%s as %s', (codePoint, marker) => {
    expect(hiddenMarker(codePoint)).toBe(marker);
  });
});
