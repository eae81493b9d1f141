/** Notification words from untrusted text: one safe line, capped, markup escaped only on request. */
import { describe, expect, it } from 'vitest';
import { escapeNotificationMarkup, notificationWords, plainLine, summaryWords, waitingWords } from '../../electron/host/notification-text.js';

describe('notification text', () => {
  it.each([
    ['line breaks and tabs become one space', 'a\r\n\tb', 'a b'],
    ['bidi overrides and isolates are removed', 'abc\u202edcba\u2066x\u2069', 'abcdcbax'],
    ['zero-width characters and BOM are removed', 'p\u200ba\u200dy\ufeff', 'pay'],
    ['C1 controls and DEL become spaces', 'a\u0085b\u007fc', 'a b c'],
    ['white space collapses and trims', '   a    b   ', 'a b'],
  ])('%s', (_name, input, expected) => {
    expect(plainLine(input, 100)).toBe(expected);
  });

  it('cuts at the cap with an ellipsis and never splits a surrogate pair', () => {
    expect(plainLine('abcdefgh', 5)).toBe('abcd…');
    expect(plainLine('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
  });

  it('escapes &, < and > for daemons that read body markup', () => {
    expect(escapeNotificationMarkup('<b>a & b</b>')).toBe('&lt;b&gt;a &amp; b&lt;/b&gt;');
  });

  it('words each outcome with the tool, the server and the message, with fallbacks for empty text', () => {
    expect(notificationWords({ kind: 'input' }, { serverName: 'Demo', toolName: 'deploy' })).toEqual({ title: 'deploy needs your input', body: 'Demo is waiting for your answer.' });
    expect(notificationWords({ kind: 'completed' }, { serverName: '', toolName: '\u202e', statusMessage: 'done' })).toEqual({ title: 'A tool completed', body: 'A server: done' });
    expect(notificationWords({ kind: 'failed', how: 'failed' }, { serverName: 'Demo', toolName: 'flaky', statusMessage: 'step 2', errorMessage: 'boom' })).toEqual({ title: 'flaky failed', body: 'Demo: boom' });
  });

  it('summaries and the tray count read naturally', () => {
    expect(summaryWords({ input: 1, completed: 0, failed: 4 })).toEqual({ title: '5 tasks need your attention', body: '1 waits for your input, 4 failed or ended.' });
    expect([0, 1, 2].map(waitingWords)).toEqual(['No task waits for your input', '1 task waits for your input', '2 tasks wait for your input']);
  });
});
