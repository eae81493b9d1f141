import { describe, expect, it } from 'vitest';
import { ARGUMENT_SUMMARY_MAX, summarizeArguments } from '../../shared/argument-summary.js';

describe('summarizeArguments', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['no arguments', {}, ''],
    ['plain words stay bare, in order', { env: 'prod', version: '1.2' }, 'env=prod, version=1.2'],
    ['numbers, booleans and null as written', { replicas: 3, dryRun: false, note: null }, 'replicas=3, dryRun=false, note=null'],
    ['a string with a space is quoted', { message: 'hello world' }, 'message="hello world"'],
    ['a string with a comma or = is quoted, so pairs never blur', { list: 'a,b', expr: 'x=1' }, 'list="a,b", expr="x=1"'],
    ['an empty string is quoted', { name: '' }, 'name=""'],
    ['paths and addresses stay bare', { path: 'src/app.ts', url: 'https://a.io/x', who: 'rm@a.io' }, 'path=src/app.ts, url=https://a.io/x, who=rm@a.io'],
    ['nested objects and arrays are abbreviated', { config: { a: 1 }, tags: ['x', 'y'] }, 'config={…}, tags=[…]'],
    ['empty nested values say they are empty', { config: {}, tags: [] }, 'config={}, tags=[]'],
    ['hidden characters are written out, never passed on', { text: 'a\u202Eb\nc' }, 'text="a\\u{202E}b\\u{A}c"'],
    ['a key that is not a plain word is quoted too', { 'my key': 1 }, '"my key"=1'],
    ['a long string is cut inside its quotes', { text: 'x'.repeat(50) }, `text="${'x'.repeat(40)}…"`],
  ])('%s', (_name, args, expected) => {
    expect(summarizeArguments(args)).toBe(expected);
  });

  it('caps the whole line, an ellipsis marking the cut', () => {
    const summary = summarizeArguments({ alpha: 'one', beta: 'two', gamma: 'three', delta: 'four', epsilon: 'five', zeta: 'six' });
    expect(summary.length).toBeLessThanOrEqual(ARGUMENT_SUMMARY_MAX);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary.startsWith('alpha=one, beta=two')).toBe(true);
  });

  it('never ends on half a surrogate pair', () => {
    const summary = summarizeArguments({ emoji: '😀'.repeat(30) }, 20);
    expect(summary.length).toBeLessThanOrEqual(20);
    expect(/[\uD800-\uDBFF]…$/.test(summary)).toBe(false);
  });
});
