// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../../../shared/ipc/contract';
import { createFakeBridge, fail, ok, type FakeBridge } from '../../fake-bridge';
import { makeCallDetail, makeDetail, makeServer, makeCall, makeTask, makeTool } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

const buildTool = makeTool({
  name: 'build',
  title: 'Build project',
  inputSchema: {
    type: 'object',
    properties: {
      durationMs: { type: 'integer', minimum: 100, maximum: 600000, default: 20000, description: 'Total build time in milliseconds.' },
      project: { type: 'string', minLength: 1, default: 'demo-app' },
      dryRun: { type: 'boolean', default: false },
      mode: { type: 'string', enum: ['fast', 'safe'] },
      ratio: { type: 'number' },
    },
    required: ['durationMs', 'mode'],
  },
});
const configTool = makeTool({
  name: 'configure',
  title: 'Configure',
  inputSchema: { type: 'object', properties: { config: { type: 'object', properties: { level: { type: 'integer' } } } }, required: ['config'] },
});

function launcherBridge(overrides: Parameters<typeof createFakeBridge>[0] = {}): FakeBridge {
  return createFakeBridge({
    'servers:list': () => ok([makeServer({ id: 'demo', name: 'Demo server' }), makeServer({ id: 'other', name: 'Other', state: { id: 'other', name: 'Other', status: 'reconnecting' } })]),
    'tools:list': ({ serverId }) => ok(serverId === 'demo' ? [buildTool, configTool] : []),
    'tasks:get': ({ localId }) => ok(makeDetail({ localId, toolName: 'build' })),
    ...overrides,
  });
}

async function chooseTool(toolName: string) {
  const serverSelect = await screen.findByTestId('launcher-server');
  await waitFor(() => expect(within(serverSelect).getAllByRole('option').length).toBeGreaterThan(1));
  fireEvent.change(serverSelect, { target: { value: 'demo' } });
  const toolSelect = await screen.findByTestId('launcher-tool');
  await waitFor(() => expect(within(toolSelect).getAllByRole('option')).toHaveLength(3));
  fireEvent.change(toolSelect, { target: { value: toolName } });
}

const field = (name: string) => screen.getByTestId<HTMLInputElement>(`launcher-field-${name}`);

