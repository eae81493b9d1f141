// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskDetail } from '../../../../shared/ipc/contract';
import { createFakeBridge, fail, ok, type Handlers } from '../../fake-bridge';
import { NOW, makeCallDetail, makeDetail, makeInputView, makeServer, makeSnapshot, makeTask, makeTool } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PNG = 'iVBORw0KGgo=';

/** Renders the detail screen of `detail`, with the host answering from `details`. */
function renderDetail(detail: TaskDetail, handlers: Handlers = {}, others: TaskDetail[] = []) {
  const details = new Map([detail, ...others].map((task) => [task.localId, task]));
  const bridge = createFakeBridge({
    'tasks:get': ({ localId }) => ok(details.get(localId) ?? null),
    'tasks:list': () => ok([...details.values()].map(({ timeline: _t, arguments: _a, answeredInputKeys: _k, ...summary }) => ({ ...summary, argumentSummary: '' }))),
    'servers:list': () => ok([makeServer({ id: 'server-a', name: 'Alpha builds' })]),
    ...handlers,
  });
  const rendered = renderApp({ bridge, state: { screen: 'task', selectedTaskId: detail.localId } });
  return { ...rendered, details };
}

describe('task detail', () => {
  it('shows the facts: tool, server, protocol form, task id, times, poll interval, TTL', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderDetail(makeDetail({ localId: 'x', form: 'legacy', serverTaskId: 'srv-77', toolName: 'build', snapshot: makeSnapshot({ serverTaskId: 'srv-77', pollIntervalMs: 1_500, ttlMs: null, statusMessage: 'Step 3/5: Linking' }) }));
    const detail = await screen.findByTestId('task-detail');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('build');
    expect(within(detail).getAllByTestId('status-badge')[0]!.dataset.status).toBe('working');
    await waitFor(() => expect(screen.getByTestId('task-server').textContent).toBe('Alpha builds'));
    expect(screen.getByTestId('task-form').textContent).toBe('Experimental tasks (2025-11-25)');
    expect(screen.getByTestId('task-id').textContent).toBe('srv-77');
    expect(screen.getByTestId('task-status-message').textContent).toBe('Step 3/5: Linking');
    expect(screen.getByTestId('task-ttl').textContent).toBe('no TTL limit');
    expect(screen.getByTestId('task-facts').textContent).toContain('every 1.5 s');
    expect(screen.getByTestId('task-timing').textContent).toMatch(/^running /);

    fireEvent.click(screen.getByRole('button', { name: 'Copy task id' }));
    expect(writeText).toHaveBeenCalledWith('srv-77');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  describe('the facts the app goes by, not what a server or a stale clock suggests', () => {
    it('shows the poll interval the app really uses beside an absurd suggestion of the server', async () => {
      renderDetail(makeDetail({ snapshot: makeSnapshot({ pollIntervalMs: 1e12 }) }));
      const facts = await screen.findByTestId('task-facts');
      expect(facts.textContent).toContain('every 60 s (the server suggested 1000000000 s; the app waits at most 60 s between polls)');
      expect(facts.textContent).not.toContain('every 1000000000 s');
    });

    it('says a finished task is not polled any more', async () => {
      renderDetail(makeDetail({ snapshot: makeSnapshot({ status: 'completed', pollIntervalMs: 5_000 }) }));
      const facts = await screen.findByTestId('task-facts');
      expect(facts.textContent).toContain('none: the task has ended');
      expect(facts.textContent).not.toContain('every 5 s');
    });

    it("gives a completed task's duration by the server's clock, and says so", async () => {
      // 10 s by the local clock of the call and the last poll; 2m 05s by the server's own timestamps.
      renderDetail(makeDetail({
        createdAt: NOW - 600_000,
        updatedAt: NOW - 590_000,
        snapshot: makeSnapshot({ status: 'completed', createdAt: '2026-11-30T09:00:00.000Z', lastUpdatedAt: '2026-11-30T09:02:05.000Z' }),
      }));
      const timing = await screen.findByTestId('task-timing');
      expect(timing.textContent).toBe('took 2m 05s');
      expect(timing.getAttribute('title')).toMatch(/server's clock/);
    });

    it("falls back to this computer's clock when the server gave no times, and says so", async () => {
      renderDetail(makeDetail({ createdAt: NOW - 600_000, updatedAt: NOW - 590_000, snapshot: makeSnapshot({ status: 'completed' }) }));
      const timing = await screen.findByTestId('task-timing');
      expect(timing.textContent).toBe('took 10s');
      expect(timing.getAttribute('title')).toMatch(/this computer's clock/);
    });

    it.each(['lost', 'expired'] as const)('counts down no time to live for a %s task', async (endReason) => {
      renderDetail(makeDetail({ endReason, observedAt: Date.now(), snapshot: makeSnapshot({ ttlMs: 3_600_000 }) }));
      const facts = await screen.findByTestId('task-facts');
      expect(screen.getAllByTestId('status-badge')[0]!.dataset.status).toBe(endReason);
      expect(screen.queryByTestId('task-ttl')).toBeNull();
      expect(facts.textContent).not.toMatch(/TTL|left/);
    });

    it.each([
      ['a fact, phrased by the catalogue', { lastProblem: { kind: 'poll-failed', detail: 'ECONNRESET' } }, 'Asking the server for this task\'s state failed: ECONNRESET'],
      ['a sentence an older version saved, as written', { lastError: 'Request timed out' }, 'Request timed out'],
    ])('shows the last problem as %s', async (_label, patch, words) => {
      renderDetail(makeDetail(patch));
      expect((await screen.findByTestId('task-last-error')).textContent).toBe(words);
    });

    it('shows no last problem when there is none', async () => {
      renderDetail(makeDetail({}));
      await screen.findByTestId('task-facts');
      expect(screen.queryByTestId('task-last-error')).toBeNull();
    });

    it('still counts down the time to live of a live task', async () => {
      renderDetail(makeDetail({ observedAt: Date.now(), snapshot: makeSnapshot({ ttlMs: 3_600_000 }) }));
      expect((await screen.findByTestId('task-ttl')).textContent).toMatch(/^TTL \d+m \d+s left$/);
    });
  });

  it('shows the timeline with statuses, messages and the app\'s notes', async () => {
    renderDetail(
      makeDetail({
        timeline: [
          { at: NOW - 3_000, status: 'working', statusMessage: 'Step 1/5' },
          { at: NOW - 2_000, note: 'Cancel requested by you' },
          { at: NOW - 1_000, status: 'cancelled' },
        ],
      }),
    );
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(entries).toHaveLength(3);
    expect(entries[0]!.textContent).toContain('Step 1/5');
    expect(within(entries[0]!).getByTestId('status-badge').dataset.status).toBe('working');
    expect(entries[1]!.textContent).toContain('App: Cancel requested by you');
    expect(within(entries[2]!).getByTestId('status-badge').dataset.status).toBe('cancelled');
  });

  it('shows a result: text, images as data: URIs, links as plain text, structured content, the isError banner', async () => {
    const result = {
      content: [
        { type: 'text', text: 'Built demo-app' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'image', data: PNG, mimeType: 'image/svg+xml' },
        { type: 'resource_link', uri: 'https://evil.example/steal', name: 'report' },
      ],
      structuredContent: { artifact: 'dist/demo-app.tar.gz', steps: ['a', 'b'] },
      isError: true,
    };
    const { bridge } = renderDetail(
      makeDetail({ localId: 'r', hasResult: true, snapshot: makeSnapshot({ status: 'completed' }) }),
      { 'tasks:result': () => ok(result) },
    );
    const section = await screen.findByTestId('task-result');
    await waitFor(() => expect(within(section).getByTestId('result-text').textContent).toBe('Built demo-app'));
    expect(bridge.requestsTo('tasks:result')).toEqual([{ localId: 'r' }]);

    const images = within(section).getAllByRole('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(images[0]!.getAttribute('alt')).toMatch(/image\/png/);
    expect(within(section).getByTestId('result-unsupported').textContent).toMatch(/image\/svg\+xml/);

    const link = within(section).getByTestId('result-resource-link');
    expect(link.textContent).toContain('https://evil.example/steal');
    expect(section.querySelector('a')).toBeNull();

    const structured = within(section).getByTestId('result-structured');
    expect(structured.textContent).toContain('"dist/demo-app.tar.gz"');
    expect(structured.querySelector('details')).not.toBeNull();

    expect(within(section).getByTestId('result-error-banner').getAttribute('role')).toBe('alert');
  });

  it('does not fetch a result the host does not have', async () => {
    const { bridge } = renderDetail(makeDetail({ hasResult: false }));
    await screen.findByTestId('task-detail');
    expect(screen.queryByTestId('task-result')).toBeNull();
    expect(bridge.requestsTo('tasks:result')).toEqual([]);
  });

  it("shows a failed task's error: code, message and data", async () => {
    renderDetail(makeDetail({ snapshot: makeSnapshot({ status: 'failed', error: { code: -32603, message: 'Flaky build agent lost', data: { attempt: 2 } } }) }));
    const error = await screen.findByTestId('task-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(within(error).getByTestId('task-error-code').textContent).toBe('-32603');
    expect(within(error).getByTestId('task-error-message').textContent).toBe('Flaky build agent lost');
    expect(error.textContent).toContain('attempt');
    expect(screen.queryByTestId('task-cancel')).toBeNull();
  });

  describe('a tool call that needed input and was answered without a task (MRTR retry)', () => {
    const call = { phase: 'calling' as const, serverTaskId: undefined, snapshot: undefined, observedAt: undefined, answeredInputKeys: ['request-1'] };
    const note = (text: string) => ({ timeline: [{ at: NOW - 2_000, note: 'Call sent' }, { at: NOW - 1_000, note: text }] });

    it('answered: completed, its result shown, no Cancel, the task id explained', async () => {
      const again = makeCallDetail({ ...call, localId: 'again' });
      const { bridge } = renderDetail(
        makeCallDetail({ ...call, localId: 'mrtr', hasResult: true, endReason: 'answered', ...note('The server answered after your input') }),
        {
          'tasks:result': () => ok({ content: [{ type: 'text', text: 'Released version 2.' }] }),
        },
        [again],
      );
      const detail = await screen.findByTestId('task-detail');
      expect(within(detail).getAllByTestId('status-badge')[0]!.dataset.status).toBe('completed');
      expect(screen.getByTestId('task-explanation').textContent).toMatch(/answered this call after your input, without creating a task/);
      expect(screen.getByTestId('task-facts').textContent).toContain('None: the server created no task for this call.');
      expect((await screen.findByTestId('task-result')).textContent).toContain('Released version 2.');
      expect(bridge.requestsTo('tasks:result')).toEqual([{ localId: 'mrtr' }]);
      expect(screen.getAllByTestId('timeline-entry').map((entry) => entry.textContent).join('\n')).toContain('The server answered after your input');
      expect(screen.queryByTestId('task-cancel')).toBeNull();
      expect(screen.queryByTestId('task-error')).toBeNull();
      expect(screen.getByTestId('task-timing').textContent).toMatch(/^took /);
    });

    it('answered with isError: completed with a tool error (never a success), the result shown with its error banner', async () => {
      renderDetail(
        makeCallDetail({ ...call, localId: 'tool-error', hasResult: true, endReason: 'answered-with-error' }),
        { 'tasks:result': () => ok({ content: [{ type: 'text', text: 'The build is missing.' }], isError: true }) },
      );
      const detail = await screen.findByTestId('task-detail');
      expect(within(detail).getAllByTestId('status-badge')[0]!.dataset.status).toBe('completed-with-error');
      expect(within(detail).getAllByTestId('status-badge')[0]!.textContent).toBe('Completed with tool error');
      const result = await screen.findByTestId('task-result');
      expect(result.textContent).toContain('The build is missing.');
      expect(within(result).getByTestId('result-error-banner')).toBeTruthy();
      expect(screen.queryByTestId('task-cancel')).toBeNull();
    });

    it('refused: failed, the JSON-RPC error shown as the server sent it, no result fetched', async () => {
      const { bridge } = renderDetail(makeCallDetail({
        ...call,
        localId: 'refused',
        endReason: 'refused',
        callError: { code: -32001, message: 'The release window has closed.', data: { window: 'closed' } },
        ...note('The server refused the call after your input: The release window has closed. (error -32001)'),
      }));
      const error = await screen.findByTestId('task-error');
      expect(within(screen.getByTestId('task-detail')).getAllByTestId('status-badge')[0]!.dataset.status).toBe('failed');
      expect(error.getAttribute('role')).toBe('alert');
      expect(within(error).getByRole('heading').textContent).toBe('The server refused the call');
      expect(within(error).getByTestId('task-error-code').textContent).toBe('-32001');
      expect(within(error).getByTestId('task-error-message').textContent).toBe('The release window has closed.');
      expect(error.textContent).toContain('window');
      expect(screen.getByTestId('task-explanation').textContent).toMatch(/refused this call after your input/);
      expect(screen.queryByTestId('task-result')).toBeNull();
      expect(bridge.requestsTo('tasks:result')).toEqual([]);
      expect(screen.queryByTestId('task-cancel')).toBeNull();
      expect(screen.getByTestId('task-run-again')).toBeTruthy();
    });
  });

  it('keeps the raw JSON collapsed until asked', async () => {
    renderDetail(makeDetail({ serverTaskId: 'raw-id' }));
    const raw = await screen.findByTestId('task-raw-json');
    expect(raw.tagName).toBe('DETAILS');
    expect((raw as HTMLDetailsElement).open).toBe(false);
    expect(raw.textContent).toContain('"serverTaskId": "raw-id"');
  });

  it('cancel shows "cancel requested" until the terminal state arrives', async () => {
    const { bridge } = renderDetail(makeDetail({ localId: 'c' }), { 'tasks:cancel': () => ok({}) });
    fireEvent.click(await screen.findByTestId('task-cancel'));
    // Cancel asks first, saying what it does for a task.
    expect(screen.getByText(/Ask the server to cancel this task\? Cancellation is cooperative/)).toBeTruthy();
    expect(bridge.requestsTo('tasks:cancel')).toEqual([]);
    fireEvent.click(screen.getByTestId('task-cancel-confirm'));
    await screen.findByTestId('task-cancel-requested');
    expect(bridge.requestsTo('tasks:cancel')).toEqual([{ localId: 'c' }]);
    expect(screen.getByTestId('task-cancel-requested').textContent).toMatch(/cooperative.*may still finish/);
    expect(screen.queryByTestId('task-cancel')).toBeNull();
    expect(screen.getAllByTestId('status-badge')[0]!.dataset.status).toBe('cancel-requested');

    // The server finished anyway: the real final state replaces "cancel requested".
    const finished = { updatedAt: NOW + 5_000, cancelRequestedAt: NOW, snapshot: makeSnapshot({ status: 'completed' as const }) };
    const reads = bridge.requestsTo('tasks:get').length;
    const completedEntry = { at: NOW + 5_000, status: 'completed' as const };
    act(() => bridge.emit('tasks:updated', {
      tasks: [makeTask({ localId: 'c', ...finished })],
      details: [{ localId: 'c', timeline: { count: 1, entries: [completedEntry] }, answeredInputKeys: [] }],
    }));
    await waitFor(() => expect(screen.getAllByTestId('status-badge')[0]!.dataset.status).toBe('completed'));
    expect(screen.queryByTestId('task-cancel-requested')).toBeNull();
    // The timeline's new entry came with the update: the task is not read again.
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(1));
    expect(bridge.requestsTo('tasks:get')).toHaveLength(reads);
  });

  it('never shows an older state than the inbox, even when the host answers late', async () => {
    const { bridge } = renderDetail(makeDetail({ localId: 'late' }));
    await screen.findByTestId('task-detail');
    const before = bridge.requestsTo('tasks:get').length;
    // The pushed summary is newer, its timeline entries cannot be lined up with the cached detail's
    // (8 were appended, 1 came), and the host's tasks:get still returns the old detail.
    act(() => bridge.emit('tasks:updated', {
      tasks: [makeTask({ localId: 'late', updatedAt: NOW + 9_000, snapshot: makeSnapshot({ status: 'failed', error: { code: 1, message: 'boom' } }) })],
      details: [{ localId: 'late', timeline: { count: 8, entries: [{ at: NOW + 9_000, status: 'failed' }] }, answeredInputKeys: [] }],
    }));
    await waitFor(() => expect(screen.getAllByTestId('status-badge')[0]!.dataset.status).toBe('failed'));
    await waitFor(() => expect(bridge.requestsTo('tasks:get').length).toBeGreaterThan(before));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByTestId('status-badge')[0]!.dataset.status).toBe('failed');
    // ...and it is asked again once, not in a loop.
    expect(bridge.requestsTo('tasks:get').length).toBeLessThanOrEqual(before + 2);
  });

  it('says when a cancel is refused', async () => {
    renderDetail(makeDetail(), { 'tasks:cancel': () => fail('This server does not offer tasks/cancel', -32601) });
    fireEvent.click(await screen.findByTestId('task-cancel'));
    fireEvent.click(screen.getByTestId('task-cancel-confirm'));
    expect((await screen.findByTestId('task-cancel-error')).textContent).toContain('This server does not offer tasks/cancel');
    expect(screen.queryByTestId('task-cancel-requested')).toBeNull();
  });

  describe('Run again…', () => {
    const buildTool = makeTool({
      name: 'build',
      inputSchema: { type: 'object', properties: { durationMs: { type: 'integer', default: 500 }, project: { type: 'string' }, dryRun: { type: 'boolean' } }, required: ['durationMs'] },
    });
    const withTools: Handlers = {
      'tools:list': () => ok([buildTool]),
      'tools:call': () => ok({ kind: 'task', task: makeTask({ localId: 'second' }) }),
    };

    it('opens the launcher with the task\'s server, tool and arguments, editable, and sends only on Run', async () => {
      const { bridge } = renderDetail(makeDetail({ localId: 'first', arguments: { durationMs: 800, project: 'web', dryRun: true } }), withTools, [makeDetail({ localId: 'second' })]);
      fireEvent.click(await screen.findByRole('button', { name: 'Run again…' }));
      await screen.findByTestId('launcher-screen');
      expect(screen.getByTestId<HTMLSelectElement>('launcher-server').value).toBe('server-a');
      const durationMs = await screen.findByTestId<HTMLInputElement>('launcher-field-durationMs');
      expect(screen.getByTestId<HTMLSelectElement>('launcher-tool').value).toBe('build');
      expect(durationMs.value).toBe('800');
      expect(screen.getByTestId<HTMLInputElement>('launcher-field-project').value).toBe('web');
      expect(bridge.requestsTo('tools:call')).toEqual([]);

      fireEvent.change(durationMs, { target: { value: '900' } });
      fireEvent.click(screen.getByTestId('launcher-run'));
      await waitFor(() => expect(bridge.requestsTo('tools:call')).toEqual([{ serverId: 'server-a', name: 'build', arguments: { durationMs: 900, project: 'web', dryRun: true } }]));
      await waitFor(() => expect(screen.getByTestId('task-detail').dataset.taskId).toBe('second'));
    });

    it('shows arguments the form cannot hold in the JSON editor, as they were sent', async () => {
      const args = { durationMs: 800, labels: ['a', 'b'] };
      renderDetail(makeDetail({ localId: 'first', arguments: args }), withTools);
      fireEvent.click(await screen.findByRole('button', { name: 'Run again…' }));
      const form = await screen.findByTestId('launcher-json-form');
      expect(within(form).getByRole<HTMLTextAreaElement>('textbox').value).toBe(JSON.stringify(args, null, 2));
      expect(screen.getByTestId('launcher-json-reason').textContent).toMatch(/do not fit this tool's form/);
    });
  });

  it('remove asks first, then removes and returns to the inbox', async () => {
    const { bridge } = renderDetail(makeDetail({ localId: 'gone' }), { 'tasks:remove': () => ok({}) });
    fireEvent.click(await screen.findByTestId('task-remove'));
    expect(screen.getByText(/does not cancel it on the server/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('task-remove-keep'));
    expect(bridge.requestsTo('tasks:remove')).toEqual([]);

    fireEvent.click(screen.getByTestId('task-remove'));
    expect(document.activeElement).toBe(screen.getByTestId('task-remove-confirm'));
    fireEvent.click(screen.getByTestId('task-remove-confirm'));
    await screen.findByTestId('inbox-screen');
    expect(bridge.requestsTo('tasks:remove')).toEqual([{ localId: 'gone' }]);
    expect(screen.queryAllByTestId('task-row').map((row) => row.dataset.taskId)).not.toContain('gone');
  });

  it('says so when the task is no longer tracked', async () => {
    renderApp({ state: { screen: 'task', selectedTaskId: 'nope' }, bridge: createFakeBridge({ 'tasks:get': () => ok(null) }) });
    const gone = await screen.findByTestId('task-detail-gone');
    expect(gone.textContent).toMatch(/Task not found/);
    expect(gone.textContent).toContain('No task with the id nope is in the inbox');
  });

  it('shows the questions the server waits on for this task, each with its form in place', async () => {
    renderDetail(makeDetail({ localId: 'q', snapshot: makeSnapshot({ status: 'input_required' }) }), {
      'inputs:list': () =>
        ok([
          makeInputView({ localId: 'q', key: 'k1', message: 'Deploy web to production?' }),
          makeInputView({ localId: 'other', key: 'k2', kind: 'unsupported', method: 'roots/list', description: 'The server asks which folders it may use (roots).' }),
          makeInputView({ localId: 'q', key: 'k3', kind: 'unsupported', method: 'constructor', description: 'The server sent a request this app does not know.' }),
        ]),
    });
    const inputs = await screen.findByTestId('task-pending-inputs');
    expect(inputs.textContent).toContain('Deploy web to production?');
    expect(inputs.textContent).toContain('The server sent a request this app does not know.');
    expect(inputs.textContent).not.toContain('folders');
    expect(within(inputs).getAllByTestId('input-item').map((item) => item.dataset.key)).toEqual(['k1', 'k3']);
    expect(within(inputs).getByTestId('input-form')).toBeTruthy();
    expect(within(inputs).getByTestId('input-field-environment')).toBeTruthy();
  });
});
