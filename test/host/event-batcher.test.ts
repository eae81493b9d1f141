/** Event batching on a fake clock: bursts become few messages, the last state wins, payloads fit the contract. */
import { describe, expect, it } from 'vitest';
import { eventChannels, type EventChannel, type EventPayload, type ServerView } from '../../shared/ipc/contract.js';
import type { PendingInput, TrackedTask } from '../../shared/task-model.js';
import { EVENT_INTERVAL_MS } from '../../shared/ipc/contract-values.js';
import { EventBatcher, MAX_NEW_TIMELINE_ENTRIES, MAX_TASKS_PER_MESSAGE } from '../../electron/host/event-batcher.js';
import { timelineCountOf, withTimelineEntry } from '../../shared/timeline.js';
import { FakeClock } from '../helpers/fake-clock.js';

function task(id: string, step: number): TrackedTask {
  return {
    localId: id,
    serverId: 'demo',
    form: 'extension',
    phase: 'task',
    serverTaskId: `server-${id}`,
    toolName: 'build',
    arguments: { secretArgument: 'kept in the detail view only' },
    createdAt: 1,
    updatedAt: step,
    snapshot: { serverTaskId: `server-${id}`, status: 'working', statusMessage: `Step ${step}` },
    hasResult: false,
    timeline: [{ at: step, status: 'working', statusMessage: `Step ${step}` }],
    answeredInputKeys: [],
    legacy: { session: { id: 'session-credential', protocolVersion: '2025-11-25', taskCapabilities: {} } },
  };
}

const input: PendingInput = { localId: 't0', serverId: 's', key: 'k', request: { method: 'elicitation/create' }, receivedAt: 5 };

function setup(servers: () => ServerView[] = () => []) {
  const clock = new FakeClock();
  const sent: { channel: EventChannel; payload: unknown; at: number }[] = [];
  const batcher = new EventBatcher(clock, (channel, payload) => {
    sent.push({ channel, payload: eventChannels[channel].parse(payload), at: clock.monotonic() });
  }, servers);
  return { clock, sent, batcher };
}

