/**
 * Progress of calls and 2025-11-25 tasks: the notification's values read as untrusted, only
 * increasing progress taken, tokens of other servers or unknown entries ignored, and a burst
 * coalesced so the ledger changes at most ~10 times a second per entry.
 */
import { describe, expect, it } from 'vitest';
import { acceptProgress, parseProgress, PROGRESS_WRITE_INTERVAL_MS } from '../../../electron/engine/calls/call-progress.js';
import type { CallReply } from '../../../electron/engine/protocols/task-protocol.js';
import type { TaskProgress, TrackedTask } from '../../../shared/task-model.js';
import { engineKit, FakeProtocol, SERVER, snapshot } from '../engine-kit.js';

describe('parseProgress', () => {
  it.each([
    ['a report', { progressToken: 'a', progress: 2, total: 5, message: 'Step 2/5' }, { token: 'a', progress: 2, total: 5, message: 'Step 2/5' }],
    ['no total: indeterminate', { progressToken: 'a', progress: 0.5 }, { token: 'a', progress: 0.5 }],
    ['a total that is not a number is dropped', { progressToken: 'a', progress: 1, total: '5' }, { token: 'a', progress: 1 }],
    ['an infinite total is dropped', { progressToken: 'a', progress: 1, total: Infinity }, { token: 'a', progress: 1 }],
    ['the message made plain text', { progressToken: 'a', progress: 1, message: '\u001b[31mred\u001b[0m\u202e line\nnext' }, { token: 'a', progress: 1, message: 'red linenext' }],
    ['an empty message is none', { progressToken: 'a', progress: 1, message: '\u0007' }, { token: 'a', progress: 1 }],
    ['a numeric token is not ours', { progressToken: 7, progress: 1 }, undefined],
    ['no token', { progress: 1 }, undefined],
    ['progress not a number', { progressToken: 'a', progress: '1' }, undefined],
    ['progress NaN', { progressToken: 'a', progress: Number.NaN }, undefined],
  ])('%s', (_name, params, expected) => {
    expect(parseProgress(params)).toEqual(expected);
  });

  it('caps a huge message', () => {
    expect(parseProgress({ progressToken: 'a', progress: 1, message: 'x'.repeat(100_000) })?.message?.length).toBeLessThanOrEqual(4_000);
  });
});

describe('acceptProgress', () => {
  const newest: TaskProgress = { progress: 3, total: 10, at: 1 };
  it.each([
    ['the first report', undefined, 0, true],
    ['a higher one', newest, 4, true],
    ['an equal one', newest, 3, false],
    ['a lower one', newest, 2, false],
  ])('%s', (_name, current, progress, taken) => {
    const next = acceptProgress(current, { token: 'a', progress, total: 10, message: 'm' }, 50);
    expect(next).toEqual(taken ? { progress, total: 10, message: 'm', at: 50 } : undefined);
  });
});

/** A kit with one call on the wire; `changes` counts the ledger's announcements of that entry. */
async function callOnTheWire(protocol = new FakeProtocol()) {
  const kit = engineKit({ protocol });
  let release: ((outcome: CallReply) => void) | undefined;
  kit.protocol!.onCall = () => new Promise((resolve) => (release = resolve));
  const call = kit.parts.calls.call(SERVER, 'long', {});
  await kit.settle();
  const [id] = kit.parts.calls.inFlight(SERVER);
  const seen: TrackedTask[] = [];
  kit.emitters.task.event((task) => {
    if (task.localId === id) seen.push(task);
  });
  const report = (params: Record<string, unknown>, serverId = SERVER) => kit.parts.progress.handle(serverId, 'notifications/progress', { progressToken: id, ...params });
  return { kit, id: id!, call, seen, report, release: (outcome: CallReply) => release!(outcome) };
}

