// @vitest-environment jsdom
/**
 * The Servers screen as a list beside one server's detail, against the fake bridge: each line's
 * words and task counts, the first server shown until one is chosen, choosing one (kept in the
 * store), the detail's tabs (WAI-ARIA roles, arrow keys, one mounted panel, kept across servers),
 * the Tools tab, and an added server shown once saved.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerView, TaskSummary } from '../../../../shared/ipc/contract';
import { createFakeBridge, fail, ok, type Handlers } from '../../fake-bridge';
import { makeServer, makeSnapshot, makeTask, makeTool } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

const alpha = makeServer({ id: 'alpha', name: 'Alpha' });
const beta = makeServer({
  id: 'beta',
  name: 'Beta <img src=x>',
  transport: 'stdio',
  url: undefined,
  command: 'node',
  args: ['server.js', '--port', '0'],
  state: { id: 'beta', name: 'Beta', status: 'connected', era: 'legacy', taskSupport: 'legacy' },
});
const gamma = makeServer({ id: 'gamma', name: 'Gamma', disabled: true, state: undefined });
const tasks: TaskSummary[] = [
  makeTask({ localId: '1', serverId: 'beta' }),
  makeTask({ localId: '2', serverId: 'beta', snapshot: makeSnapshot({ status: 'input_required' }) }),
  makeTask({ localId: '3', serverId: 'alpha', snapshot: makeSnapshot({ status: 'completed' }) }),
];

function renderServers(servers: ServerView[], handlers: Handlers = {}, selectedServerId: string | null = null) {
  const bridge = createFakeBridge({ 'servers:list': () => ok(servers), 'tasks:list': () => ok(tasks), ...handlers });
  return renderApp({ bridge, state: { screen: 'servers', selectedServerId } });
}

const row = (id: string) => screen.getAllByTestId('server-row').find((element) => element.dataset.serverId === id)!;
const detail = () => screen.getByTestId('server-detail');

describe('the server list', () => {
  it('says, per server, its state, protocol, transport and active tasks, the name as text', async () => {
    renderServers([alpha, beta, gamma]);
    await screen.findAllByTestId('server-row');
    await waitFor(() => expect(within(row('beta')).getByTestId('server-row-tasks').textContent).toBe('1 running · 1 needs input'));
    const words = (id: string) => row(id).textContent;
    expect(words('alpha')).toBe('Alphaconnected2026-07-28 · tasks extension · Streamable HTTP · no active tasks');
    expect(words('beta')).toBe('Beta <img src=x>connected2025-11-25 · experimental tasks · stdio · 1 running · 1 needs input');
    expect(row('beta').querySelector('img')).toBeNull();
    expect(within(row('gamma')).getByTestId('server-row-state').dataset.status).toBe('disabled');
    expect(within(row('gamma')).getByTestId('server-row-state').textContent).toBe('disabled');
  });

  it('shows the first server until one is chosen, then the chosen one, kept in the store', async () => {
    const { store } = renderServers([alpha, beta]);
    await screen.findAllByTestId('server-row');
    expect(detail().dataset.serverId).toBe('alpha');
    expect(row('alpha').getAttribute('aria-current')).toBe('true');
    fireEvent.click(row('beta'));
    expect(store.getState().selectedServerId).toBe('beta');
    expect(detail().dataset.serverId).toBe('beta');
    expect(within(detail()).getByRole('heading', { level: 2 }).textContent).toBe('Beta <img src=x>');
    expect(row('beta').getAttribute('aria-current')).toBe('true');
    expect(row('alpha').getAttribute('aria-current')).toBeNull();
  });

  it('opens on the server the store names, and on the first when it names one that is gone', async () => {
    renderServers([alpha, beta], {}, 'beta');
    await screen.findAllByTestId('server-row');
    expect(detail().dataset.serverId).toBe('beta');
    cleanup();
    renderServers([alpha, beta], {}, 'removed');
    await screen.findAllByTestId('server-row');
    expect(detail().dataset.serverId).toBe('alpha');
  });

  it('Back shows the list alone (the narrow layout\'s way back)', async () => {
    const { store } = renderServers([alpha, beta], {}, 'beta');
    fireEvent.click(await screen.findByTestId('server-detail-back'));
    expect(store.getState().selectedServerId).toBeNull();
    expect(store.getState().screen).toBe('servers');
  });

  it('shows a stdio command\'s arguments as one ordered list, each as it is passed', async () => {
    renderServers([beta]);
    const args = await screen.findByTestId('server-args');
    expect(args.tagName).toBe('OL');
    expect(within(args).getAllByTestId('server-arg').map((arg) => arg.textContent)).toEqual(['server.js', '--port', '0']);
  });

  it('shows an added server once it is saved', async () => {
    let servers = [alpha];
    const added = makeServer({ id: 'added', name: 'Added' });
    renderServers([], {
      'servers:list': () => ok(servers),
      'servers:save': () => {
        servers = [alpha, added];
        return ok(added);
      },
    });
    fireEvent.click(await screen.findByTestId('server-add'));
    const form = await screen.findByTestId('server-form');
    fireEvent.click(within(form).getByTestId('server-form-http'));
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Added' } });
    fireEvent.change(within(form).getByLabelText('Address'), { target: { value: 'https://added.example/mcp' } });
    fireEvent.click(within(form).getByTestId('server-form-save'));
    await waitFor(() => expect(detail().dataset.serverId).toBe('added'));
  });
});

describe('the detail\'s tabs', () => {
  it('are a tablist whose tabs control one mounted panel, one Tab stop', async () => {
    renderServers([alpha]);
    const tablist = await screen.findByRole('tablist', { name: 'Alpha: sections' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Settings', 'Tools', 'Shared folders', 'Console']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    const panels = screen.getAllByRole('tabpanel');
    expect(panels).toHaveLength(1);
    expect(panels[0]!.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panels[0]!.id);
    expect(within(panels[0]!).getByTestId('server-state')).toBeTruthy();
  });

  it.each<[string, string, string]>([
    ['ArrowRight', 'settings', 'tools'],
    ['ArrowLeft', 'settings', 'console'],
    ['End', 'settings', 'console'],
    ['Home', 'roots', 'settings'],
    ['ArrowRight', 'console', 'settings'],
  ])('%s from %s goes to %s, and focuses it', async (key, from, to) => {
    renderServers([alpha]);
    fireEvent.click(await screen.findByTestId(`server-tab-${from}`));
    fireEvent.keyDown(screen.getByTestId(`server-tab-${from}`), { key });
    const target = screen.getByTestId(`server-tab-${to}`);
    expect(target.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(target);
    expect(screen.getByTestId(`server-tabpanel-${to}`)).toBeTruthy();
  });

  it('keeps the chosen tab when another server is chosen', async () => {
    renderServers([alpha, beta]);
    fireEvent.click(await screen.findByTestId('server-tab-roots'));
    fireEvent.click(row('beta'));
    expect(detail().dataset.serverId).toBe('beta');
    expect(screen.getByTestId('server-tabpanel-roots')).toBeTruthy();
  });

  it('Tools asks for the tools only when shown, and lists them as text', async () => {
    const { bridge } = renderServers([alpha], { 'tools:list': () => ok([makeTool({ name: 'build', title: 'Build', description: '<script>x</script> Builds.' }), makeTool({ name: 'deploy', title: undefined, description: undefined })]) });
    await screen.findByTestId('server-tab-tools');
    expect(bridge.requestsTo('tools:list')).toEqual([]);
    fireEvent.click(screen.getByTestId('server-tab-tools'));
    const tools = await screen.findAllByTestId('server-tool');
    expect(bridge.requestsTo('tools:list')).toEqual([{ serverId: 'alpha' }]);
    expect(tools.map((tool) => tool.textContent)).toEqual(['buildBuild<script>x</script> Builds.', 'deploy']);
    expect(screen.getByTestId('server-tools').querySelector('script')).toBeNull();
  });

  it('Tools says why it cannot list: the host\'s error, or a disabled server (not asked)', async () => {
    renderServers([alpha], { 'tools:list': () => fail('Alpha is not connected.') });
    fireEvent.click(await screen.findByTestId('server-tab-tools'));
    expect((await screen.findByTestId('server-tools-error')).textContent).toContain('Alpha is not connected.');
    cleanup();
    const { bridge } = renderServers([gamma]);
    fireEvent.click(await screen.findByTestId('server-tab-tools'));
    expect(screen.getByTestId('server-tabpanel-tools').textContent).toMatch(/disabled: enable it to see its tools/);
    expect(bridge.requestsTo('tools:list')).toEqual([]);
  });
});
