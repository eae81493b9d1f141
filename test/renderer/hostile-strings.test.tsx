// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBridge, ok } from './fake-bridge';
import { makeCallDetail, makeDetail, makeServer, makeSnapshot, makeTask, makeTool } from './factories';
import { layOutTaskList, renderApp } from './render-app';

/** Every server string below is hostile: markup, script, bidi overrides, zero-width characters. */
const MARKUP = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(2)</script>';
const BIDI_NAME = 'Files\u202Egnp.exe';
const ZERO_WIDTH_ID = 'task\u200Bid';

let restoreLayout: () => void;
let alert: ReturnType<typeof vi.fn>;
beforeEach(() => {
  restoreLayout = layOutTaskList(640);
  alert = vi.fn();
  vi.stubGlobal('alert', alert);
});
afterEach(() => {
  cleanup();
  restoreLayout();
  vi.unstubAllGlobals();
});

const hostileTask = makeTask({
  localId: 'h',
  serverId: 'evil',
  toolName: MARKUP,
  serverTaskId: ZERO_WIDTH_ID,
  snapshot: makeSnapshot({ serverTaskId: ZERO_WIDTH_ID, status: 'failed', statusMessage: SCRIPT, error: { code: -1, message: MARKUP } }),
  hasResult: true,
});
const hostileServer = makeServer({ id: 'evil', name: BIDI_NAME, state: { id: 'evil', name: BIDI_NAME, status: 'connected', serverInfo: { name: MARKUP }, lastError: SCRIPT } });

function hostileBridge() {
  return createFakeBridge({
    'tasks:list': () => ok([hostileTask]),
    'servers:list': () => ok([hostileServer]),
    'tasks:get': () => ok(makeDetail({ ...hostileTask, timeline: [{ at: 1, status: 'working', statusMessage: MARKUP, note: SCRIPT }, { at: 2, fact: { kind: 'call-refused', message: MARKUP, code: -1 } }], arguments: { [MARKUP]: SCRIPT } })),
    'tasks:result': () => ok({ content: [{ type: 'text', text: MARKUP }, { type: 'resource_link', uri: 'javascript:alert(3)', name: SCRIPT }], structuredContent: { [MARKUP]: BIDI_NAME } }),
    'tools:list': () => ok([makeTool({ name: BIDI_NAME, title: MARKUP, description: SCRIPT })]),
  });
}

/** No element was created from a server string, and nothing ran. */
function expectInert(container: HTMLElement) {
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('img[src="x"]')).toBeNull();
  expect(container.querySelector('[onerror]')).toBeNull();
  expect(container.querySelector('a')).toBeNull();
  expect(alert).not.toHaveBeenCalled();
}

describe('hostile server strings render as inert text', () => {
  it('in the inbox', async () => {
    const { container } = renderApp({ bridge: hostileBridge() });
    const row = await screen.findByTestId('task-row');
    await waitFor(() => expect(row.textContent).toContain('[U+202E]'));
    expect(row.textContent).toContain(MARKUP);
    expect(row.textContent).toContain(SCRIPT);
    const marker = within(row).getByText('[U+202E]');
    expect(marker.className).toBe('hidden-char');
    expect(marker.getAttribute('title')).toMatch(/right-to-left override/);
    // The raw override character itself is not in the page text.
    expect(row.textContent).not.toContain('\u202E');
    expectInert(container);
  });

  it('in the task detail', async () => {
    const { container } = renderApp({ bridge: hostileBridge(), state: { screen: 'task', selectedTaskId: 'h' } });
    await screen.findByTestId('task-detail');
    await waitFor(() => expect(screen.getByTestId('task-result').textContent).toContain(MARKUP));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(MARKUP);
    expect(screen.getByTestId('task-id').textContent).toBe('task[U+200B]id');
    await waitFor(() => expect(screen.getByTestId('task-server').textContent).toBe('Files[U+202E]gnp.exe'));
    expect(screen.getByTestId('task-error-message').textContent).toBe(MARKUP);
    expect(screen.getByTestId('task-timeline').textContent).toContain(MARKUP);
    expect(screen.getByTestId('task-timeline').textContent).toContain(SCRIPT);
    // A fact's values from the server stay text inside the catalogue's sentence.
    expect(screen.getByTestId('task-timeline').textContent).toContain(`The server refused the call: ${MARKUP} (error -1)`);
    expect(screen.getByTestId('result-resource-link').textContent).toContain('javascript:alert(3)');
    expect(screen.getByTestId('result-structured').textContent).toContain('[U+202E]');
    expectInert(container);
  });

  it('in the error of a call the server refused after the user\'s input (no task)', async () => {
    const refused = makeCallDetail({ localId: 'r', serverId: 'evil', phase: 'calling', endReason: 'refused', callError: { code: -1, message: MARKUP, data: { [SCRIPT]: BIDI_NAME } } });
    const bridge = createFakeBridge({ 'tasks:list': () => ok([]), 'servers:list': () => ok([hostileServer]), 'tasks:get': () => ok(refused) });
    const { container } = renderApp({ bridge, state: { screen: 'task', selectedTaskId: 'r' } });
    const error = await screen.findByTestId('task-error');
    expect(within(error).getByTestId('task-error-message').textContent).toBe(MARKUP);
    expect(error.textContent).toContain('[U+202E]');
    expectInert(container);
  });

  it('in the launcher and on the servers screen', async () => {
    const { container } = renderApp({ bridge: hostileBridge(), state: { screen: 'launcher' } });
    const serverSelect = await screen.findByTestId('launcher-server');
    await waitFor(() => expect(serverSelect.textContent).toContain('Files[U+202E]gnp.exe'));
    fireEvent.change(serverSelect, { target: { value: 'evil' } });
    const toolSelect = await screen.findByTestId('launcher-tool');
    await waitFor(() => expect(toolSelect.textContent).toContain(`${MARKUP} (Files[U+202E]gnp.exe)`));
    fireEvent.change(toolSelect, { target: { value: BIDI_NAME } });
    expect((await screen.findByTestId('launcher-tool-details')).textContent).toContain(SCRIPT);
    expectInert(container);

    fireEvent.click(screen.getByTestId('nav-servers'));
    const serverCard = await screen.findByTestId('server-detail');
    expect(serverCard.textContent).toContain('Files[U+202E]gnp.exe');
    expect(serverCard.textContent).toContain(MARKUP);
    expect(within(serverCard).getByTestId('server-last-error').textContent).toBe(SCRIPT);
    expectInert(container);
  });
});

describe('hostile progress messages render as inert text', () => {
  const running = makeTask({ localId: 'p', form: 'legacy', toolName: BIDI_NAME, progress: { progress: 1, total: 2, message: `${MARKUP}${BIDI_NAME}`, at: 1 } });

  it('on the row and the detail, with the bar named by the visible form of the tool name', async () => {
    const bridge = createFakeBridge({ 'tasks:list': () => ok([running]), 'tasks:get': () => ok(makeDetail(running)) });
    const { container } = renderApp({ bridge });
    const row = await screen.findByTestId('task-row');
    expect(within(row).getByTestId('task-row-message').textContent).toBe(`${MARKUP}Files[U+202E]gnp.exe`);
    expect(within(row).getByRole('progressbar').getAttribute('aria-label')).toBe('Progress of Files[U+202E]gnp.exe');
    expectInert(container);

    fireEvent.click(within(row).getByRole('button'));
    const message = await screen.findByTestId('task-progress-message');
    expect(message.textContent).toBe(`${MARKUP}Files[U+202E]gnp.exe`);
    expectInert(container);
  });
});
