import { describe, expect, it } from 'vitest';
import { findCallEntry, knownIds, type AwaitedCall } from '../../../renderer/lib/call-entry';
import { NOW, makeCall, makeTask } from '../factories';

const calling = { phase: 'calling' as const, serverTaskId: undefined, snapshot: undefined };

describe('findCallEntry', () => {
  const before = [makeTask({ localId: 'old-build', toolName: 'build', createdAt: NOW - 60_000 })];
  const awaited: AwaitedCall = { serverId: 'server-a', toolName: 'build', since: NOW, known: knownIds(before) };

  it('is none until a new entry of the same server and tool appears', () => {
    expect(findCallEntry(before, awaited)).toBeUndefined();
    const list = [
      makeCall({ ...calling, localId: 'other-tool', toolName: 'deploy', createdAt: NOW + 10 }),
      makeCall({ ...calling, localId: 'other-server', serverId: 'server-b', createdAt: NOW + 10 }),
      ...before,
    ];
    expect(findCallEntry(list, awaited)).toBeUndefined();
    expect(findCallEntry([makeCall({ ...calling, localId: 'mine', createdAt: NOW + 20 }), ...list], awaited)).toBe('mine');
  });

  it('never takes an entry that was in the inbox before the click, or one made long before it', () => {
    const notKnown = { ...awaited, known: new Set<string>() };
    expect(findCallEntry([makeTask({ localId: 'stale', createdAt: NOW - 60_000 })], notKnown)).toBeUndefined();
    // The host's clock may read a little before the renderer's click.
    expect(findCallEntry([makeCall({ ...calling, localId: 'just-now', createdAt: NOW - 1_000 })], notKnown)).toBe('just-now');
  });

  it('takes the newest when two such entries appeared', () => {
    const list = [makeCall({ ...calling, localId: 'first', createdAt: NOW + 5 }), makeCall({ ...calling, localId: 'second', createdAt: NOW + 50 })];
    expect(findCallEntry(list, awaited)).toBe('second');
  });
});
