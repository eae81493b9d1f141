// @vitest-environment jsdom
/**
 * A task's Activity against the fake bridge: its exchange as lines (method, direction, outcome,
 * the answer's gist, HTTP status, duration, "×300" with first and last time for collapsed
 * repeats), each opening to the request and the answer as JSON with Copy as JSON, all as text
 * only; where lines were not kept, how many; its console lines read with its id; a
 * `logs:appended` that names the task reads the exchange again (its server's other traffic does
 * not); "Export task" saves the host's document as a JSON file.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeLine } from '../../../../shared/server-log';
import { createFakeBridge, ok } from '../../fake-bridge';
import { makeDetail, makeServer } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const detail = makeDetail({ localId: 'local-1', serverId: 'server-a', toolName: 'build' });
const AT = Date.UTC(2026, 0, 1, 10);
const lines: ExchangeLine[] = [
  { at: AT, lastAt: AT, count: 1, direction: 'sent', kind: 'request', method: 'tools/call', id: 1, outcome: 'result', summary: 'task <b>created</b>', durationMs: 12, http: { status: 200 }, message: { method: 'tools/call' }, answer: { result: {} } },
  { at: AT + 1_000, lastAt: AT + 300_000, count: 300, direction: 'sent', kind: 'request', method: 'tasks/get', id: 301, outcome: 'result', summary: 'working — Step 2/5', durationMs: 3 },
];

function renderActivity(exchange: () => ExchangeLine[] = () => lines) {
  const bridge = createFakeBridge({
    'tasks:get': () => ok(detail),
    'servers:list': () => ok([makeServer({ id: 'server-a', name: 'Alpha builds' })]),
    'tasks:exchange': () => ok(exchange()),
    'tasks:export': () => ok('{"task":{"id":"local-1"}}\n'),
    'logs:console': () => ok([{ seq: 0, at: AT, source: 'log', level: 'info', text: 'compiling' }]),
  });
  renderApp({ bridge, state: { screen: 'task', selectedTaskId: detail.localId } });
  return bridge;
}

describe('a task\'s activity', () => {
  it('shows the exchange as lines, repeats collapsed with their count and first and last time, as text only', async () => {
    renderActivity();
    const rows = await screen.findAllByTestId('exchange-line');
    expect(rows.map((row) => row.dataset.method)).toEqual(['tools/call', 'tasks/get']);
    expect(rows[0]!.textContent).toMatch(/→.*tools\/call.*answered.*task <b>created<\/b>.*HTTP 200.*12 ms/);
    expect(rows[0]!.querySelector('b')).toBeNull();
    expect(within(rows[1]!).getByTestId('exchange-count').textContent).toBe(' ×300');
    expect(rows[1]!.querySelectorAll('time')).toHaveLength(2);
  });

  it('says where lines were not kept, and how many, before the line after the gap', async () => {
    const gap: ExchangeLine = { at: AT + 400_000, lastAt: AT + 400_000, count: 1, direction: 'sent', kind: 'request', method: 'tasks/get', outcome: 'result', summary: 'working — Step 5/5', droppedBefore: 1_204 };
    renderActivity(() => [...lines, gap]);
    const list = within(await screen.findByTestId('exchange-lines'));
    const items = await list.findAllByRole('listitem');
    expect(items.map((item) => item.dataset.testid)).toEqual(['exchange-line', 'exchange-line', 'exchange-dropped', 'exchange-line']);
    expect(items[2]!.textContent).toBe('1,204 earlier lines not kept (a task keeps its first line and its newest ones)');
  });

  it('opens a line to the request and the answer, each with Copy as JSON', async () => {
    renderActivity();
    const [first] = await screen.findAllByTestId('exchange-line');
    const details = first!.querySelector('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await within(first!).findByRole('button', { name: 'Copy exchange line 1 request as JSON' })).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Copy exchange line 1 answer as JSON' })).toBeTruthy();
  });

  it('reads its console lines by task id, and the exchange again only when the host says it changed', async () => {
    let current = lines.slice(0, 1);
    const bridge = renderActivity(() => current);
    await waitFor(() => expect(screen.getAllByTestId('exchange-line')).toHaveLength(1));
    expect((await screen.findAllByTestId('console-line'))[0]!.textContent).toContain('compiling');
    expect(bridge.requestsTo('logs:console')[0]).toMatchObject({ serverId: 'server-a', localId: 'local-1' });
    current = lines;
    const consoleReads = bridge.requestsTo('logs:console').length;
    // The server's logs grew with another task's traffic: the console reads its tail, the exchange stays.
    bridge.emit('logs:appended', { serverIds: ['server-a'], exchangeLocalIds: ['other-task'] });
    await waitFor(() => expect(bridge.requestsTo('logs:console').length).toBeGreaterThan(consoleReads));
    expect(bridge.requestsTo('tasks:exchange')).toHaveLength(1);
    expect(screen.getAllByTestId('exchange-line')).toHaveLength(1);
    bridge.emit('logs:appended', { serverIds: ['server-a'], exchangeLocalIds: ['local-1'] });
    await waitFor(() => expect(screen.getAllByTestId('exchange-line')).toHaveLength(2));
    expect(bridge.requestsTo('tasks:exchange')).toEqual([{ localId: 'local-1' }, { localId: 'local-1' }]);
    bridge.assertNoViolations();
  });

  it('exports the task as a JSON file named after the tool and its id', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderActivity();
    fireEvent.click(await screen.findByRole('button', { name: 'Export task' }));
    await waitFor(() => expect(clicked).toEqual(['build-local-1.json']));
  });
});
