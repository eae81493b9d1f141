import { describe, expect, it } from 'vitest';
import { checkExternalUrl, readUrl, type UrlReading } from '../../shared/url-policy.js';

describe('checkExternalUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['https://example.com/docs?q=tasks#top', 'https://example.com/docs?q=tasks#top'],
    ['HTTPS://EXAMPLE.COM/A', 'https://example.com/A'],
    ['https://xn--bcher-kva.example/', 'https://xn--bcher-kva.example/'],
    ['http://127.0.0.1:6274/callback', 'http://127.0.0.1:6274/callback'],
    ['http://localhost:3000/', 'http://localhost:3000/'],
    ['http://[::1]:9000/oauth', 'http://[::1]:9000/oauth'],
    ['http://0x7f.1/', 'http://127.0.0.1/'],
  ])('opens %s as %s', (url, normalized) => {
    expect(checkExternalUrl(url)).toEqual({ ok: true, url: normalized });
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in capitals', 'JaVaScRiPt:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['file: on Windows', 'file://C:/Windows/System32/calc.exe'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['smb:', 'smb://attacker.example/share/payload.exe'],
    ['ms-msdt:', 'ms-msdt:/id PCWDiagnostic /skip force'],
    ['ms-msdt: without spaces', 'ms-msdt:/id'],
    ['search-ms:', 'search-ms:query=x&crumb=location:\\\\attacker\\share'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['blob:', 'blob:https://example.com/uuid'],
    ['app: (our own origin)', 'app://mcp-task-monitor/index.html'],
    ['http: to a remote host', 'http://example.com/'],
    ['http: to a loopback look-alike', 'http://127.0.0.1.evil.example/'],
    ['http: to localhost look-alike', 'http://localhost.evil.example/'],
    ['user info', 'https://user:secret@example.com/'],
    ['user info hiding the host', 'https://trusted.example@evil.example/'],
    ['leading space', ' https://example.com/'],
    ['trailing newline', 'https://example.com/\n'],
    ['space in host', 'https://exa mple.com/'],
    ['tab', 'https://example.com/\tx'],
    ['carriage return', 'https://example.com/\r'],
    ['NUL', 'https://example.com/\u0000'],
    ['C1 control', 'https://example.com/\u0085'],
    ['no-break space', 'https://example.com/\u00a0'],
    ['zero-width space', 'https://exam\u200bple.com/'],
    ['right-to-left override', 'https://example.com/\u202Eexe.pdf'],
    ['bidi isolate', 'https://\u2067example.com/'],
    ['byte-order mark', '\ufeffhttps://example.com/'],
    ['relative URL', '/tasks'],
    ['scheme-relative URL', '//example.com/'],
    ['empty string', ''],
    ['too long', `https://example.com/${'a'.repeat(2_100)}`],
  ])('refuses %s', (_name, url) => {
    expect(checkExternalUrl(url).ok).toBe(false);
  });

  it.each([undefined, null, 42, {}, ['https://example.com/']])('refuses a non-string (%j)', (value) => {
    expect(checkExternalUrl(value)).toEqual({ ok: false, reason: 'not a string' });
  });
});

describe('readUrl', () => {
  const facts = (reading: UrlReading) =>
    reading.absolute
      ? { host: reading.host, transport: reading.transport, userInfo: reading.userInfo, punycode: reading.punycode, ipHost: reading.ipHost, hidden: reading.hidden }
      : { absolute: false, hidden: reading.hidden };

  it.each<[string, ReturnType<typeof facts>]>([
    ['https://example.com/a', { host: 'example.com', transport: 'https', userInfo: false, punycode: false, ipHost: false, hidden: false }],
    ['http://example.com/', { host: 'example.com', transport: 'http', userInfo: false, punycode: false, ipHost: false, hidden: false }],
    ['http://localhost:3000/', { host: 'localhost', transport: 'loopback-http', userInfo: false, punycode: false, ipHost: false, hidden: false }],
    ['http://127.0.0.1:8080/cb', { host: '127.0.0.1', transport: 'loopback-http', userInfo: false, punycode: false, ipHost: true, hidden: false }],
    ['http://[::1]:9000/', { host: '[::1]', transport: 'loopback-http', userInfo: false, punycode: false, ipHost: true, hidden: false }],
    ['http://127.0.0.1.evil.example/', { host: '127.0.0.1.evil.example', transport: 'http', userInfo: false, punycode: false, ipHost: false, hidden: false }],
    ['https://1.2.3.4/', { host: '1.2.3.4', transport: 'https', userInfo: false, punycode: false, ipHost: true, hidden: false }],
    ['https://[2001:db8::1]/', { host: '[2001:db8::1]', transport: 'https', userInfo: false, punycode: false, ipHost: true, hidden: false }],
    ['https://good.com@evil.com/login', { host: 'evil.com', transport: 'https', userInfo: true, punycode: false, ipHost: false, hidden: false }],
    ['https://user:secret@example.com/', { host: 'example.com', transport: 'https', userInfo: true, punycode: false, ipHost: false, hidden: false }],
    ['https://xn--pple-43d.com/', { host: 'xn--pple-43d.com', transport: 'https', userInfo: false, punycode: true, ipHost: false, hidden: false }],
    ['https://аpple.com/', { host: 'xn--pple-43d.com', transport: 'https', userInfo: false, punycode: true, ipHost: false, hidden: false }],
    ['javascript:alert(1)', { host: '', transport: 'other', userInfo: false, punycode: false, ipHost: false, hidden: false }],
    [' https://example.com/', { host: 'example.com', transport: 'https', userInfo: false, punycode: false, ipHost: false, hidden: true }],
    ['https://exa\u202emple.com', { absolute: false, hidden: true }],
    ['nota-url', { absolute: false, hidden: false }],
    ['', { absolute: false, hidden: false }],
  ])('%j', (url, expected) => {
    expect(facts(readUrl(url))).toEqual(expected);
  });

  it.each([
    ['', true],
    ['https://example.com/', false],
    [`https://example.com/${'a'.repeat(2_048 - 20)}`, false],
    [`https://example.com/${'a'.repeat(2_048 - 19)}`, true],
  ])('length of %#: empty or too long is %s', (url, expected) => {
    expect(readUrl(url).emptyOrTooLong).toBe(expected);
  });

  it('gives the serialization to open, not the raw text', () => {
    expect(readUrl('HTTPS://EXAMPLE.COM/A')).toMatchObject({ absolute: true, href: 'https://example.com/A', protocol: 'https:' });
  });
});
