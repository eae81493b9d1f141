/** The notifier's rules on a fake clock: which changes raise what, the baseline, replays, mute, bursts, hostile text. */
import { describe, expect, it } from 'vitest';
import { TaskNotificationSchema, type TaskNotification } from '../../shared/ipc/contract.js';
import type { PendingInput, TaskStatus, TrackedCall, TrackedServerTask, TrackedTask } from '../../shared/task-model.js';
import { BURST_MS, MAX_PER_WINDOW, MAX_SEPARATE, TaskNotifier, WINDOW_MS } from '../../electron/host/task-notifier.js';
import { FakeClock } from '../helpers/fake-clock.js';

function call(id: string, patch: Partial<TrackedCall> = {}): TrackedCall {
  return {
    localId: id,
    serverId: 'demo',
    form: 'extension',
    phase: 'calling',
    toolName: 'build',
    arguments: {},
    createdAt: 1,
    updatedAt: 1,
    hasResult: false,
    timeline: [],
    answeredInputKeys: [],
    ...patch,
  };
}

function task(id: string, status: TaskStatus, patch: Partial<TrackedServerTask> = {}): TrackedServerTask {
  const { phase: _phase, plain: _plain, ...fields } = call(id);
  return { ...fields, phase: 'task', serverTaskId: `server-${id}`, snapshot: { serverTaskId: `server-${id}`, status }, ...patch };
}

function question(taskId: string, key = 'k1', serverId = 'demo'): PendingInput {
  return { localId: taskId, serverId, key, request: { method: 'elicitation/create' }, receivedAt: 1 };
}

interface Setup {
  tasks?: TrackedTask[];
  inputs?: PendingInput[];
  muted?: string[];
  names?: Record<string, string>;
}

function setup({ tasks = [], inputs = [], muted = [], names = { demo: 'Build box' } }: Setup = {}) {
  const clock = new FakeClock();
  const shown: TaskNotification[] = [];
  const counts: number[] = [];
  const known = new Map(tasks.map((item) => [item.localId, item]));
  const mutedServers = new Set(muted);
  const notifier = new TaskNotifier({
    clock,
    sink: {
      show: (notification) => shown.push(TaskNotificationSchema.parse(notification)),
      setWaitingCount: (count) => counts.push(count),
    },
    serverName: (id) => names[id],
    isMuted: (id) => mutedServers.has(id),
    task: (id) => known.get(id),
  }, tasks, inputs);
  return {
    clock,
    shown,
    counts,
    mutedServers,
    /** Reports a task change, as the engine does (the lookup sees it too). */
    update(next: TrackedTask) {
      known.set(next.localId, next);
      notifier.taskUpdated(next);
    },
    asked: (list: PendingInput[]) => notifier.inputsChanged(list),
    remove(id: string) {
      known.delete(id);
      notifier.taskRemoved(id);
    },
    settle: () => clock.advance(BURST_MS),
  };
}

