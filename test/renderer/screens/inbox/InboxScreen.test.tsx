// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../../../shared/ipc/contract';
import { createFakeBridge, ok, type FakeBridge } from '../../fake-bridge';
import { NOW, makeDetail, makeInputView, makeServer, makeSnapshot, makeCall, makeTask, makeTasks } from '../../factories';
import { layOutTaskList, renderApp } from '../../render-app';

const rows = () => screen.queryAllByTestId('task-row');
const rowIds = () => rows().map((row) => row.dataset.taskId);
const row = (id: string) => rows().find((element) => element.dataset.taskId === id)!;
const headers = () => screen.queryAllByTestId('task-group-header');
const header = (group: string) => headers().find((element) => element.dataset.group === group)!;

function bridgeWith(tasks: TaskSummary[]): FakeBridge {
  return createFakeBridge({
    'tasks:list': () => ok(tasks),
    'servers:list': () => ok([makeServer({ id: 'server-a', name: 'Alpha' }), makeServer({ id: 'server-b', name: 'Beta' })]),
  });
}

let restoreHeight: () => void;
beforeEach(() => {
  // 640 px of list = 10 rows of 64 px in view.
  restoreHeight = layOutTaskList(640);
});
afterEach(() => {
  cleanup();
  restoreHeight();
});

