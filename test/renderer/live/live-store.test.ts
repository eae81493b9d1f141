import { describe, expect, it, vi } from 'vitest';
import { readAllPushed, readPushed } from '../../../renderer/live/live-reads';
import { createLiveStore, dropInputs, dropTasks, markCancelRequested, mergeTasks, setPushed, setPushedError, setTaskHead } from '../../../renderer/live/live-store';
import { createFakeBridge, fail, ok } from '../fake-bridge';
import { makeAppInfo, makeInputView, makeServer, makeTask } from '../factories';

describe('the live store', () => {
  it('merges nothing into a list not read yet: the first read already holds the change', () => {
    const store = createLiveStore();
    mergeTasks(store, [makeTask({ localId: 'a' })]);
    dropTasks(store, ['a']);
    markCancelRequested(store, 'a', 1);
    expect(store.getState().tasks).toEqual({ data: undefined, error: undefined });
  });

  it('merges pushed summaries into a read list, never rolling a task back, and keeps the list when nothing changed', () => {
    const store = createLiveStore();
    setPushed(store, 'tasks', [makeTask({ localId: 'a', updatedAt: 50 })]);
    const before = store.getState().tasks;
    mergeTasks(store, [makeTask({ localId: 'a', updatedAt: 40 })]);
    expect(store.getState().tasks).toBe(before);
    mergeTasks(store, [makeTask({ localId: 'b', updatedAt: 60 })]);
    expect(store.getState().tasks.data?.map((task) => task.localId).sort()).toEqual(['a', 'b']);
    dropTasks(store, ['a']);
    expect(store.getState().tasks.data?.map((task) => task.localId)).toEqual(['b']);
  });

  it('marks a cancel once, leaving updatedAt alone, and an unknown id changes nothing', () => {
    const store = createLiveStore();
    setPushed(store, 'tasks', [makeTask({ localId: 'a', updatedAt: 50 })]);
    markCancelRequested(store, 'a', 70);
    markCancelRequested(store, 'a', 80);
    expect(store.getState().tasks.data?.[0]).toMatchObject({ cancelRequestedAt: 70, updatedAt: 50 });
    const list = store.getState().tasks.data;
    markCancelRequested(store, 'nope', 90);
    expect(store.getState().tasks.data).toBe(list);
  });

  it('keeps the data read before when a later read fails, and a good read clears the error', () => {
    const store = createLiveStore();
    const servers = [makeServer()];
    setPushed(store, 'servers', servers);
    setPushedError(store, 'servers', new Error('host gone'));
    expect(store.getState().servers).toEqual({ data: servers, error: new Error('host gone') });
    setPushed(store, 'servers', []);
    expect(store.getState().servers).toEqual({ data: [], error: undefined });
  });

  it('drops answered questions only when one is gone', () => {
    const store = createLiveStore();
    const inputs = [makeInputView({ key: 'one' }), makeInputView({ key: 'two' })];
    setPushed(store, 'inputs', inputs);
    dropInputs(store, (input) => input.key === 'three');
    expect(store.getState().inputs.data).toBe(inputs);
    dropInputs(store, (input) => input.key === 'one');
    expect(store.getState().inputs.data?.map((input) => input.key)).toEqual(['two']);
  });
});