describe('TaskNotifier: what a change raises', () => {
  const endings: [string, Partial<TrackedServerTask>, TaskStatus, string | undefined][] = [
    ['completed', {}, 'completed', 'build completed'],
    ['completed with a tool error (isError result)', { hasResult: true, resultIsError: true }, 'completed', 'build completed with a tool error'],
    ['failed', { snapshot: { serverTaskId: 's', status: 'failed', error: { code: -1, message: 'Compiler crashed' } } }, 'failed', 'build failed'],
    ['cancelled by the server', { endReason: 'server-cancelled' }, 'cancelled', 'build was cancelled by the server'],
    ['cancelled by the user', { endReason: 'user-cancelled', cancelRequestedAt: 2 }, 'cancelled', undefined],
    ['lost', { endReason: 'lost' }, 'working', 'build was lost: the server no longer knows it'],
    ['expired', { endReason: 'expired' }, 'working', 'build expired on the server'],
  ];
  it.each(endings)('a running task that ends %s raises %s', async (_name, patch, status, title) => {
    const test = setup({ tasks: [task('t1', 'working')] });
    test.update(task('t1', status, patch));
    await test.settle();
    expect(test.shown.map((shown) => shown.title)).toEqual(title === undefined ? [] : [title]);
    if (title !== undefined) expect(test.shown[0]).toMatchObject({ localId: 't1', kind: title === 'build completed' ? 'completed' : 'failed' });
  });

  it('a failed task names the server and the error; a completed one the status message', async () => {
    const test = setup({ tasks: [task('t1', 'working'), task('t2', 'working')] });
    test.update(task('t1', 'failed', { snapshot: { serverTaskId: 's', status: 'failed', statusMessage: 'Step 3', error: { code: -1, message: 'Compiler crashed' } } }));
    test.update(task('t2', 'completed', { snapshot: { serverTaskId: 's', status: 'completed', statusMessage: 'All 12 steps done' } }));
    await test.settle();
    expect(test.shown.map(({ body }) => body)).toEqual(['Build box: Compiler crashed', 'Build box: All 12 steps done']);
  });

  it('a call that got no answer (outcome unknown) raises "failed"', async () => {
    const test = setup();
    test.update(call('t1'));
    test.update(call('t1', { phase: 'outcome-unknown', lastProblem: { kind: 'call-outcome-unknown', malformed: false, detail: 'Timed out' } }));
    await test.settle();
    expect(test.shown).toMatchObject([{ kind: 'failed', title: 'build got no answer; its outcome is unknown', body: 'Build box: No answer to the call (Timed out); its outcome is unknown and it was not resent.' }]);
  });

  it.each<[string, Partial<TrackedCall>, string | undefined, string | undefined]>([
    ['answered', { endReason: 'answered', hasResult: true, answeredInputKeys: ['k1'] }, 'build completed', 'Build box finished the task.'],
    ['answered with a tool error', { endReason: 'answered-with-error', hasResult: true, resultIsError: true, answeredInputKeys: ['k1'] }, 'build completed with a tool error', 'Build box reported no details.'],
    ['refused', { endReason: 'refused', callError: { code: -32001, message: 'Window closed' }, answeredInputKeys: ['k1'] }, 'build was refused by the server', 'Build box: Window closed'],
    ['declined by the user', { endReason: 'input-declined', lastProblem: { kind: 'call-abandoned-on-decline', request: 'sampling request' } }, undefined, undefined],
  ])('an MRTR call (no task) that ends %s after the user\'s input raises like a task', async (_name, patch, title, body) => {
    const test = setup();
    test.update(call('t1'));
    test.update(call('t1', patch));
    await test.settle();
    expect(test.shown).toEqual(title === undefined ? [] : [expect.objectContaining({ localId: 't1', kind: title === 'build completed' ? 'completed' : 'failed', title, body })]);
  });

  it.each<[string, Partial<TrackedCall>, number, boolean]>([
    ['answered at once', { endReason: 'answered', hasResult: true }, 2_000, false],
    ['refused at once', { endReason: 'refused', callError: { code: -32602, message: 'Unknown tool' } }, 50, false],
    ['answered after a long run', { endReason: 'answered', hasResult: true }, 45_000, true],
    ['answered with a tool error after a long run', { endReason: 'answered-with-error', hasResult: true }, 45_000, true],
  ])('a call (no task, no input) %s raises only when it ran 10 s or more', async (_name, patch, tookMs, raises) => {
    const test = setup();
    test.update(call('t1'));
    test.update(call('t1', { ...patch, updatedAt: 1 + tookMs }));
    await test.settle();
    expect(test.shown.length).toBe(raises ? 1 : 0);
  });

  it('a new question raises one "needs input" per task, however many arrive together', async () => {
    const test = setup({ tasks: [task('t1', 'working')] });
    test.update(task('t1', 'input_required', { toolName: 'deploy', snapshot: { serverTaskId: 's', status: 'input_required', statusMessage: 'Approve the rollout' } }));
    test.asked([question('t1', 'a'), question('t1', 'b')]);
    test.asked([question('t1', 'a'), question('t1', 'b'), question('t1', 'c')]);
    await test.settle();
    expect(test.shown).toMatchObject([{ kind: 'input', localId: 't1', title: 'deploy needs your input', body: 'Build box: Approve the rollout' }]);
    expect(test.counts.at(-1)).toBe(1);
  });

  it('after an answer, the next question raises again; a question answered before it was shown raises nothing', async () => {
    const test = setup({ tasks: [task('t1', 'working')] });
    test.asked([question('t1', 'a')]);
    await test.settle();
    test.asked([]);
    test.update(task('t1', 'input_required', { answeredInputKeys: ['a'] }));
    test.asked([question('t1', 'b')]);
    await test.settle();
    test.update(task('t1', 'working', { answeredInputKeys: ['a', 'b'] }));
    test.asked([question('t1', 'c')]);
    test.asked([]);
    await test.settle();
    expect(test.shown.map(({ kind }) => kind)).toEqual(['input', 'input']);
  });

  it('an MRTR call (no status) raises again for its next round once the last one was answered', async () => {
    const test = setup();
    test.update(call('call', { toolName: 'configure' }));
    test.asked([question('call', 'round-1')]);
    await test.settle();
    test.asked([]);
    test.asked([question('call', 'round-2')]);
    await test.settle();
    expect(test.shown.map(({ title }) => title)).toEqual(['configure needs your input', 'configure needs your input']);
  });

  it('a question and the end of its task in one burst: only the ending is shown', async () => {
    const test = setup({ tasks: [task('t1', 'working')] });
    test.asked([question('t1')]);
    test.update(task('t1', 'failed'));
    test.asked([]);
    await test.settle();
    expect(test.shown.map(({ kind }) => kind)).toEqual(['failed']);
  });

  it('a task removed before the burst is shown raises nothing', async () => {
    const test = setup({ tasks: [task('t1', 'working')] });
    test.update(task('t1', 'completed'));
    test.remove('t1');
    await test.settle();
    expect(test.shown).toEqual([]);
  });
});