describe('EventBatcher', () => {
  it('names each server whose logs grew, and each task whose exchange changed, once per flush interval, however many entries it recorded', async () => {
    const { clock, sent, batcher } = setup();
    for (let entry = 0; entry < 500; entry += 1) batcher.logsAppended(entry % 2 === 0 ? 'alpha' : 'beta', entry % 3 === 0 ? [`task-${entry % 2}`] : []);
    expect(sent).toEqual([]);
    await clock.advance(EVENT_INTERVAL_MS);
    expect(sent.map(({ channel, payload }) => [channel, payload])).toEqual([['logs:appended', { serverIds: ['alpha', 'beta'], exchangeLocalIds: ['task-0', 'task-1'] }]]);
    await clock.advance(10 * EVENT_INTERVAL_MS);
    expect(sent).toHaveLength(1);
    // The next report names only what changed since.
    batcher.logsAppended('beta');
    await clock.advance(EVENT_INTERVAL_MS);
    expect(sent.at(-1)?.payload).toEqual({ serverIds: ['beta'], exchangeLocalIds: [] });
  });

  it('turns a burst of 1,000 updates into one message per flush interval with the last state of each task', async () => {
    const { clock, sent, batcher } = setup();
    for (let step = 0; step < 1_000; step += 1) batcher.taskUpdated(task(`t${step % 10}`, step));
    expect(sent).toEqual([]);
    await clock.advance(EVENT_INTERVAL_MS);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message!.channel).toBe('tasks:updated');
    const { tasks } = message!.payload as { tasks: { localId: string; snapshot: { statusMessage: string } }[] };
    expect(tasks.map((summary) => [summary.localId, summary.snapshot.statusMessage])).toEqual(
      Array.from({ length: 10 }, (_, index) => [`t${index}`, `Step ${990 + index}`]),
    );
    await clock.advance(10 * EVENT_INTERVAL_MS);
    expect(sent).toHaveLength(1);
  });

  it('sends summaries without timeline, arguments, answered keys or session credentials; the detail change never the arguments or credentials', async () => {
    const { clock, sent, batcher } = setup();
    batcher.taskUpdated(task('t', 1));
    await clock.advance(EVENT_INTERVAL_MS);
    const { tasks, details } = sent[0]!.payload as EventPayload<'tasks:updated'>;
    const summaries = JSON.stringify(tasks);
    for (const hidden of ['"arguments"', 'timeline', 'answeredInputKeys', 'session-credential', '"legacy"']) expect(summaries).not.toContain(hidden);
    expect(summaries).toContain('"argumentSummary":"secretArgument=\\"kept in the detail view only\\""');
    const changes = JSON.stringify(details);
    for (const hidden of ['secretArgument', 'session-credential', '"legacy"']) expect(changes).not.toContain(hidden);
  });

  it('gives a task whose timeline grew the entries appended since its last update sent, numbered, and none when it did not grow', async () => {
    const { clock, sent, batcher } = setup();
    let tracked = task('t', 1);
    const grow = (entries: number) => {
      for (let step = 0; step < entries; step += 1) tracked = { ...tracked, ...withTimelineEntry(tracked, { at: step, note: `note ${timelineCountOf(tracked) + 1}` }) };
      batcher.taskUpdated(tracked);
    };
    const flush = async () => {
      sent.length = 0;
      await clock.advance(EVENT_INTERVAL_MS);
      return (sent[0]!.payload as EventPayload<'tasks:updated'>).details;
    };
    grow(0);
    // Not sent since the batcher began: its newest entry only.
    expect(await flush()).toEqual([{ localId: 't', timeline: { count: 1, entries: [tracked.timeline[0]] }, answeredInputKeys: [] }]);
    grow(1);
    grow(2);
    expect((await flush())?.map((change) => [change.timeline.count, change.timeline.entries.map((entry) => entry.note)])).toEqual([[4, ['note 2', 'note 3', 'note 4']]]);
    batcher.taskUpdated({ ...tracked, updatedAt: 99, progress: { progress: 1, at: 99 } });
    expect(await flush()).toBeUndefined();
    batcher.taskUpdated({ ...tracked, answeredInputKeys: ['ask'] });
    expect(await flush()).toEqual([{ localId: 't', timeline: { count: 4, entries: [] }, answeredInputKeys: ['ask'] }]);
  });

  it(`carries at most ${MAX_NEW_TIMELINE_ENTRIES} new entries, and forgets a removed task's`, async () => {
    const { clock, sent, batcher } = setup();
    let tracked = task('t', 1);
    batcher.taskUpdated(tracked);
    await clock.advance(EVENT_INTERVAL_MS);
    for (let step = 0; step < MAX_NEW_TIMELINE_ENTRIES + 5; step += 1) tracked = { ...tracked, ...withTimelineEntry(tracked, { at: step, note: 'more' }) };
    batcher.taskUpdated(tracked);
    await clock.advance(EVENT_INTERVAL_MS);
    const capped = (sent.at(-1)!.payload as EventPayload<'tasks:updated'>).details![0]!;
    expect(capped.timeline.count).toBe(MAX_NEW_TIMELINE_ENTRIES + 6);
    expect(capped.timeline.entries).toHaveLength(MAX_NEW_TIMELINE_ENTRIES);
    batcher.taskRemoved('t');
    batcher.taskUpdated(tracked);
    await clock.advance(EVENT_INTERVAL_MS);
    expect((sent.at(-1)!.payload as EventPayload<'tasks:updated'>).details![0]!.timeline.entries).toHaveLength(1);
  });

  it('flushes at most once per flush interval while updates keep coming', async () => {
    const { clock, sent, batcher } = setup();
    for (let step = 0; step < 200; step += 1) {
      batcher.taskUpdated(task('t', step));
      await clock.advance(1);
    }
    await clock.advance(EVENT_INTERVAL_MS);
    const times = sent.map((message) => message.at);
    expect(times.length).toBeLessThanOrEqual(Math.ceil(200 / EVENT_INTERVAL_MS) + 1);
    for (let index = 1; index < times.length; index += 1) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(EVENT_INTERVAL_MS);
    const last = sent.at(-1)!.payload as { tasks: { snapshot: { statusMessage: string } }[] };
    expect(last.tasks[0]!.snapshot.statusMessage).toBe('Step 199');
  });

  it(`splits a flush of many distinct tasks into messages of at most ${MAX_TASKS_PER_MESSAGE}`, async () => {
    const { clock, sent, batcher } = setup();
    const count = MAX_TASKS_PER_MESSAGE * 2 + 7;
    for (let index = 0; index < count; index += 1) batcher.taskUpdated(task(`t${index}`, 1));
    await clock.advance(EVENT_INTERVAL_MS);
    expect(sent.map((message) => (message.payload as { tasks: unknown[] }).tasks.length)).toEqual([MAX_TASKS_PER_MESSAGE, MAX_TASKS_PER_MESSAGE, 7]);
    expect(new Set(sent.map((message) => message.at)).size).toBe(1);
  });

  it('a task updated then removed in one flush interval is only reported removed; removed then updated only updated', async () => {
    const { clock, sent, batcher } = setup();
    batcher.taskUpdated(task('gone', 1));
    batcher.taskRemoved('gone');
    batcher.taskRemoved('back');
    batcher.taskUpdated(task('back', 2));
    await clock.advance(EVENT_INTERVAL_MS);
    expect(sent.map(({ channel, payload }) => [channel, payload])).toEqual([
      ['tasks:updated', { tasks: [expect.objectContaining({ localId: 'back' })], details: [expect.objectContaining({ localId: 'back' })] }],
      ['tasks:removed', { localIds: ['gone'] }],
    ]);
  });

  it('sends servers (as they are at the flush) before tasks, and inputs last, once each', async () => {
    let name = 'before';
    const view = (): ServerView => ({ id: 's', name, transport: 'http', url: 'http://127.0.0.1/mcp', headerNames: [], approved: true, disabled: false, approvalDigest: 'sha256:x', origin: 'user', roots: [], notificationsMuted: false });
    const { clock, sent, batcher } = setup(() => [view()]);
    batcher.inputsChanged([]);
    batcher.taskUpdated(task('t', 1));
    batcher.serversChanged();
    batcher.serversChanged();
    batcher.inputsChanged([input]);
    name = 'after';
    await clock.advance(EVENT_INTERVAL_MS);
    expect(sent.map(({ channel }) => channel)).toEqual(['servers:changed', 'tasks:updated', 'inputs:changed']);
    expect(sent[0]!.payload).toEqual({ servers: [expect.objectContaining({ name: 'after' })] });
    // Inputs go out as checked views, named by the server list as it is at the flush (no schema: a refusal).
    expect(sent[2]!.payload).toEqual({
      inputs: [{ localId: 't0', serverId: 's', key: 'k', receivedAt: 5, method: 'elicitation/create', server: { name: 'after' }, held: false, kind: 'refusal', message: '', refusal: { problems: expect.any(Array) } }],
    });
  });

  it('sends the pending inputs again when the servers change, named as the servers are now; nothing when none wait', async () => {
    let name = 'before';
    const view = (): ServerView => ({ id: 's', name, transport: 'http', url: 'http://127.0.0.1/mcp', headerNames: [], approved: true, disabled: false, approvalDigest: 'sha256:x', origin: 'user', roots: [], notificationsMuted: false });
    const { clock, sent, batcher } = setup(() => [view()]);
    batcher.inputsChanged([input]);
    await clock.advance(EVENT_INTERVAL_MS);
    name = 'renamed';
    batcher.serversChanged();
    await clock.advance(EVENT_INTERVAL_MS);
    expect(sent.map(({ channel }) => channel)).toEqual(['inputs:changed', 'servers:changed', 'inputs:changed']);
    expect(sent[2]!.payload).toEqual({ inputs: [expect.objectContaining({ server: { name: 'renamed' } })] });
    batcher.inputsChanged([]);
    await clock.advance(EVENT_INTERVAL_MS);
    batcher.serversChanged();
    await clock.advance(EVENT_INTERVAL_MS);
    expect(sent.map(({ channel }) => channel).slice(3)).toEqual(['inputs:changed', 'servers:changed']);
  });

  it('dispose drops what is pending and leaves no timer', async () => {
    const { clock, sent, batcher } = setup();
    batcher.taskUpdated(task('t', 1));
    batcher.dispose();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(EVENT_INTERVAL_MS);
    expect(sent).toEqual([]);
  });
});
