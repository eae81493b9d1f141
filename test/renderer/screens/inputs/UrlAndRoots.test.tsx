// @vitest-environment jsdom
/**
 * URL-mode questions and roots requests in the needs-input queue, against the fake bridge: the
 * full address is text (never a link), the real host stands out, warnings show, Open asks the host
 * to open the address and only then sends an accept without content; where the host cannot open
 * it, the user reads why and may accept anyway. Roots: "none configured", said plainly.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingInputView } from '../../../../shared/ipc/contract';
import { createFakeBridge, fail, ok, type FakeBridge } from '../../fake-bridge';
import { makeInputView } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

function urlInput(url: Partial<Extract<PendingInputView, { kind: 'url' }>['url']> = {}): PendingInputView {
  return makeInputView({
    kind: 'url',
    key: 'open_dashboard',
    message: 'Open the dashboard of "web" to confirm the rollout?',
    url: { full: 'https://example.com/dashboard', host: 'example.com', warnings: [], canOpen: true, ...url },
  });
}

async function openQueue(bridge: FakeBridge, testId: string) {
  renderApp({ bridge });
  fireEvent.click(screen.getByTestId('nav-needs-input'));
  await screen.findByTestId('inputs-screen');
  return screen.findByTestId(testId);
}

describe('a URL-mode question', () => {
  it('shows the full address as text and the real host, with no link and nothing opened before Open', async () => {
    const bridge = createFakeBridge({ 'inputs:list': () => ok([urlInput()]), 'inputs:answer': () => ok({}), 'app:open-external': () => ok({}) });
    const panel = await openQueue(bridge, 'input-url');
    expect(within(panel).getByTestId('input-url-full').textContent).toBe('https://example.com/dashboard');
    expect(within(panel).getByTestId('input-url-host').textContent).toBe('example.com');
    expect(panel.querySelector('a')).toBeNull();
    expect(within(panel).queryByTestId('input-url-warnings')).toBeNull();
    expect(bridge.requestsTo('app:open-external')).toEqual([]);

    fireEvent.click(within(panel).getByTestId('input-url-open'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'open_dashboard', response: { action: 'accept' } }]));
    expect(bridge.requestsTo('app:open-external')).toEqual([{ url: 'https://example.com/dashboard' }]);
    bridge.assertNoViolations();
  });

  it('a user-info trick: the real host stands out, the warning shows, and only Decline and Cancel are offered', async () => {
    const warning = 'The address has text before an "@" that makes it look like another site. It really goes to evil.com.';
    const bridge = createFakeBridge({ 'inputs:list': () => ok([urlInput({ full: 'https://good.com@evil.com/login', host: 'evil.com', warnings: [warning], canOpen: false })]), 'inputs:answer': () => ok({}) });
    const panel = await openQueue(bridge, 'input-url');
    expect(within(panel).getByTestId('input-url-host').textContent).toBe('evil.com');
    expect(within(panel).getByTestId('input-url-warnings').textContent).toContain('really goes to evil.com');
    expect(within(panel).queryByTestId('input-url-open')).toBeNull();
    fireEvent.click(within(panel).getByTestId('input-decline'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'open_dashboard', response: { action: 'decline' } }]));
    expect(bridge.requestsTo('app:open-external')).toEqual([]);
  });

  it('where the host cannot open it (browser mode), says so, keeps the address, and sends nothing until the user chooses', async () => {
    const bridge = createFakeBridge({
      'inputs:list': () => ok([urlInput()]),
      'inputs:answer': () => ok({}),
      'app:open-external': () => fail('This app cannot open web pages from the browser: open this address yourself.'),
    });
    const panel = await openQueue(bridge, 'input-url');
    fireEvent.click(within(panel).getByTestId('input-url-open'));
    expect((await within(panel).findByTestId('input-url-open-error')).textContent).toContain('open this address yourself');
    expect(bridge.requestsTo('inputs:answer')).toEqual([]);
    expect(within(panel).getByTestId('input-url-full').textContent).toBe('https://example.com/dashboard');
    fireEvent.click(within(panel).getByTestId('input-url-accept-self'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'open_dashboard', response: { action: 'accept' } }]));
  });

  it('Cancel sends cancel without content, and the buttons lock', async () => {
    const bridge = createFakeBridge({ 'inputs:list': () => ok([urlInput()]), 'inputs:answer': () => new Promise(() => undefined) });
    const panel = await openQueue(bridge, 'input-url');
    fireEvent.click(within(panel).getByTestId('input-cancel'));
    fireEvent.click(within(panel).getByTestId('input-cancel'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'open_dashboard', response: { action: 'cancel' } }]));
    expect(within(panel).getByTestId<HTMLButtonElement>('input-url-open').disabled).toBe(true);
  });
});

describe('a roots request', () => {
  const roots = makeInputView({ kind: 'roots', key: 'r', method: 'roots/list', roots: [] });

  it('says plainly that no roots are configured and sends the empty list on a click', async () => {
    const bridge = createFakeBridge({ 'inputs:list': () => ok([roots]), 'inputs:answer': () => ok({}) });
    const panel = await openQueue(bridge, 'input-roots');
    expect(within(panel).getByTestId('input-roots-none').textContent).toContain('No roots are configured for this server');
    expect(bridge.requestsTo('inputs:answer')).toEqual([]);
    fireEvent.click(within(panel).getByTestId('input-roots-send'));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'r', response: { roots: [] } }]));
  });

  it('says where roots are set, and opens the Servers screen', async () => {
    const bridge = createFakeBridge({ 'inputs:list': () => ok([roots]), 'servers:list': () => ok([]) });
    const panel = await openQueue(bridge, 'input-roots');
    expect(within(panel).getByTestId('input-roots-none').textContent).toMatch(/Shared\s+folders \(roots\)” on the Servers screen/);
    fireEvent.click(within(panel).getByRole('button', { name: 'Open the Servers screen' }));
    expect(await screen.findByRole('heading', { name: 'Servers', level: 1 })).toBeTruthy();
  });

  it('lists exactly the configured roots, as text, and sends exactly them', async () => {
    const configured = [{ uri: 'file:///srv/data', name: 'Data <b>x</b>' }, { uri: 'file:///home/me/a%20b' }];
    const bridge = createFakeBridge({ 'inputs:list': () => ok([{ ...roots, roots: configured }]), 'inputs:answer': () => ok({}) });
    const panel = await openQueue(bridge, 'input-roots');
    expect(within(panel).queryByTestId('input-roots-none')).toBeNull();
    const items = within(within(panel).getByTestId('input-roots-list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['file:///srv/data (Data <b>x</b>)', 'file:///home/me/a%20b']);
    expect(panel.querySelector('b')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Send these roots' }));
    await waitFor(() => expect(bridge.requestsTo('inputs:answer')).toEqual([{ localId: 'task-1', serverId: 'server-a', key: 'r', response: { roots: configured } }]));
  });

  it('Cancel stops the task instead', async () => {
    const bridge = createFakeBridge({ 'inputs:list': () => ok([roots]), 'tasks:cancel': () => ok({}) });
    const panel = await openQueue(bridge, 'input-roots');
    fireEvent.click(within(panel).getByTestId('input-cancel'));
    await waitFor(() => expect(bridge.requestsTo('tasks:cancel')).toEqual([{ localId: 'task-1' }]));
    expect(bridge.requestsTo('inputs:answer')).toEqual([]);
  });
});