describe('TaskNotifier: only live changes', () => {
  it('raises nothing for what the engine already holds at start: ended tasks, waiting questions', async () => {
    const tasks = [task('done', 'completed'), task('broken', 'failed'), task('waits', 'input_required'), call('unknown', { phase: 'outcome-unknown' })];
    const test = setup({ tasks, inputs: [question('waits')] });
    for (const item of tasks) test.update({ ...item, updatedAt: 2 });
    test.asked([question('waits')]);
    await test.settle();
    expect(test.shown).toEqual([]);
    expect(test.counts).toEqual([1]);
  });

  it('a task persisted as waiting whose question is replayed after a restart raises nothing', async () => {
    const test = setup({ tasks: [task('waits', 'input_required', { toolName: 'deploy' })] });
    test.asked([question('waits', 'request-0')]);
    await test.settle();
    expect(test.shown).toEqual([]);
    expect(test.counts.at(-1)).toBe(1);
  });

  it('a 2025-11-25 question withdrawn on a disconnect and replayed under a new key raises nothing more', async () => {
    const test = setup({ tasks: [task('t1', 'working', { form: 'legacy' })] });
    test.update(task('t1', 'input_required', { form: 'legacy' }));
    test.asked([question('t1', 'request-0')]);
    await test.settle();
    test.asked([]);
    test.asked([question('t1', 'request-7')]);
    await test.settle();
    expect(test.shown.map(({ kind }) => kind)).toEqual(['input']);
  });

  it('a task ends once: repeated and later updates raise nothing', async () => {
    const test = setup({ tasks: [task('t1', 'working')] });
    test.update(task('t1', 'completed'));
    test.update(task('t1', 'completed', { hasResult: true }));
    await test.settle();
    test.update(task('t1', 'completed', { lastProblem: { kind: 'poll-failed', detail: 'result fetch failed' } }));
    await test.settle();
    expect(test.shown).toHaveLength(1);
  });

  it('a task that was running at start and is found ended is reported (the user has not been told)', async () => {
    const test = setup({ tasks: [task('t1', 'working')] });
    test.update(task('t1', 'completed'));
    await test.settle();
    expect(test.shown.map(({ kind }) => kind)).toEqual(['completed']);
  });
});