describe('inbox', () => {
  const tasks = [
    makeTask({ localId: 'old', toolName: 'build', serverId: 'server-a', updatedAt: 1_000, snapshot: makeSnapshot({ statusMessage: 'Step 2/5: Compiling', ttlMs: null }) }),
    makeTask({ localId: 'ask', toolName: 'deploy', serverId: 'server-b', updatedAt: 3_000, snapshot: makeSnapshot({ status: 'input_required', statusMessage: 'Confirm?' }) }),
    makeTask({ localId: 'done', toolName: 'build', serverId: 'server-b', updatedAt: 2_000, createdAt: 0, snapshot: makeSnapshot({ status: 'completed', ttlMs: null }) }),
  ];

  it('tasks of a server whose endpoint change made a new server say "server changed", in the row and the filter', async () => {
    const bridge = createFakeBridge({
      'tasks:list': () => ok([makeTask({ localId: 'old', serverId: 'server-a' })]),
      'servers:list': () => ok([makeServer({ id: 'server-a', name: 'Alpha', disabled: true, replacedBy: 'alpha-2', state: undefined }), makeServer({ id: 'alpha-2', name: 'Alpha' })]),
    });
    renderApp({ bridge });
    await waitFor(() => expect(row('old').textContent).toContain('on Alpha (server changed)'));
    const filter = await screen.findByTestId('inbox-server-filter');
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All servers', 'Alpha (server changed)', 'Alpha']);
  });

  it('the server filter says which servers are degraded, stopped or disabled', async () => {
    const servers = [
      makeServer({ id: 'server-a', name: 'Alpha' }),
      makeServer({ id: 'server-b', name: 'Beta', state: { id: 'server-b', name: 'Beta', status: 'connected', health: { condition: 'degraded', kind: 'timeout', since: 0, detail: 'tasks/get got no answer within 30000 ms', failedRequests: 1 } } }),
      makeServer({ id: 'server-c', name: 'Gamma', state: { id: 'server-c', name: 'Gamma', status: 'failed', failedStarts: 5 } }),
      makeServer({ id: 'server-d', name: 'Delta', disabled: true, state: undefined }),
    ];
    renderApp({ bridge: createFakeBridge({ 'tasks:list': () => ok(tasks), 'servers:list': () => ok(servers) }) });
    const filter = await screen.findByTestId('inbox-server-filter');
    await waitFor(() => expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All servers',
      'Alpha',
      'Beta (degraded)',
      'Gamma (stopped)',
      'Delta (disabled)',
    ]));
  });

  it('shows every task grouped (Needs you, Running, Finished, with counts), with status, tool, server, message and times', async () => {
    const { bridge } = renderApp({ bridge: bridgeWith(tasks) });
    await waitFor(() => expect(rowIds()).toEqual(['ask', 'old', 'done']));
    expect(headers().map((header) => header.textContent)).toEqual(['▾Needs you1', '▾Running1', '▾Finished1Clear finished']);
    const waiting = within(row('ask'));
    expect(waiting.getByTestId('status-badge')).toHaveProperty('textContent', 'Input required');
    expect(waiting.getByTestId('task-row-input-marker').textContent).toBe('Needs your input');
    expect(row('ask').textContent).toContain('deploy');
    expect(row('ask').textContent).toContain('on Beta');
    expect(waiting.getByTestId('task-row-message').textContent).toBe('Confirm?');
    expect(waiting.getByTestId('task-row-time').textContent).toMatch(/^running /);
    expect(within(row('done')).getByTestId('task-row-time').textContent).toBe('took 2s');
    expect(row('old').textContent).toContain('no TTL limit');
    // A finished task's time to live no longer matters: none is shown, even an unlimited one.
    expect(row('done').textContent).not.toContain('TTL');
    expect(within(row('old')).queryByTestId('task-row-input-marker')).toBeNull();
    expect(screen.getByTestId('inbox-count').textContent).toBe('3 tasks');
    expect(screen.getByTestId('nav-inbox-count').textContent).toContain('3');
    bridge.assertNoViolations();
  });

  it('filters by status and by server, and searches', async () => {
    renderApp({ bridge: bridgeWith(tasks) });
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.change(screen.getByTestId('inbox-status-filter'), { target: { value: 'completed' } });
    await waitFor(() => expect(rowIds()).toEqual(['done']));
    expect(screen.getByTestId('inbox-count').textContent).toBe('Showing 1 of 3 tasks');

    fireEvent.change(screen.getByTestId('inbox-status-filter'), { target: { value: 'active' } });
    await waitFor(() => expect(rowIds()).toEqual(['ask', 'old']));

    fireEvent.change(screen.getByTestId('inbox-server-filter'), { target: { value: 'server-a' } });
    await waitFor(() => expect(rowIds()).toEqual(['old']));

    fireEvent.change(screen.getByTestId('inbox-status-filter'), { target: { value: 'all' } });
    fireEvent.change(screen.getByTestId('inbox-server-filter'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('inbox-search'), { target: { value: 'COMPILING' } });
    await waitFor(() => expect(rowIds()).toEqual(['old']));
    fireEvent.change(screen.getByTestId('inbox-search'), { target: { value: 'beta' } });
    await waitFor(() => expect(rowIds()).toEqual(['ask', 'done']));
  });

  it('shows a tool call that needed input and was answered without a task as finished: completed or failed', async () => {
    const call = { phase: 'calling' as const, serverTaskId: undefined, snapshot: undefined, observedAt: undefined, createdAt: 0 };
    renderApp({
      bridge: bridgeWith([
        makeCall({ ...call, localId: 'answered', endReason: 'answered', hasResult: true, updatedAt: 3_000 }),
        makeCall({ ...call, localId: 'tool-error', endReason: 'answered-with-error', hasResult: true, updatedAt: 2_000 }),
        makeCall({ ...call, localId: 'refused', endReason: 'refused', callError: { code: -32001, message: 'Window closed' }, updatedAt: 1_000 }),
      ]),
    });
    await waitFor(() => expect(rowIds()).toEqual(['answered', 'tool-error', 'refused']));
    expect(rows().map((element) => within(element).getByTestId('status-badge').textContent)).toEqual(['Completed', 'Completed with tool error', 'Failed']);
    expect(row('tool-error').dataset.status).toBe('completed-with-error');
    expect(within(row('answered')).getByTestId('task-row-time').textContent).toBe('took 3s');

    fireEvent.change(screen.getByTestId('inbox-status-filter'), { target: { value: 'active' } });
    await screen.findByTestId('inbox-no-matches');
    fireEvent.change(screen.getByTestId('inbox-status-filter'), { target: { value: 'completed' } });
    await waitFor(() => expect(rowIds()).toEqual(['answered']));
  });

  it("gives a finished task's duration by the server's clock where it has one, and says which clock", async () => {
    renderApp({
      bridge: bridgeWith([
        // 10 s by the local clock; 2m 05s by the server's own timestamps.
        makeTask({
          localId: 'done',
          createdAt: NOW - 600_000,
          updatedAt: NOW - 590_000,
          snapshot: makeSnapshot({ status: 'completed', createdAt: '2026-11-30T09:00:00.000Z', lastUpdatedAt: '2026-11-30T09:02:05.000Z' }),
        }),
        makeTask({ localId: 'local-only', createdAt: 0, updatedAt: 3_000, snapshot: makeSnapshot({ status: 'completed' }) }),
      ]),
    });
    await waitFor(() => expect(rowIds()).toEqual(['done', 'local-only']));
    const time = (id: string) => within(row(id)).getByTestId('task-row-time');
    expect(time('done').textContent).toBe('took 2m 05s');
    expect(time('done').getAttribute('title')).toMatch(/server's clock/);
    expect(time('local-only').textContent).toBe('took 3s');
    expect(time('local-only').getAttribute('title')).toMatch(/this computer's clock/);
  });

  it('counts down no time to live once a task has ended, of whatever kind; a live task still counts', async () => {
    const ttl = { observedAt: Date.now(), snapshot: makeSnapshot({ ttlMs: 3_600_000 }) };
    renderApp({
      bridge: bridgeWith([
        makeTask({ ...ttl, localId: 'done', updatedAt: 5_000, snapshot: makeSnapshot({ status: 'completed', ttlMs: 3_600_000 }) }),
        makeTask({ ...ttl, localId: 'lost', endReason: 'lost', updatedAt: 4_000 }),
        makeTask({ ...ttl, localId: 'expired', endReason: 'expired', updatedAt: 3_000 }),
        makeTask({ ...ttl, localId: 'live', updatedAt: 1_000 }),
      ]),
    });
    await waitFor(() => expect(rowIds()).toEqual(['live', 'done', 'lost', 'expired']));
    expect(rows().map((element) => within(element).getByTestId('status-badge').textContent)).toEqual(['Working', 'Completed', 'Lost', 'Expired']);
    for (const id of ['done', 'lost', 'expired']) expect(row(id).textContent).not.toContain('TTL');
    expect(row('live').textContent).toMatch(/TTL \d+m \d+s left/);
  });

  it('says when nothing matches and clears the filters', async () => {
    renderApp({ bridge: bridgeWith(tasks) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.change(screen.getByTestId('inbox-search'), { target: { value: 'no such thing' } });
    await screen.findByTestId('inbox-no-matches');
    expect(rows()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByTestId<HTMLInputElement>('inbox-search').value).toBe('');
  });

  it('tells a new user what to do next, and takes them to the launcher', async () => {
    renderApp();
    const empty = await screen.findByTestId('inbox-empty');
    expect(empty.textContent).toMatch(/demo servers/);
    expect(screen.queryByTestId('task-list')).toBeNull();
    fireEvent.click(within(empty).getByRole('button', { name: 'Run a tool' }));
    expect(await screen.findByTestId('launcher-screen')).toBeTruthy();
    expect(screen.getByTestId('nav-launcher').getAttribute('aria-current')).toBe('page');
  });

  it('opens a task when its row is clicked', async () => {
    const bridge = bridgeWith(tasks);
    bridge.handle('tasks:get', ({ localId }) => ok(makeDetail({ ...tasks.find((task) => task.localId === localId)! })));
    renderApp({ bridge });
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(row('old')).getByRole('button'));
    expect((await screen.findByTestId('task-detail')).dataset.taskId).toBe('old');
    expect(bridge.requestsTo('tasks:get')).toEqual([{ localId: 'old' }]);
  });

  it('moves between rows and group headers with the arrow keys', async () => {
    renderApp({ bridge: bridgeWith(tasks) });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const first = within(row('ask')).getByRole('button');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(within(header('running')).getByTestId('task-group-toggle')));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(within(row('old')).getByRole('button')));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(within(row('done')).getByRole('button', { name: /build/ })));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(document.activeElement).toBe(within(header('needs-you')).getByTestId('task-group-toggle')));
  });
});

