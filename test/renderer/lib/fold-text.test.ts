/** Where a long text is cut while folded, and what "Show all" promises. */
import { describe, expect, it } from 'vitest';
import { FOLD_MAX_CHARS, FOLD_MAX_LINES, foldText } from '../../../renderer/lib/fold-text';

const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

describe('foldText', () => {
  it.each<{ name: string; text: string; head: string; isFolded: boolean; label: string }>([
    { name: 'a short text is not folded', text: 'Working', head: 'Working', isFolded: false, label: 'Show all (7 characters)' },
    { name: 'the empty text', text: '', head: '', isFolded: false, label: 'Show all (0 characters)' },
    { name: 'exactly the line limit is not folded', text: lines(FOLD_MAX_LINES), head: lines(FOLD_MAX_LINES), isFolded: false, label: `Show all (${FOLD_MAX_LINES} lines)` },
    { name: 'a trailing newline is no extra line to fold', text: `${lines(FOLD_MAX_LINES)}\n`, head: lines(FOLD_MAX_LINES), isFolded: false, label: `Show all (${FOLD_MAX_LINES + 1} lines)` },
    { name: 'one line more folds after the limit', text: lines(FOLD_MAX_LINES + 1), head: lines(FOLD_MAX_LINES), isFolded: true, label: `Show all (${FOLD_MAX_LINES + 1} lines)` },
    { name: 'a 4,000-character line is cut at the character limit', text: 'x'.repeat(4_000), head: 'x'.repeat(FOLD_MAX_CHARS), isFolded: true, label: 'Show all (4,000 characters)' },
    { name: 'few long lines: the character limit comes first', text: `${'a'.repeat(500)}\n${'b'.repeat(500)}`, head: `${'a'.repeat(500)}\n${'b'.repeat(FOLD_MAX_CHARS - 501)}`, isFolded: true, label: 'Show all (2 lines)' },
    { name: 'a cut never splits a character', text: '😀'.repeat(FOLD_MAX_CHARS + 1), head: '😀'.repeat(FOLD_MAX_CHARS), isFolded: true, label: `Show all (${FOLD_MAX_CHARS + 1} characters)` },
  ])('$name', ({ text, head, isFolded, label }) => {
    expect(foldText(text)).toEqual({ head, isFolded, showAllLabel: label });
  });

  it('takes other limits', () => {
    expect(foldText('a\nb\nc', 2, 100)).toEqual({ head: 'a\nb', isFolded: true, showAllLabel: 'Show all (3 lines)' });
  });
});
