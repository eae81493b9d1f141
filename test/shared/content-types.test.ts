import { describe, expect, it } from 'vitest';
import { contentTypeFor } from '../../shared/content-types.js';

describe('contentTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['assets/index-AbC.JS', 'text/javascript; charset=utf-8'],
    ['a/b.css', 'text/css; charset=utf-8'],
    ['logo.svg', 'image/svg+xml'],
    ['no-extension', 'application/octet-stream'],
    ['dir.v2/no-extension', 'application/octet-stream'],
    ['.hidden', 'application/octet-stream'],
    ['x.constructor', 'application/octet-stream'],
    ['x.__proto__', 'application/octet-stream'],
  ])('%s → %s', (path, expected) => {
    expect(contentTypeFor(path)).toBe(expected);
  });
});
