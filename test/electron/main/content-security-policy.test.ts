import { describe, expect, it } from 'vitest';
import { APP_RESPONSE_HEADERS, CONTENT_SECURITY_POLICY, CSP_DIRECTIVES } from '../../../electron/main/content-security-policy.js';

function sources(name: string): string[] | undefined {
  const directive = CSP_DIRECTIVES.find((entry) => entry.split(' ')[0] === name);
  return directive?.split(' ').slice(1);
}

describe('the app:// Content-Security-Policy', () => {
  it('runs only our own scripts: no inline code, no eval', () => {
    expect(sources('script-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval|hashes)|wasm-unsafe-eval|\*/);
  });

  it.each([
    ['default-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ])('%s is %j', (name, expected) => {
    expect(sources(name)).toEqual(expected);
  });

  it('goes on every response with nosniff', () => {
    expect(APP_RESPONSE_HEADERS).toMatchObject({ 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' });
  });
});
