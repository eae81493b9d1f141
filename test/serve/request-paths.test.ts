/** The pure halves of the static-file guard and the first-load redirect, as tables. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locationWithoutToken } from '../../electron/serve/access-guard.js';
import { requestedPath } from '../../electron/serve/static-site.js';

describe('requestedPath', () => {
  it.each([
    ['/', { ok: true, relative: 'index.html' }],
    ['/?token=x', { ok: true, relative: 'index.html' }],
    ['/assets/app.js', { ok: true, relative: join('assets', 'app.js') }],
    ['/assets//app.js', { ok: true, relative: join('assets', 'app.js') }],
    ['/tasks/a%20b', { ok: true, relative: join('tasks', 'a b') }],
    ['/..', { ok: false, status: 403 }],
    ['/a/../b', { ok: false, status: 403 }],
    ['/./index.html', { ok: false, status: 403 }],
    ['/%2e%2e', { ok: false, status: 403 }],
    ['/%2e%2e%2f%2e%2e%2fetc', { ok: false, status: 403 }],
    ['/..%5c..%5cwindows', { ok: false, status: 403 }],
    ['/a\\b', { ok: false, status: 403 }],
    ['/a%00', { ok: false, status: 403 }],
    ['/%E0%A4%A', { ok: false, status: 400 }],
    ['index.html', { ok: false, status: 400 }],
    ['http://evil.example/index.html', { ok: false, status: 400 }],
    ['*', { ok: false, status: 400 }],
  ])('%s → %j', (url, expected) => {
    expect(requestedPath(url)).toEqual(expected);
  });
});

describe('locationWithoutToken', () => {
  it.each([
    ['/?token=t', '/'],
    ['/tasks/1?token=t&tab=log', '/tasks/1?tab=log'],
    ['/?a=1&token=t&token=u', '/?a=1'],
    ['//evil.example/?token=t', '/'],
    ['/\\evil.example?token=t', '/'],
    ['?token=t', '/'],
  ])('%s → %s', (url, location) => {
    expect(locationWithoutToken(url)).toBe(location);
  });
});