describe('CallProgress', () => {
  it('puts a call\'s progress on its entry; lower and equal values are dropped', async () => {
    const { kit, id, report } = await callOnTheWire();
    expect(report({ progress: 1, total: 5, message: 'Step 1/5' })).toBe(true);
    expect(kit.parts.ledger.get(id)?.progress).toEqual({ progress: 1, total: 5, message: 'Step 1/5', at: kit.clock.now() });
    await kit.advance(PROGRESS_WRITE_INTERVAL_MS);
    report({ progress: 1, total: 5, message: 'again' });
    report({ progress: 0, total: 5 });
    await kit.advance(PROGRESS_WRITE_INTERVAL_MS);
    expect(kit.parts.ledger.get(id)?.progress?.message).toBe('Step 1/5');
    report({ progress: 2, total: 5 });
    expect(kit.parts.ledger.get(id)?.progress).toMatchObject({ progress: 2, total: 5 });
  });

  it('ignores a token of another server\'s entry, an unknown token, and other notifications', async () => {
    const { kit, id, report } = await callOnTheWire();
    expect(report({ progress: 1 }, 'server-b')).toBe(true);
    expect(kit.parts.progress.handle(SERVER, 'notifications/progress', { progressToken: 'no-such-entry', progress: 1 })).toBe(true);
    expect(kit.parts.progress.handle(SERVER, 'notifications/message', { progressToken: id, progress: 1 })).toBe(false);
    expect(kit.parts.ledger.get(id)?.progress).toBeUndefined();
  });

  it('1,000 notifications in a burst make at most a handful of ledger changes, the newest kept', async () => {
    const { kit, id, seen, report } = await callOnTheWire();
    for (let value = 1; value <= 1_000; value++) report({ progress: value, total: 1_000, message: `item ${value}` });
    await kit.advance(PROGRESS_WRITE_INTERVAL_MS);
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(kit.parts.ledger.get(id)?.progress).toMatchObject({ progress: 1_000, message: 'item 1000' });
    expect(kit.parts.progress.heldCount).toBe(0);
  });

  it('a steady stream writes at most ~10 times a second', async () => {
    const { kit, seen, report } = await callOnTheWire();
    for (let value = 1; value <= 1_000; value++) {
      report({ progress: value });
      await kit.advance(1);
    }
    // About one second of notifications, one a millisecond.
    expect(seen.length).toBeLessThanOrEqual(12);
    expect(seen.length).toBeGreaterThanOrEqual(9);
  });

  it('a held report is written when the call ends, and nothing is taken after the end', async () => {
    const { kit, id, report, release, call } = await callOnTheWire();
    report({ progress: 1, total: 2 });
    report({ progress: 2, total: 2, message: 'last step' });
    expect(kit.parts.ledger.get(id)?.progress?.progress).toBe(1);
    release({ kind: 'result', result: { content: [] } });
    await call;
    expect(kit.parts.ledger.get(id)).toMatchObject({ endReason: 'answered', progress: { progress: 2, message: 'last step' } });
    expect(kit.parts.progress.heldCount).toBe(0);
    await kit.advance(PROGRESS_WRITE_INTERVAL_MS);
    report({ progress: 3, total: 2 });
    expect(kit.parts.ledger.get(id)?.progress?.progress).toBe(2);
  });

  it('a 2025-11-25 task takes progress for its life, until a terminal status; an extension task takes none once it is a task', async () => {
    for (const form of ['legacy', 'extension'] as const) {
      const { kit, id, report, release, call } = await callOnTheWire(new FakeProtocol(form));
      kit.protocol!.onGet = () => new Promise(() => undefined);
      release({ kind: 'task', observation: { snapshot: snapshot('t1') } });
      await call;
      report({ progress: 1, total: 5 });
      expect(kit.parts.ledger.get(id)?.progress?.progress).toBe(form === 'legacy' ? 1 : undefined);
      if (form === 'extension') continue;
      kit.parts.watcher.pushed(SERVER, 't1', { snapshot: snapshot('t1', { status: 'completed', lastUpdatedAt: '2026-11-30T09:01:00.000Z' }) });
      await kit.settle();
      await kit.advance(PROGRESS_WRITE_INTERVAL_MS);
      report({ progress: 4, total: 5 });
      expect(kit.parts.ledger.get(id)?.progress?.progress).toBe(1);
    }
  });

  it('a call waiting in an MRTR round (no request on the wire) takes no progress', async () => {
    const kit = engineKit();
    kit.protocol!.onCall = () => Promise.resolve({ kind: 'input_required', inputRequests: { a: { method: 'elicitation/create', params: { message: '?' } } } });
    const outcome = await kit.parts.calls.call(SERVER, 'release', {});
    kit.parts.progress.handle(SERVER, 'notifications/progress', { progressToken: outcome.task.localId, progress: 1 });
    expect(kit.parts.ledger.get(outcome.task.localId)?.progress).toBeUndefined();
  });
});
