import { describe, expect, it } from 'vitest';
import type { ServerView } from '../../../shared/ipc/contract';
import type { ServerState } from '../../../shared/server-config';
import { countTasksByServer, describeServerLine, type ServerLineWords, type ServerTaskCounts } from '../../../renderer/lib/server-line';
import { makeServer, makeSnapshot, makeCall, makeTask } from '../factories';

const state = (overrides: Partial<ServerState>): ServerState => ({ id: 'server-a', name: 'Server A', status: 'connected', ...overrides });

describe('describeServerLine', () => {
  it.each<[string, Partial<ServerView>, ServerTaskCounts | undefined, Partial<ServerLineWords>]>([
    ['connected, modern, with tasks', {}, { running: 2, needsInput: 1 }, { state: 'connected', protocol: '2026-07-28 · tasks extension', transport: 'Streamable HTTP', tasks: '2 running · 1 needs input' }],
    ['legacy tasks over stdio', { transport: 'stdio', state: state({ era: 'legacy', taskSupport: 'legacy' }) }, undefined, { protocol: '2025-11-25 · experimental tasks', transport: 'stdio', tasks: 'no active tasks' }],
    ['no tasks offered', { state: state({ era: 'modern', taskSupport: 'none' }) }, { running: 0, needsInput: 3 }, { protocol: '2026-07-28 · no tasks', tasks: '3 need input' }],
    ['era known, task form not yet', { state: state({ era: 'legacy' }) }, { running: 1, needsInput: 0 }, { protocol: '2025-11-25', tasks: '1 running' }],
    ['not started', { state: undefined }, undefined, { state: 'not started', protocol: 'era not known yet' }],
    ['degraded', { state: state({ era: 'modern', health: { condition: 'degraded', kind: 'refused', since: 0, detail: 'refused', failedRequests: 3 } }) }, undefined, { state: 'degraded' }],
    ['disabled', { disabled: true, state: undefined }, undefined, { state: 'disabled' }],
    ['configured HTTP+SSE', { httpTransport: 'sse' }, undefined, { transport: 'HTTP+SSE' }],
    ['fell back to HTTP+SSE', { state: state({ httpTransport: 'sse' }) }, undefined, { transport: 'HTTP+SSE' }],
  ])('%s', (_name, overrides, counts, expected) => {
    expect(describeServerLine(makeServer(overrides), counts)).toMatchObject(expected);
  });

  it('keeps the server\'s own name as it is (it is rendered as text)', () => {
    expect(describeServerLine(makeServer({ name: '<b>Files</b>\u202e' }), undefined).name).toBe('<b>Files</b>\u202e');
  });
});

describe('countTasksByServer', () => {
  it('counts active tasks per server, a waiting one only as needing input, ended ones not at all', () => {
    const counts = countTasksByServer([
      makeTask({ localId: '1', serverId: 'a' }),
      makeCall({ localId: '2', serverId: 'a', phase: 'calling' }),
      makeTask({ localId: '3', serverId: 'a', snapshot: makeSnapshot({ status: 'input_required' }) }),
      makeTask({ localId: '4', serverId: 'a', snapshot: makeSnapshot({ status: 'completed' }) }),
      makeTask({ localId: '5', serverId: 'b', endReason: 'lost' }),
      makeTask({ localId: '6', serverId: 'c', cancelRequestedAt: 1 }),
    ]);
    expect(Object.fromEntries(counts)).toEqual({ a: { running: 2, needsInput: 1 }, c: { running: 1, needsInput: 0 } });
  });
});
