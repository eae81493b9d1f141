// @vitest-environment jsdom
/**
 * A server's Console tab against the fake bridge: nothing is read until the tab is shown; then
 * the console shows each line's time, source or level and text (as text only); the
 * search goes to the host, the source filter narrows what is shown; a `logs:appended` event reads
 * only what came after the last line held; the protocol log's messages expand to their JSON with
 * "Copy as JSON"; "Export log" saves the host's JSON lines as a file.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvokeRequest } from '../../../../shared/ipc/contract';
import type { ConsoleEntry, ProtocolEntry } from '../../../../shared/server-log';
import { createFakeBridge, ok } from '../../fake-bridge';
import { makeServer } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const server = makeServer({ id: 'alpha', name: 'Alpha' });
const HOSTILE = '<img src=x onerror=alert(1)> a very long line '.repeat(20);

function consoleEntries(): ConsoleEntry[] {
  return [
    { seq: 0, at: Date.UTC(2026, 0, 1, 10), source: 'connection', text: 'Connected (2025-11-25)' },
    { seq: 1, at: Date.UTC(2026, 0, 1, 10, 0, 1), source: 'stderr', text: HOSTILE },
    { seq: 2, at: Date.UTC(2026, 0, 1, 10, 0, 2), source: 'log', level: 'warning', logger: 'db', text: 'slow query', data: { ms: 900 } },
  ];
}

const protocolEntries: ProtocolEntry[] = [
  { seq: 0, at: Date.UTC(2026, 0, 1, 10), direction: 'sent', kind: 'request', method: 'tools/call', id: 7, bytes: 120, message: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'build' } } },
  { seq: 1, at: Date.UTC(2026, 0, 1, 10, 0, 1), direction: 'received', kind: 'response', method: 'tools/call', id: 7, bytes: 80, durationMs: 42, http: { status: 200, sessionId: 'sess-1' }, message: { jsonrpc: '2.0', id: 7, result: {} } },
  { seq: 2, at: Date.UTC(2026, 0, 1, 10, 0, 2), direction: 'received', kind: 'notification', method: 'notifications/message', bytes: 9_000_000 },
];

function renderWithLogs(lines: ConsoleEntry[] = consoleEntries()) {
  const bridge = createFakeBridge({
    'servers:list': () => ok([server]),
    'logs:console': (request: InvokeRequest<'logs:console'>) =>
      ok(lines.filter((entry) => entry.seq > (request.afterSeq ?? -1) && (request.search === undefined || entry.text.toLowerCase().includes(request.search.toLowerCase())))),
    'logs:protocol': (request: InvokeRequest<'logs:protocol'>) => ok(protocolEntries.filter((entry) => entry.seq > (request.afterSeq ?? -1))),
    'logs:export': () => ok('{"seq":0}\n{"seq":1}\n'),
  });
  renderApp({ bridge, state: { screen: 'servers' } });
  return bridge;
}

/** jsdom's Blob has no `text()`. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('the blob could not be read'));
    reader.readAsText(blob);
  });
}

async function open() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Console' }));
  return screen.findByTestId('server-activity');
}

describe('the server console', () => {
  it('reads nothing while its tab is not shown; shown, shows each line with its time, source or level, as text only', async () => {
    const bridge = renderWithLogs();
    await screen.findByRole('tab', { name: 'Console' });
    expect(bridge.requestsTo('logs:console')).toEqual([]);
    const panel = within(await open());
    const lines = await panel.findAllByTestId('console-line');
    expect(lines.map((line) => line.dataset.source)).toEqual(['connection', 'stderr', 'log']);
    expect(lines[2]!.textContent).toContain('warning');
    expect(lines[2]!.textContent).toContain('db');
    expect(lines[2]!.textContent).toContain('slow query');
    expect(lines[1]!.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(lines[1]!.querySelector('img')).toBeNull();
    expect(panel.getByRole('region', { name: 'Console of Alpha' })).toBeTruthy();
    bridge.assertNoViolations();
  });

  it('sends the search to the host and filters by source in the page', async () => {
    const bridge = renderWithLogs();
    const panel = within(await open());
    await panel.findAllByTestId('console-line');
    fireEvent.change(panel.getByLabelText('Show'), { target: { value: 'stderr' } });
    expect(panel.getAllByTestId('console-line').map((line) => line.dataset.source)).toEqual(['stderr']);
    fireEvent.change(panel.getByLabelText('Show'), { target: { value: 'all' } });
    fireEvent.change(panel.getByLabelText('Search'), { target: { value: 'SLOW' } });
    await waitFor(() => expect(panel.getAllByTestId('console-line').map((line) => line.dataset.source)).toEqual(['log']));
    expect(bridge.requestsTo('logs:console').at(-1)).toMatchObject({ serverId: 'alpha', search: 'SLOW' });
    bridge.assertNoViolations();
  });

  it('on logs:appended reads only what came after its last line, and appends it', async () => {
    const lines = consoleEntries();
    const bridge = renderWithLogs(lines);
    const panel = within(await open());
    await waitFor(() => expect(panel.getAllByTestId('console-line')).toHaveLength(3));
    lines.push({ seq: 3, at: Date.UTC(2026, 0, 1, 10, 0, 3), source: 'stderr', text: 'later' });
    bridge.emit('logs:appended', { serverIds: ['other'], exchangeLocalIds: [] });
    bridge.emit('logs:appended', { serverIds: ['alpha'], exchangeLocalIds: [] });
    await waitFor(() => expect(panel.getAllByTestId('console-line')).toHaveLength(4));
    expect(panel.getAllByTestId('console-line')[3]!.textContent).toContain('later');
    expect(bridge.requestsTo('logs:console').at(-1)).toMatchObject({ afterSeq: 2 });
    bridge.assertNoViolations();
  });

  it('exports the log as a JSON-lines file', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test';
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithLogs();
    const panel = within(await open());
    fireEvent.click(panel.getByRole('button', { name: 'Export log' }));
    await waitFor(() => expect(clicked).toEqual(['alpha-log.jsonl']));
    expect(created[0]!.type).toBe('application/x-ndjson');
    await expect(readBlob(created[0]!)).resolves.toBe('{"seq":0}\n{"seq":1}\n');
  });
});

describe('the protocol log', () => {
  it('shows each message with direction, method, id, status, duration and size; expands to its JSON with Copy as JSON', async () => {
    renderWithLogs();
    const panel = within(await open());
    const lines = await panel.findAllByTestId('protocol-line');
    expect(lines.map((line) => line.dataset.direction)).toEqual(['sent', 'received', 'received']);
    expect(lines[1]!.textContent).toMatch(/← received.*response.*tools\/call.*#7.*HTTP 200.*42 ms.*80 B/);
    const details = lines[1]!.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    const body = within(lines[1]!);
    expect(await body.findByRole('button', { name: 'Copy message 1 as JSON' })).toBeTruthy();
    expect(body.getByText(/sess-1/)).toBeTruthy();
    const big = lines[2]!.querySelector('details')!;
    big.open = true;
    fireEvent(big, new Event('toggle'));
    expect(await within(lines[2]!).findByText(/no longer kept/)).toBeTruthy();
  });
});
