import { describe, expect, it } from 'vitest';
import { isTrustedSender, type IpcSenderFacts } from '../../../electron/main/ipc-sender.js';

const TRUSTED: IpcSenderFacts = { isOurWindow: true, isTopFrame: true, frameUrl: 'app://mcp-task-monitor/index.html' };

describe('isTrustedSender', () => {
  it('accepts the top frame of our window on our origin', () => {
    expect(isTrustedSender(TRUSTED)).toBe(true);
  });

  it.each<[string, Partial<IpcSenderFacts>]>([
    ['another web contents', { isOurWindow: false }],
    ['a sub-frame', { isTopFrame: false }],
    ['a frame Electron no longer knows (senderFrame null)', { isTopFrame: false, frameUrl: undefined }],
    ['a top frame without a URL', { frameUrl: undefined }],
    ['a page on another origin', { frameUrl: 'https://evil.example/' }],
    ['a file: page', { frameUrl: 'file:///tmp/index.html' }],
    ['an app: URL on another host', { frameUrl: 'app://evil.example/index.html' }],
    ['about:blank', { frameUrl: 'about:blank' }],
  ])('refuses %s', (_name, change) => {
    expect(isTrustedSender({ ...TRUSTED, ...change })).toBe(false);
  });
});