describe('inbox with 10,000 tasks', () => {
  it('renders only a window of rows and follows the scroll position', async () => {
    renderApp({ bridge: bridgeWith(makeTasks(10_000)) });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(rows().length).toBeLessThan(40);
    expect(rowIds()[0]).toBe('task-0');
    // One group (all running): its header, then the rows.
    expect(screen.getByRole('list', { name: 'Tasks' }).style.height).toBe(`${40 + 10_000 * 64}px`);
    expect(rows()[0]!.getAttribute('aria-setsize')).toBe('10001');

    const scroller = screen.getByTestId('task-list');
    scroller.scrollTop = 5_000 * 64;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(rowIds()).toContain('task-5000'));
    expect(rowIds()).not.toContain('task-0');
    expect(rows().length).toBeLessThan(40);
    expect(row('task-5000').getAttribute('aria-posinset')).toBe('5002');
  });

  it('keyboard movement reaches rows that were not rendered yet', async () => {
    renderApp({ bridge: bridgeWith(makeTasks(10_000)) });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const first = within(row('task-0')).getByRole('button');
    first.focus();
    fireEvent.keyDown(first, { key: 'End' });
    await waitFor(() => expect(document.activeElement?.closest('[data-testid="task-row"]')?.getAttribute('data-task-id')).toBe('task-9999'));
  });
});

