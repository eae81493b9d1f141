import { describe, expect, it } from 'vitest';
import { deriveProgress } from '../../shared/derived-progress.js';

describe('deriveProgress', () => {
  const reads: [string, number, number][] = [
    // message, progress, total
    ['Step 5/8', 5, 8],
    ['Step 2/5: Compiling', 2, 5],
    ['step 3 / 4 — linking', 3, 4],
    ['Processed 12/12 files', 12, 12],
    ['0/3 done', 0, 3],
    ['5 of 8', 5, 8],
    ['Uploading file 3 of 10', 3, 10],
    ['Page 1 OF 2', 1, 2],
    ['42 %', 42, 100],
    ['42%', 42, 100],
    ['Indexing: 99.5% done', 99.5, 100],
    ['100%', 100, 100],
    ['0 %', 0, 100],
    // The first form that makes a fraction wins; a date before it is skipped.
    ['Built on 2026/07/28, step 4/9', 4, 9],
    ['HTTP/1.1 upload, 30%', 30, 100],
  ];
  it.each(reads)('%j reads as %d of %d', (message, progress, total) => {
    expect(deriveProgress(message)).toEqual({ progress, total });
  });

  const nothing: [string, string | undefined][] = [
    ['no message', undefined],
    ['no numbers', 'Compiling'],
    ['a protocol version', 'Speaking HTTP/1.1'],
    ['a protocol version with a space', 'HTTP/2 0'],
    ['a date, year first', 'Started 2026/07/28'],
    ['a date, day first', 'Due 28/07/2026'],
    ['a date, month first', 'Due 07/28/2026'],
    ['a version range', 'v2/3.0'],
    ['a fraction over one', 'Step 9/8'],
    ['a zero total', 'Step 0/0'],
    ['prose with "of"', 'version 2 of the API'],
    ['"of" making more than one', 'version 2 of 1'],
    ['a percentage over 100', 'CPU at 150%'],
    ['a negative percentage', 'Change -5%'],
    ['huge numbers', 'Row 12345678/99999999'],
    ['huge numbers with "of"', '1234567 of 9999999'],
    ['a huge percentage', '1000%'],
    ['a decimal fraction', '1.5/3'],
    ['an IP-like path', '10.0.0.1/24'],
  ];
  it.each(nothing)('%s: %j reads as no progress', (_name, message) => {
    expect(deriveProgress(message)).toBeUndefined();
  });

  it('reads only the start of a very long message', () => {
    expect(deriveProgress(`${'x'.repeat(600)} Step 1/2`)).toBeUndefined();
    expect(deriveProgress(`${'x'.repeat(100)} Step 1/2`)).toEqual({ progress: 1, total: 2 });
  });
});
