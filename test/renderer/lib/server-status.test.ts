// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/server-config';
import { canRetry, describeConnection, describeEra, describeExit, describeServerConnection, describeTaskSupport, describeUnreachable, serverStatusTag } from '../../../renderer/lib/server-status';
import { NOW } from '../factories';

const state = (overrides: Partial<ServerState>): ServerState => ({ id: 's', name: 's', status: 'connected', ...overrides });

describe('describeConnection', () => {
  it.each<[ServerState | undefined, string]>([
    [undefined, 'Not started'],
    [state({ status: 'connecting' }), 'Connecting…'],
    [state({ status: 'connected' }), 'Connected'],
    [state({ status: 'reconnecting' }), 'Reconnecting…'],
    [state({ status: 'reconnecting', nextRetryAt: NOW + 4_000 }), 'Reconnecting — next try in 4s'],
    [state({ status: 'reconnecting', nextRetryAt: NOW - 4_000 }), 'Reconnecting — next try in 0s'],
    [state({ status: 'closed' }), 'Closed'],
    [state({ status: 'connected', unreachable: { kind: 'refused', since: NOW - 42_000, detail: 'connect ECONNREFUSED 127.0.0.1:9' } }), 'Unreachable for 42s: connections are refused'],
    [state({ status: 'connected', unreachable: { kind: 'http-status', httpStatus: 503, since: NOW - 65_000, detail: 'HTTP 503' } }), 'Unreachable for 1m 05s: it answers HTTP 503'],
    [state({ status: 'failed', failedStarts: 5 }), 'Stopped after 5 failed starts within 2 minutes — not started again until you retry'],
  ])('%j → %s', (input, expected) => {
    expect(describeConnection(input, NOW)).toBe(expected);
  });

  it('says Disabled for a disabled server, whatever its last state', () => {
    expect(describeServerConnection({ disabled: true, state: undefined }, NOW)).toMatch(/^Disabled/);
    expect(describeServerConnection({ disabled: false, state: state({ status: 'connected' }) }, NOW)).toBe('Connected');
  });
});

describe('describeUnreachable', () => {
  it.each<[Parameters<typeof describeUnreachable>[0], string]>([
    [{ kind: 'refused' }, 'connections are refused'],
    [{ kind: 'network' }, 'the connection fails'],
    [{ kind: 'timeout' }, 'requests get no answer in time'],
    [{ kind: 'http-status', httpStatus: 502 }, 'it answers HTTP 502'],
    [{ kind: 'http-status' }, 'it answers with a server error'],
  ])('%j → %s', (input, expected) => {
    expect(describeUnreachable(input)).toBe(expected);
  });
});

describe('describeExit', () => {
  it.each<[Parameters<typeof describeExit>[0], string]>([
    [{ code: 1 }, 'Its process exited with code 1'],
    [{ code: 0 }, 'Its process exited with code 0'],
    [{ signal: 'SIGKILL' }, 'Its process was ended by SIGKILL'],
    [{}, 'Its process ended'],
  ])('%j → %s', (input, expected) => {
    expect(describeExit(input)).toBe(expected);
  });
});

describe('serverStatusTag and canRetry', () => {
  const server = (overrides: Partial<Parameters<typeof serverStatusTag>[0]>) => ({ disabled: false, approved: true, state: state({}), ...overrides });
  it.each<[string, Parameters<typeof serverStatusTag>[0], string | undefined, boolean]>([
    ['connected', server({}), undefined, false],
    ['unreachable', server({ state: state({ unreachable: { kind: 'timeout', since: NOW, detail: 'x' } }) }), 'unreachable', false],
    ['stopped after failed starts', server({ state: state({ status: 'failed' }) }), 'stopped', true],
    ['waiting to retry', server({ state: state({ status: 'reconnecting' }) }), 'reconnecting', true],
    ['connecting', server({ state: state({ status: 'connecting' }) }), 'connecting', false],
    ['disabled', server({ disabled: true, state: undefined }), 'disabled', false],
    ['not approved', server({ approved: false, state: undefined }), 'not approved', false],
  ])('%s', (_what, input, tag, retry) => {
    expect(serverStatusTag(input)).toBe(tag);
    expect(canRetry(input)).toBe(retry);
  });
});

describe('describeEra', () => {
  it.each<[ServerState | undefined, string]>([
    [undefined, 'Not detected yet'],
    [state({}), 'Not detected yet'],
    [state({ era: 'modern' }), '2026-07-28'],
    [state({ era: 'legacy', protocolVersion: '2025-11-25' }), '2025-11-25'],
    [state({ era: 'legacy', protocolVersion: '2025-06-18' }), '2025-11-25 (protocol 2025-06-18)'],
  ])('%j → %s', (input, expected) => {
    expect(describeEra(input)).toBe(expected);
  });
});

describe('describeTaskSupport', () => {
  it.each<[ServerState | undefined, RegExp]>([
    [state({ taskSupport: 'extension' }), /extension \(2026-07-28\)/],
    [state({ taskSupport: 'legacy' }), /experimental tasks \(2025-11-25\)/],
    [state({ taskSupport: 'none' }), /^No/],
    [undefined, /Not known/],
  ])('%j', (input, expected) => {
    expect(describeTaskSupport(input)).toMatch(expected);
  });
});
