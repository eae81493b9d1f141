import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_LINE_LENGTH } from '../../../shared/server-config.js';
import { cleanLine } from '../../../electron/engine/connections/untrusted-line.js';

describe('cleanLine', () => {
  it.each<[string, string]>([
    ['line\nbreak\r', 'linebreak'],
    ['\u001b[31mError:\u001b[0m boom', 'Error: boom'],
    ['\u001b]0;title\u0007Error', 'Error'],
    ['a\u0000b\u0007c\u001bd', 'abcd'],
    ['\u202egnp.exe\u200b', 'gnp.exe'],
    ['\tindented  ', '  indented'],
  ])('%j → %j', (raw, expected) => {
    expect(cleanLine(raw)).toBe(expected);
  });

  it(`caps a line at ${MAX_REPORTED_LINE_LENGTH} characters`, () => {
    const line = cleanLine('x'.repeat(10_000));
    expect(line).toHaveLength(MAX_REPORTED_LINE_LENGTH);
    expect(line.endsWith('…')).toBe(true);
  });
});
