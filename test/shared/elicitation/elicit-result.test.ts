/** The three answers to a form (docs/protocol-notes.md#the-answer-elicitresult): only accept carries content (docs/security.md#answers). */
import { describe, expect, it } from 'vitest';
import { acceptResult, cancelResult, declineResult, ElicitResultSchema } from '../../../shared/elicitation/elicit-result.js';

describe('ElicitResult builders', () => {
  it('accept carries the content', () => {
    expect(acceptResult({ a: 'x', n: 1.5, b: false, m: ['p'] })).toStrictEqual({ action: 'accept', content: { a: 'x', n: 1.5, b: false, m: ['p'] } });
  });
  it('decline and cancel carry no content at all', () => {
    expect(declineResult()).toStrictEqual({ action: 'decline' });
    expect(cancelResult()).toStrictEqual({ action: 'cancel' });
  });
});

describe('ElicitResultSchema', () => {
  const rows: [string, unknown, boolean][] = [
    ['accept', { action: 'accept', content: { a: 'x' } }, true],
    ['decline', { action: 'decline' }, true],
    ['cancel', { action: 'cancel' }, true],
    ['decline with content', { action: 'decline', content: { a: 'x' } }, false],
    ['cancel with content', { action: 'cancel', content: {} }, false],
    ['accept without content', { action: 'accept' }, false],
    ['accept with a stray key', { action: 'accept', content: {}, extra: 1 }, false],
    ['accept with NaN', { action: 'accept', content: { n: Number.NaN } }, false],
    ['accept with Infinity', { action: 'accept', content: { n: Number.POSITIVE_INFINITY } }, false],
    ['accept with a nested object', { action: 'accept', content: { o: { x: 1 } } }, false],
    ['accept with a list of numbers', { action: 'accept', content: { l: [1] } }, false],
    ['unknown action', { action: 'dismiss' }, false],
  ];
  it.each(rows)('%s → valid: %s', (_label, value, valid) => {
    expect(ElicitResultSchema.safeParse(value).success).toBe(valid);
  });
});