describe('tool launcher', () => {
  it('lists servers with their state and the chosen server\'s tools', async () => {
    const { bridge } = renderApp({ bridge: launcherBridge(), state: { screen: 'launcher' } });
    const serverSelect = await screen.findByTestId('launcher-server');
    await waitFor(() => expect(within(serverSelect).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a server…', 'Demo server', 'Other (reconnecting)']));
    fireEvent.change(serverSelect, { target: { value: 'demo' } });
    const toolSelect = await screen.findByTestId('launcher-tool');
    await waitFor(() => expect(within(toolSelect).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a tool…', 'Build project (build)', 'Configure (configure)']));
    expect(bridge.requestsTo('tools:list')).toEqual([{ serverId: 'demo' }]);
  });

  it('builds a form from the schema: labels, required markers, defaults prefilled', async () => {
    renderApp({ bridge: launcherBridge(), state: { screen: 'launcher' } });
    await chooseTool('build');
    const form = await screen.findByTestId('launcher-form');
    expect(field('durationMs').value).toBe('20000');
    expect(field('project').value).toBe('demo-app');
    expect(field('dryRun').type).toBe('checkbox');
    expect(field('dryRun').checked).toBe(false);
    expect(field('mode').tagName).toBe('SELECT');
    expect(field('durationMs').required).toBe(true);
    expect(field('project').required).toBe(false);
    expect(within(form).getByLabelText(/durationMs.*\(required\)/)).toBe(field('durationMs'));
    expect(within(form).getByLabelText(/^project$/)).toBe(field('project'));
    expect(field('durationMs').getAttribute('aria-describedby')).toBeTruthy();
    expect(form.textContent).toContain('Total build time in milliseconds.');
  });

  it('validates before calling, then calls tools:call with typed values (integers as integers)', async () => {
    const { bridge } = renderApp({ bridge: launcherBridge({ 'tools:call': () => ok({ kind: 'task', task: makeTask({ localId: 'new-task', toolName: 'build' }) }) }), state: { screen: 'launcher' } });
    await chooseTool('build');
    await screen.findByTestId('launcher-form');
    fireEvent.change(field('durationMs'), { target: { value: '2.5' } });
    fireEvent.change(field('ratio'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('launcher-run'));

    expect((await screen.findByTestId('launcher-form-errors')).textContent).toBe('3 fields need attention.');
    expect(screen.getByTestId('field-error-durationMs').textContent).toBe('Enter a whole number.');
    expect(screen.getByTestId('field-error-mode').textContent).toBe('Required.');
    expect(screen.getByTestId('field-error-ratio').textContent).toBe('Enter a number.');
    expect(field('durationMs').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('durationMs')));
    expect(bridge.requestsTo('tools:call')).toEqual([]);

    fireEvent.change(field('durationMs'), { target: { value: '3000' } });
    fireEvent.change(field('ratio'), { target: { value: '0.25' } });
    fireEvent.change(field('mode'), { target: { value: 'fast' } });
    fireEvent.click(field('dryRun'));
    await waitFor(() => expect(screen.queryByTestId('launcher-form-errors')).toBeNull());
    fireEvent.click(screen.getByTestId('launcher-run'));

    await waitFor(() => expect(bridge.requestsTo('tools:call')).toHaveLength(1));
    const [request] = bridge.requestsTo('tools:call');
    expect(request).toEqual({ serverId: 'demo', name: 'build', arguments: { durationMs: 3000, project: 'demo-app', dryRun: true, mode: 'fast', ratio: 0.25 } });
    expect(Number.isInteger(request!.arguments.durationMs)).toBe(true);

    // The new task opens.
    await waitFor(() => expect(screen.getByTestId('task-detail').dataset.taskId).toBe('new-task'));
    bridge.assertNoViolations();
  });

  it('a call answered at once opens its entry, where the result is kept', async () => {
    const entry = { localId: 'direct', toolName: 'build', serverId: 'demo', phase: 'calling' as const, serverTaskId: undefined, snapshot: undefined, endReason: 'answered' as const, hasResult: true };
    renderApp({
      bridge: launcherBridge({
        'tools:call': () => ok({ kind: 'result', result: { content: [{ type: 'text', text: 'Echo: hi' }] }, task: makeCall(entry) }),
        'tasks:get': ({ localId }) => ok(makeCallDetail({ ...entry, localId })),
        'tasks:result': () => ok({ content: [{ type: 'text', text: 'Echo: hi' }] }),
      }),
      state: { screen: 'launcher' },
    });
    await chooseTool('build');
    fireEvent.change(await screen.findByTestId('launcher-field-mode'), { target: { value: 'safe' } });
    fireEvent.click(screen.getByTestId('launcher-run'));
    await waitFor(() => expect(screen.getByTestId('task-detail').dataset.taskId).toBe('direct'));
    expect((await screen.findByTestId('task-result')).textContent).toContain('Echo: hi');
    expect(screen.getByTestId('task-explanation').textContent).toBe('The server answered this call directly, without creating a task.');
    expect(screen.queryByTestId('launcher-screen')).toBeNull();
  });

  it('a long call opens its entry as soon as the host records it, long before the call answers', async () => {
    let answer: (outcome: CallOutcome) => void = () => undefined;
    const inFlight = { localId: 'long', toolName: 'build', serverId: 'demo', phase: 'calling' as const, plain: true as const, serverTaskId: undefined, snapshot: undefined, observedAt: undefined, createdAt: Date.now(), updatedAt: Date.now() };
    const details = new Map([['long', makeCallDetail({ ...inFlight, timeline: [{ at: Date.now(), note: 'Call sent' }] })]]);
    const { bridge } = renderApp({
      bridge: launcherBridge({
        // An entry made before this click is never taken for the new call's.
        'tasks:list': () => ok([makeTask({ localId: 'earlier', toolName: 'build', serverId: 'demo', createdAt: Date.now() - 1_000 })]),
        'tools:call': () => new Promise((resolve) => { answer = (outcome) => resolve(ok(outcome)); }),
        'tasks:get': ({ localId }) => ok(details.get(localId) ?? null),
        'tasks:cancel': () => ok({}),
      }),
      state: { screen: 'launcher' },
    });
    await waitFor(() => expect(bridge.requestsTo('tasks:list')).toHaveLength(1));
    await chooseTool('build');
    fireEvent.change(await screen.findByTestId('launcher-field-mode'), { target: { value: 'safe' } });
    fireEvent.click(screen.getByTestId('launcher-run'));
    expect(screen.getByTestId('launcher-run').textContent).toBe('Starting…');

    // The host pushes the entry it recorded before sending the call.
    act(() => bridge.emit('tasks:updated', { tasks: [makeCall(inFlight)] }));
    await waitFor(() => expect(screen.getByTestId('task-detail').dataset.taskId).toBe('long'));
    expect(screen.getByTestId('task-call-state').textContent).toBe('Call in progress — no task yet; the server works on it as a plain request.');
    expect(screen.getByTestId('task-elapsed').textContent).toMatch(/^running /);
    expect(screen.getByTestId('task-facts').textContent).toContain('None: this call runs as a plain request, not as a task.');
    expect(screen.queryByText(/Not assigned yet/)).toBeNull();

    // Progress arrives on the entry.
    act(() => bridge.emit('tasks:updated', { tasks: [makeCall({ ...inFlight, updatedAt: Date.now() + 1, progress: { progress: 3, total: 4, message: 'Working hard', at: Date.now() } })] }));
    await waitFor(() => expect(screen.getByTestId('task-progress-figure').textContent).toBe('75 %'));
    expect(screen.getByTestId('task-progress-message').textContent).toBe('Working hard');

    // Cancel says what it does for a plain request.
    expect(screen.getByTestId('task-cancel').textContent).toBe('Cancel call');
    fireEvent.click(screen.getByTestId('task-cancel'));
    expect(screen.getByText(/Cancel this call\? The server is told to stop working on the request/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('task-cancel-confirm'));
    await waitFor(() => expect(bridge.requestsTo('tasks:cancel')).toEqual([{ localId: 'long' }]));

    // The call's answer, arriving later, does not move the user anywhere.
    fireEvent.click(screen.getByTestId('task-back'));
    await screen.findByTestId('inbox-screen');
    const cancelled = { ...inFlight, updatedAt: Date.now() + 2, endReason: 'user-cancelled' as const };
    act(() => answer({ kind: 'task', task: makeCall(cancelled) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('inbox-screen')).toBeTruthy();
  });

  it('shows why a call failed', async () => {
    renderApp({ bridge: launcherBridge({ 'tools:call': () => fail('Server "Demo server" is not connected') }), state: { screen: 'launcher' } });
    await chooseTool('build');
    fireEvent.change(await screen.findByTestId('launcher-field-mode'), { target: { value: 'safe' } });
    fireEvent.click(screen.getByTestId('launcher-run'));
    expect((await screen.findByTestId('launcher-call-error')).textContent).toContain('is not connected');
  });

  it('edits a nested schema as JSON, with parse and validation errors shown', async () => {
    const { bridge } = renderApp({ bridge: launcherBridge({ 'tools:call': () => ok({ kind: 'result', result: { content: [] }, task: makeTask({ endReason: 'answered', hasResult: true }) }) }), state: { screen: 'launcher' } });
    await chooseTool('configure');
    const editor = await screen.findByTestId<HTMLTextAreaElement>('launcher-json-editor');
    expect(screen.queryByTestId('launcher-form')).toBeNull();
    expect(screen.getByTestId('launcher-json-reason').textContent).toMatch(/"config" is an object/);
    expect(editor.value).toBe('{}');

    // {} lacks the required property.
    expect(screen.getByTestId('launcher-json-error').textContent).toMatch(/Missing required property: config/);
    fireEvent.change(editor, { target: { value: '{"config": ' } });
    expect(screen.getByTestId('launcher-json-error').textContent).toMatch(/^Not valid JSON/);
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByTestId('launcher-run'));
    await waitFor(() => expect(screen.getByTestId('launcher-json-error').getAttribute('role')).toBe('alert'));
    expect(bridge.requestsTo('tools:call')).toEqual([]);

    fireEvent.change(editor, { target: { value: '{"config": {"level": 3}}' } });
    expect(screen.queryByTestId('launcher-json-error')).toBeNull();
    fireEvent.click(screen.getByTestId('launcher-run'));
    await waitFor(() => expect(bridge.requestsTo('tools:call')).toEqual([{ serverId: 'demo', name: 'configure', arguments: { config: { level: 3 } } }]));
  });

  it('keeps what was typed while the user looks elsewhere', async () => {
    renderApp({ bridge: launcherBridge(), state: { screen: 'launcher' } });
    await chooseTool('build');
    fireEvent.change(await screen.findByTestId('launcher-field-project'), { target: { value: 'kept' } });
    fireEvent.click(screen.getByTestId('nav-inbox'));
    await screen.findByTestId('inbox-screen');
    fireEvent.click(screen.getByTestId('nav-launcher'));
    expect((await screen.findByTestId<HTMLInputElement>('launcher-field-project')).value).toBe('kept');
  });
});
