import { describe, expect, it } from 'vitest';
import { createRedactor, MIN_SECRET_LENGTH, REDACTED, secretsOf } from '../../../electron/engine/observe/redaction.js';

describe('redaction: any text containing a configured secret has it replaced', () => {
  const secret = 'sk-live-4242abcd';
  it.each([
    ['the secret alone', secret, REDACTED],
    ['inside a line', `token=${secret}; ok`, `token=${REDACTED}; ok`],
    ['twice', `${secret}/${secret}`, `${REDACTED}/${REDACTED}`],
    ['a text without it', 'nothing here', 'nothing here'],
    ['a prefix of it only', 'sk-live-42', 'sk-live-42'],
  ])('%s', (_name, text, expected) => {
    expect(createRedactor([secret]).text(text)).toBe(expected);
  });

  it('replaces the longer of two overlapping secrets whole', () => {
    const redactor = createRedactor(['abcdef', 'abcdefghij']);
    expect(redactor.text('xabcdefghijx')).toBe(`x${REDACTED}x`);
  });

  it(`ignores values shorter than ${MIN_SECRET_LENGTH} characters (too short to be secrets)`, () => {
    const redactor = createRedactor(['1', 'true', 'abcde']);
    expect(redactor.isEmpty).toBe(true);
    expect(redactor.text('true 1 abcde')).toBe('true 1 abcde');
  });

  it('finds a secret in JSON text also where escaping changed its spelling', () => {
    const tricky = 'pa"ss\\word\u2028!';
    const redactor = createRedactor([tricky]);
    const json = JSON.stringify({ params: { note: `before ${tricky} after`, [tricky]: 1 } });
    const redacted = redactor.json(json);
    expect(redacted).not.toContain(JSON.stringify(tricky).slice(1, -1));
    expect(JSON.parse(redacted)).toEqual({ params: { note: `before ${REDACTED} after`, [REDACTED]: 1 } });
  });

  it('takes the header values of an HTTP server and the environment values of a stdio one', () => {
    expect(secretsOf({ id: 'a', name: 'A', transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer xyz123456', 'X-Key': 'k-987654' } }))
      .toEqual(['Bearer xyz123456', 'k-987654']);
    expect(secretsOf({ id: 'b', name: 'B', transport: 'stdio', command: 'node', args: [], env: { API_TOKEN: 'tok-123456' } })).toEqual(['tok-123456']);
    expect(secretsOf({ id: 'c', name: 'C', transport: 'stdio', command: 'node', args: [] })).toEqual([]);
  });
});
