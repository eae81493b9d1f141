// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/server-config';
import { canRetry, describeConnection, describeEra, describeExit, describeOutage, describeServerConnection, describeTaskSupport } from '../../../renderer/lib/server-status';
import { serverStatusTag } from '../../../renderer/lib/server-status-tag';
import { NOW } from '../factories';

const state = (overrides: Partial<ServerState>): ServerState => ({ id: 's', name: 's', status: 'connected', ...overrides });
/** 21:04 local time on the day of `NOW`. */
const AT_21_04 = new Date(NOW).setHours(21, 4, 0, 0);

describe('describeConnection', () => {
  it.each<[ServerState | undefined, string]>([
    [undefined, 'Not started'],
    [state({ status: 'connecting' }), 'Connecting…'],
    [state({ status: 'connected' }), 'Connected'],
    [state({ status: 'reconnecting' }), 'Reconnecting…'],
    [state({ status: 'reconnecting', nextRetryAt: NOW + 4_000 }), 'Reconnecting — next try in 4s'],
    [state({ status: 'reconnecting', nextRetryAt: NOW - 4_000 }), 'Reconnecting — next try in 0s'],
    [state({ status: 'closed' }), 'Closed'],
    [state({ health: { condition: 'degraded', kind: 'http-status', httpStatus: 503, since: AT_21_04, detail: 'HTTP 503 Service Unavailable', failedRequests: 3 } }), 'Degraded since 21:04 — HTTP 503 Service Unavailable (3 requests failed)'],
    [state({ health: { condition: 'degraded', kind: 'refused', since: AT_21_04, detail: 'connect ECONNREFUSED 127.0.0.1:9', failedRequests: 4 } }), 'Degraded since 21:04 — connections are refused: connect ECONNREFUSED 127.0.0.1:9 (4 requests failed)'],
    [state({ health: { condition: 'degraded', kind: 'timeout', since: AT_21_04, detail: 'tasks/get got no answer within 30000 ms', failedRequests: 1 } }), 'Degraded since 21:04 — no answer in time: tasks/get got no answer within 30000 ms (1 request failed)'],
    [state({ health: { condition: 'not-responding', probe: 'ping', since: AT_21_04, pingTimeoutMs: 10_000 } }), 'Not responding since 21:04 — no answer to ping in 10s'],
    [state({ status: 'failed', failedStarts: 5 }), 'Stopped after 5 failed starts within 2 minutes — not started again until you retry'],
  ])('%j → %s', (input, expected) => {
    expect(describeConnection(input, NOW)).toBe(expected);
  });

  it('says Disabled for a disabled server, whatever its last state', () => {
    expect(describeServerConnection({ disabled: true, state: undefined }, NOW)).toMatch(/^Disabled/);
    expect(describeServerConnection({ disabled: false, state: state({ status: 'connected' }) }, NOW)).toBe('Connected');
  });
});

describe('describeOutage', () => {
  it.each<[Parameters<typeof describeOutage>[0], string]>([
    ['refused', 'connections are refused'],
    ['network', 'the connection fails'],
    ['timeout', 'no answer in time'],
    ['http-status', 'it answers with a server error'],
  ])('%j → %s', (input, expected) => {
    expect(describeOutage(input)).toBe(expected);
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
    ['degraded', server({ state: state({ health: { condition: 'degraded', kind: 'timeout', since: NOW, detail: 'x', failedRequests: 1 } }) }), 'degraded', false],
    ['not responding', server({ state: state({ health: { condition: 'not-responding', probe: 'ping', since: NOW, pingTimeoutMs: 10_000 } }) }), 'not responding', false],
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