describe('TaskNotifier: mute and floods', () => {
  it('a muted server raises nothing, and unmuting does not replay what happened meanwhile', async () => {
    const test = setup({ tasks: [task('m', 'working', { serverId: 'noisy' }), task('d', 'working')], names: { noisy: 'Noisy', demo: 'Build box' } });
    test.mutedServers.add('noisy');
    test.update(task('m', 'completed', { serverId: 'noisy' }));
    test.asked([question('m', 'k', 'noisy')]);
    test.update(task('d', 'completed'));
    await test.settle();
    test.mutedServers.delete('noisy');
    await test.clock.advance(WINDOW_MS);
    expect(test.shown.map(({ localId }) => localId)).toEqual(['d']);
  });

  it(`up to ${MAX_SEPARATE} changes at once are shown separately; more become one summary`, async () => {
    const many = Array.from({ length: 40 }, (_, index) => task(`t${index}`, 'working'));
    const test = setup({ tasks: many });
    for (const item of many.slice(0, MAX_SEPARATE)) test.update({ ...item, snapshot: { serverTaskId: 's', status: 'completed' as const } });
    await test.settle();
    expect(test.shown).toHaveLength(MAX_SEPARATE);
    for (const item of many.slice(MAX_SEPARATE, 30)) test.update({ ...item, snapshot: { serverTaskId: 's', status: 'failed' as const } });
    test.asked(many.slice(30).map((item) => question(item.localId)));
    await test.settle();
    expect(test.shown).toHaveLength(MAX_SEPARATE + 1);
    expect(test.shown.at(-1)).toEqual({
      id: expect.any(String),
      kind: 'summary',
      title: '37 tasks need your attention',
      body: '10 wait for your input, 27 failed or ended.',
    });
  });

  it(`shows at most ${MAX_PER_WINDOW} per minute; the rest wait and arrive as one summary`, async () => {
    const many = Array.from({ length: 30 }, (_, index) => task(`t${index}`, 'working'));
    const test = setup({ tasks: many });
    for (const item of many) {
      test.update({ ...item, snapshot: { serverTaskId: 's', status: 'completed' as const } });
      await test.settle();
    }
    expect(test.shown).toHaveLength(MAX_PER_WINDOW);
    await test.clock.advance(WINDOW_MS);
    expect(test.shown).toHaveLength(MAX_PER_WINDOW + 1);
    expect(test.shown.at(-1)).toMatchObject({ kind: 'summary', title: `${30 - MAX_PER_WINDOW} tasks need your attention` });
    expect(new Set(test.shown.map(({ id }) => id)).size).toBe(test.shown.length);
  });
});

describe('TaskNotifier: hostile text', () => {
  it('strips controls and bidi characters, caps lengths, keeps markup characters as text', async () => {
    const evil = `deploy\u202e\u0007\nfake line${'x'.repeat(500)}`;
    const test = setup({ tasks: [task('t1', 'working', { toolName: evil })], names: { demo: 'My <b>server</b>\u200b' } });
    test.update(task('t1', 'failed', { toolName: evil, snapshot: { serverTaskId: 's', status: 'failed', error: { code: 1, message: `<a href="x">click</a> &amp;\r\n${'y'.repeat(5_000)}` } } }));
    await test.settle();
    const [shown] = test.shown;
    expect(shown!.title).toMatch(/^deploy fake linex+… failed$/);
    expect(shown!.title.length).toBeLessThanOrEqual(120);
    expect(shown!.body.startsWith('My <b>server</b>: <a href="x">click</a> &amp; yyy')).toBe(true);
    expect(shown!.body.length).toBeLessThanOrEqual(300);
    expect(`${shown!.title}${shown!.body}`).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
  });
});
