// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/server-config';
import { describeConnection, describeEra, describeTaskSupport } from '../../../renderer/lib/server-status';
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
  ])('%j → %s', (input, expected) => {
    expect(describeConnection(input, NOW)).toBe(expected);
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