describe('live updates', () => {
  it('updates a row, adds new tasks and removes removed ones', async () => {
    const { bridge } = renderApp({ bridge: bridgeWith([makeTask({ localId: 'a', updatedAt: 10, snapshot: makeSnapshot({ statusMessage: 'Step 1/5' }) })]) });
    await waitFor(() => expect(rows()).toHaveLength(1));

    act(() => bridge.emit('tasks:updated', { tasks: [makeTask({ localId: 'a', updatedAt: 20, snapshot: makeSnapshot({ statusMessage: 'Step 2/5' }) })] }));
    await waitFor(() => expect(within(row('a')).getByTestId('task-row-message').textContent).toBe('Step 2/5'));

    act(() => bridge.emit('tasks:updated', { tasks: [makeTask({ localId: 'a', updatedAt: 30, snapshot: makeSnapshot({ status: 'completed' }) })] }));
    await waitFor(() => expect(within(row('a')).getByTestId('status-badge').dataset.status).toBe('completed'));

    act(() => bridge.emit('tasks:updated', { tasks: [makeTask({ localId: 'b', updatedAt: 40 })] }));
    await waitFor(() => expect(rowIds()).toEqual(['b', 'a']));
    expect(screen.getByTestId('nav-inbox-count').textContent).toContain('2');

    act(() => bridge.emit('tasks:removed', { localIds: ['a'] }));
    await waitFor(() => expect(rowIds()).toEqual(['b']));
  });

  it('never rolls a row back to an older update', async () => {
    const { bridge } = renderApp({ bridge: bridgeWith([makeTask({ localId: 'a', updatedAt: 50, snapshot: makeSnapshot({ statusMessage: 'new' }) })]) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    act(() => bridge.emit('tasks:updated', { tasks: [makeTask({ localId: 'a', updatedAt: 40, snapshot: makeSnapshot({ statusMessage: 'old' }) })] }));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(within(row('a')).getByTestId('task-row-message').textContent).toBe('new');
  });

  // The host batches a burst into one message per flush interval (test/host/event-batcher.test.ts);
  // the renderer writes each message once, whatever it holds.
  it('applies a message of 1,000 updates in one write of the list, the newest state of each task winning, and no row moves', async () => {
    const tasks = makeTasks(100);
    const { bridge, liveStore } = renderApp({ bridge: bridgeWith(tasks) });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const before = rowIds();
    let listWrites = 0;
    liveStore.subscribe((state, previous) => {
      if (state.tasks !== previous.tasks) listWrites += 1;
    });
    const burst = Array.from({ length: 1_000 }, (_, i) => ({ ...tasks[i % 100]!, updatedAt: 2_000_000_000_000 + i, snapshot: makeSnapshot({ statusMessage: `update ${i}` }) }));
    act(() => bridge.emit('tasks:updated', { tasks: burst }));
    await waitFor(() => expect(within(row('task-0')).getByTestId('task-row-message').textContent).toBe('update 900'));
    expect(listWrites).toBe(1);
    // A status message does not reorder the list: each task keeps its place (newest start first).
    expect(rowIds()).toEqual(before);
    expect(within(row('task-5')).getByTestId('task-row-message').textContent).toBe('update 905');
  });

  it('stops listening when the app unmounts', async () => {
    const { bridge, unmount } = renderApp();
    await screen.findByTestId('inbox-empty');
    expect(bridge.listenerCount('tasks:updated')).toBe(1);
    unmount();
    expect(bridge.listenerCount('tasks:updated')).toBe(0);
    expect(bridge.listenerCount('servers:changed')).toBe(0);
  });
});

describe('inbox groups and rows', () => {
  const running = makeTask({ localId: 'run', toolName: 'deploy', serverId: 'server-a', argumentSummary: 'service=api, env=prod', updatedAt: 5_000 });
  const finished = [
    makeTask({ localId: 'done-1', toolName: 'build', serverId: 'server-b', updatedAt: 4_000, snapshot: makeSnapshot({ status: 'completed' }) }),
    makeTask({ localId: 'done-2', toolName: 'lint', serverId: 'server-b', updatedAt: 3_000, snapshot: makeSnapshot({ status: 'completed' }), hasResult: true, resultIsError: true }),
    makeTask({ localId: 'done-3', toolName: 'test', serverId: 'server-b', updatedAt: 2_000, endReason: 'lost' }),
  ];

  function removableBridge(tasks: ReturnType<typeof makeTask>[]): FakeBridge {
    const bridge = bridgeWith(tasks);
    bridge.handle('tasks:remove', () => ok({}));
    return bridge;
  }

  beforeEach(() => localStorage.clear());

  it('shows the argument summary and a server name that shortens itself, its full name in the tooltip; search finds an argument', async () => {
    const longName = `Staging cluster ${'x'.repeat(80)}`;
    const bridge = createFakeBridge({
      'tasks:list': () => ok([running, ...finished]),
      'servers:list': () => ok([makeServer({ id: 'server-a', name: longName })]),
    });
    renderApp({ bridge });
    await waitFor(() => expect(within(row('run')).getByTestId('task-row-arguments').textContent).toBe('service=api, env=prod'));
    expect(within(row('run')).getByTestId('task-row-server').getAttribute('title')).toBe(longName);
    expect(within(row('done-1')).queryByTestId('task-row-arguments')).toBeNull();
    fireEvent.change(screen.getByTestId('inbox-search'), { target: { value: 'env=prod' } });
    await waitFor(() => expect(rowIds()).toEqual(['run']));
  });

  it('collapses Finished, remembers it across a reload, and expands it again', async () => {
    renderApp({ bridge: bridgeWith([running, ...finished]) });
    await waitFor(() => expect(rowIds()).toEqual(['run', 'done-1', 'done-2', 'done-3']));
    expect(within(header('finished')).getByTestId('task-group-count').textContent).toBe('3');
    const toggle = within(header('finished')).getByTestId('task-group-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(rowIds()).toEqual(['run']));
    expect(within(header('finished')).getByTestId('task-group-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(within(header('finished')).getByTestId('task-group-count').textContent).toBe('3');

    cleanup();
    renderApp({ bridge: bridgeWith([running, ...finished]) });
    await waitFor(() => expect(headers().map((element) => element.dataset.group)).toEqual(['running', 'finished']));
    expect(rowIds()).toEqual(['run']);
    fireEvent.click(within(header('finished')).getByTestId('task-group-toggle'));
    await waitFor(() => expect(rowIds()).toEqual(['run', 'done-1', 'done-2', 'done-3']));
  });

  it('"Clear finished" asks first, then removes every finished task and leaves the running one', async () => {
    const bridge = removableBridge([running, ...finished]);
    renderApp({ bridge });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByTestId('inbox-clear-finished'));
    expect(screen.getByRole('group', { name: 'Remove all 3 finished tasks from the inbox?' })).toBeTruthy();
    expect(bridge.requestsTo('tasks:remove')).toEqual([]);
    fireEvent.click(screen.getByTestId('inbox-clear-finished-confirm'));
    await waitFor(() => expect(rowIds()).toEqual(['run']));
    expect(bridge.requestsTo('tasks:remove')).toEqual([{ localId: 'done-1' }, { localId: 'done-2' }, { localId: 'done-3' }]);
    expect(headers().map((element) => element.dataset.group)).toEqual(['running']);
  });

  it('only finished rows can be ticked; "Remove selected (n)" removes exactly the ticked ones', async () => {
    const bridge = removableBridge([running, ...finished]);
    renderApp({ bridge });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(within(row('run')).queryByTestId('task-row-select')).toBeNull();
    expect(screen.queryByTestId('inbox-remove-selected')).toBeNull();
    fireEvent.click(within(row('done-1')).getByTestId('task-row-select'));
    fireEvent.click(within(row('done-3')).getByTestId('task-row-select'));
    const remove = await screen.findByTestId('inbox-remove-selected');
    expect(remove.textContent).toBe('Remove selected (2)');
    fireEvent.click(remove);
    await waitFor(() => expect(rowIds()).toEqual(['run', 'done-2']));
    expect(bridge.requestsTo('tasks:remove')).toEqual([{ localId: 'done-1' }, { localId: 'done-3' }]);
    expect(screen.queryByTestId('inbox-remove-selected')).toBeNull();
  });

  it('a call waiting for the answer to its question is under "Needs you"', async () => {
    const call = makeCall({ localId: 'mrtr', phase: 'calling', updatedAt: 1_000 });
    const bridge = bridgeWith([running, call]);
    bridge.handle('inputs:list', () => ok([makeInputView({ localId: 'mrtr' })]));
    renderApp({ bridge });
    await waitFor(() => expect(headers().map((element) => element.dataset.group)).toEqual(['needs-you', 'running']));
    expect(rowIds()).toEqual(['mrtr', 'run']);
  });
});

describe('the first screen before the whole list', () => {
  it("shows each group's head with the group's count and placeholders for the rest, then the whole list; nothing can be cleared meanwhile", async () => {
    const finished = Array.from({ length: 4 }, (_, i) => makeTask({ localId: `done${i}`, updatedAt: 100 - i, snapshot: makeSnapshot({ status: 'completed' }) }));
    const running = makeTask({ localId: 'run', createdAt: 50, updatedAt: 50 });
    let answerList: () => void = () => {};
    const bridge = createFakeBridge({
      'tasks:head': () => ok([{ group: 'running', count: 1, tasks: [running] }, { group: 'finished', count: 4, tasks: finished.slice(0, 2) }]),
      'tasks:list': () => new Promise((resolve) => (answerList = () => resolve(ok([running, ...finished])))),
    });
    renderApp({ bridge });
    await waitFor(() => expect(rowIds()).toEqual(['run', 'done0', 'done1']));
    expect(screen.getByTestId('inbox-count').textContent).toBe('5 tasks');
    expect(within(header('finished')).getByText('4')).toBeTruthy();
    expect(screen.getAllByTestId('task-row-placeholder')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /clear finished/i })).toBeNull();
    await waitFor(() => expect(bridge.requestsTo('tasks:list')).toHaveLength(1));
    act(() => answerList());
    await waitFor(() => expect(rowIds()).toEqual(['run', 'done0', 'done1', 'done2', 'done3']));
    expect(screen.queryAllByTestId('task-row-placeholder')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /clear finished/i })).toBeTruthy();
  });
});
