import { describe, expect, it } from 'vitest';
import { isJsonObject, isPlainJsonObject } from '../../shared/json-guards.js';

class Point {
  x = 1;
}

describe('isJsonObject and isPlainJsonObject', () => {
  it.each<[string, unknown, boolean, boolean]>([
    // what, value, JSON object, plain JSON object
    ['an empty object', {}, true, true],
    ['an object with keys', { a: 1, b: [2] }, true, true],
    ['parsed JSON', JSON.parse('{"__proto__": {"polluted": true}}'), true, true],
    ['an object without a prototype', Object.create(null), true, true],
    ['a class instance', new Point(), true, false],
    ['a Map', new Map(), true, false],
    ['a Date', new Date(0), true, false],
    ['an empty array', [], false, false],
    ['an array', [{ a: 1 }], false, false],
    ['null', null, false, false],
    ['undefined', undefined, false, false],
    ['a string', '{}', false, false],
    ['a number', 0, false, false],
    ['a boolean', true, false, false],
    ['a function', () => ({}), false, false],
  ])('%s', (_what, value, jsonObject, plain) => {
    expect(isJsonObject(value)).toBe(jsonObject);
    expect(isPlainJsonObject(value)).toBe(plain);
  });
});