describe('reading the pushed collections', () => {
  it('reads all four; a task list sent out of order is shown as sent, then put in the inbox order once painted', async () => {
    const info = makeAppInfo({ mode: 'browser' });
    const bridge = createFakeBridge({
      'tasks:list': () => ok([makeTask({ localId: 'old', createdAt: 1, updatedAt: 1 }), makeTask({ localId: 'new', createdAt: 2, updatedAt: 2 })]),
      'servers:list': () => ok([makeServer({ id: 's' })]),
      'inputs:list': () => ok([makeInputView()]),
      'app:info': () => ok(info),
    }, { sortsTaskList: false });
    const store = createLiveStore();
    await readAllPushed(store, bridge);
    const state = store.getState();
    expect(state.tasks.data?.map((task) => task.localId)).toEqual(['old', 'new']);
    await vi.waitFor(() => expect(store.getState().tasks.data?.map((task) => task.localId)).toEqual(['new', 'old']));
    expect(state.servers.data?.map((server) => server.id)).toEqual(['s']);
    expect(state.inputs.data).toHaveLength(1);
    expect(state.appInfo.data).toEqual(info);
  });

  it('keeps a task list sent in the inbox order as the same array', async () => {
    const sent = [makeTask({ localId: 'new', createdAt: 2, updatedAt: 2 }), makeTask({ localId: 'old', createdAt: 1, updatedAt: 1 })];
    const store = createLiveStore();
    await readPushed(store, createFakeBridge({ 'tasks:list': () => ok(sent) }), 'tasks');
    const shown = store.getState().tasks.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().tasks.data).toBe(shown);
    expect(shown?.map((task) => task.localId)).toEqual(['new', 'old']);
  });

  it('keeps a failed read as the error, never throwing', async () => {
    const store = createLiveStore();
    await readPushed(store, createFakeBridge({ 'servers:list': () => fail('no servers today') }), 'servers');
    expect(store.getState().servers.error?.message).toBe('no servers today');
  });

  it('drops an older read that answers after a newer one', async () => {
    let answerFirst: (value: ReturnType<typeof ok>) => void = () => undefined;
    let calls = 0;
    const bridge = createFakeBridge({
      'servers:list': () => {
        calls += 1;
        if (calls === 1) return new Promise((resolve) => (answerFirst = resolve as never));
        return ok([makeServer({ id: 'newer' })]);
      },
    });
    const store = createLiveStore();
    const first = readPushed(store, bridge, 'servers');
    await readPushed(store, bridge, 'servers');
    answerFirst(ok([makeServer({ id: 'older' })]));
    await first;
    expect(store.getState().servers.data?.map((server) => server.id)).toEqual(['newer']);
  });
});

describe('the first screen from the head of the task list', () => {
  const head = [{ group: 'running' as const, count: 3, tasks: [makeTask({ localId: 'r1' })] }];

  it('shows the head, lets the page paint it, then reads the whole list, which replaces it', async () => {
    let answerList: (result: ReturnType<typeof ok>) => void = () => {};
    const bridge = createFakeBridge({
      'tasks:head': () => ok(head),
      'tasks:list': () => new Promise((resolve) => (answerList = resolve as never)),
    });
    const store = createLiveStore();
    const read = readPushed(store, bridge, 'tasks');
    await vi.waitFor(() => expect(bridge.requestsTo('tasks:list')).toHaveLength(1));
    expect(bridge.calls.map((call) => call.channel)).toEqual(['tasks:head', 'tasks:list']);
    expect(bridge.requestsTo('tasks:head')).toEqual([{ rowsPerGroup: 50 }]);
    expect(store.getState().taskHead).toEqual(head);
    expect(store.getState().tasks.data).toBeUndefined();
    answerList(ok([makeTask({ localId: 'r1' }), makeTask({ localId: 'r2' }), makeTask({ localId: 'r3' })]));
    await read;
    expect(store.getState().tasks.data?.map((task) => task.localId).sort()).toEqual(['r1', 'r2', 'r3']);
    expect(store.getState().taskHead).toBeUndefined();
    bridge.assertNoViolations();
  });

  it('reads no head once the list is read (a retry or a new link reads the list alone)', async () => {
    const bridge = createFakeBridge({ 'tasks:head': () => ok(head) });
    const store = createLiveStore();
    setPushed(store, 'tasks', [makeTask({ localId: 'a' })]);
    await readPushed(store, bridge, 'tasks');
    expect(bridge.calls.map((call) => call.channel)).toEqual(['tasks:list']);
    expect(store.getState().taskHead).toBeUndefined();
  });

  it('reads the whole list when the head fails, and keeps no head that came after the list', async () => {
    const bridge = createFakeBridge({ 'tasks:head': () => fail('no head'), 'tasks:list': () => ok([makeTask({ localId: 'a' })]) });
    const store = createLiveStore();
    await readPushed(store, bridge, 'tasks');
    expect(store.getState().tasks.data?.map((task) => task.localId)).toEqual(['a']);
    expect(store.getState().taskHead).toBeUndefined();
    setTaskHead(store, head);
    expect(store.getState().taskHead).toBeUndefined();
  });
});
