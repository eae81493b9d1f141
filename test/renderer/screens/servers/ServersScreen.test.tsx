// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerView } from '../../../../shared/ipc/contract';
import { createFakeBridge, fail, ok, type Handlers } from '../../fake-bridge';
import { makeAppInfo, makeServer } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

const unapproved = makeServer({
  id: 'files',
  name: 'Files',
  transport: 'stdio',
  url: undefined,
  command: '/usr/bin/npx',
  args: ['-y', '@mcp/files', '/home/me/My Documents', '', '  padded  '],
  envNames: ['API_MODE'],
  cwd: '/home/me',
  approved: false,
  approvalDigest: 'sha256:abc123',
  origin: 'import',
  state: undefined,
});
const remote = makeServer({
  id: 'remote',
  name: 'Remote',
  url: 'https://mcp.example/mcp',
  headerNames: ['Authorization'],
  state: { id: 'remote', name: 'Remote', status: 'reconnecting', nextRetryAt: Date.now() + 60_000, era: 'legacy', protocolVersion: '2025-11-25', taskSupport: 'legacy', lastError: 'ECONNREFUSED 127.0.0.1:9' },
});

function renderServers(servers: ServerView[], handlers: Handlers = {}) {
  const bridge = createFakeBridge({ 'servers:list': () => ok(servers), ...handlers });
  return renderApp({ bridge, state: { screen: 'servers' } });
}

/** The detail pane of server `id`, chosen in the list first when another one is shown. */
function card(id: string): HTMLElement {
  const shown = screen.getByTestId('server-detail');
  if (shown.dataset.serverId === id) return shown;
  fireEvent.click(screen.getAllByTestId('server-row').find((row) => row.dataset.serverId === id)!);
  return screen.getByTestId('server-detail');
}

/** Opens the import panel from the top of the screen. */
async function openImport(): Promise<void> {
  const toggle = await screen.findByTestId('servers-import-toggle');
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByTestId('import-panel')).toBeNull();
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
}

describe('servers', () => {
  it('shows each server with connection state, era, task support and last error', async () => {
    renderServers([remote]);
    await screen.findAllByTestId('server-detail');
    const remoteCard = within(card('remote'));
    expect(remoteCard.getByRole('heading', { name: 'Remote' })).toBeTruthy();
    expect(remoteCard.getByTestId('server-state').textContent).toMatch(/^Reconnecting — next try in (59|60)s$/);
    expect(remoteCard.getByTestId('server-era').textContent).toBe('2025-11-25');
    expect(remoteCard.getByTestId('server-task-support').textContent).toMatch(/experimental tasks/);
    expect(remoteCard.getByTestId('server-last-error').textContent).toBe('ECONNREFUSED 127.0.0.1:9');
    expect(remoteCard.getByTestId('server-url').textContent).toBe('https://mcp.example/mcp');
    expect(remoteCard.getByTestId('server-headers').textContent).toContain('Authorization');
    expect(card('remote').querySelector('a')).toBeNull();
  });

  it('shows the full command of an unapproved server and approves with the digest shown', async () => {
    const { bridge } = renderServers([unapproved], { 'servers:approve': () => ok({ ...unapproved, approved: true }) });
    await screen.findAllByTestId('server-detail');
    const files = within(card('files'));
    expect(files.getByTestId('server-command').textContent).toBe('/usr/bin/npx');
    expect(files.getAllByTestId('server-arg').map((arg) => arg.textContent)).toEqual(['-y', '@mcp/files', '/home/me/My Documents', '', '  padded  ']);
    expect(files.getByTestId('server-env').textContent).toBe('API_MODE (value hidden)');
    expect(files.getByTestId('server-cwd').textContent).toBe('/home/me');
    expect(files.getByTestId('server-state').textContent).toBe('Not started');
    const approval = files.getByTestId('server-approval');
    expect(approval.textContent).toMatch(/has not run/);
    expect(within(approval).getByTestId('server-approval-digest').textContent).toBe('sha256:abc123');

    fireEvent.click(within(approval).getByRole('button', { name: 'Approve and run' }));
    await waitFor(() => expect(bridge.requestsTo('servers:approve')).toEqual([{ id: 'files', approvalDigest: 'sha256:abc123' }]));
    // The list is refetched after approving.
    await waitFor(() => expect(bridge.requestsTo('servers:list').length).toBeGreaterThan(1));
  });

  it('shows an approval the host refused', async () => {
    renderServers([unapproved], { 'servers:approve': () => fail('The command changed since it was shown; check it again.') });
    fireEvent.click(await screen.findByTestId('server-approve'));
    expect((await screen.findByTestId('server-approve-error')).textContent).toContain('The command changed');
  });

  it('names variables whose saved values were lost and offers no approval until they are entered again', async () => {
    const { bridge } = renderServers([{ ...unapproved, lostEnvNames: ['GITHUB_TOKEN'] }]);
    await screen.findAllByTestId('server-detail');
    const files = within(card('files'));
    expect(files.getByTestId('server-env').textContent).toBe('API_MODE (value hidden)');
    expect(files.getByTestId('server-env-lost').textContent).toMatch(/^Lost values: GITHUB_TOKEN\. .*does not run/);
    const approve = files.getByTestId('server-approve');
    expect(approve).toHaveProperty('disabled', true);
    fireEvent.click(approve);
    expect(bridge.requestsTo('servers:approve')).toEqual([]);
  });

  it('does not offer approval for an approved server', async () => {
    renderServers([{ ...unapproved, approved: true }]);
    await screen.findAllByTestId('server-detail');
    expect(screen.queryByTestId('server-approval')).toBeNull();
  });

  it('updates from servers:changed', async () => {
    const { bridge } = renderServers([remote]);
    await screen.findAllByTestId('server-detail');
    bridge.emit('servers:changed', { servers: [{ ...remote, state: { ...remote.state!, status: 'connected' } }, makeServer({ id: 'new', name: 'New one' })] });
    await waitFor(() => expect(screen.getAllByTestId('server-row')).toHaveLength(2));
    expect(within(card('remote')).getByTestId('server-state').textContent).toBe('Connected');
    expect(screen.getByTestId('nav-servers-count').textContent).toContain('2');
  });

  it('adds a stdio server with one argument per line', async () => {
    const { bridge } = renderServers([], { 'servers:save': ({ server }) => ok(makeServer({ id: 'saved', name: server.name })) });
    fireEvent.click(await screen.findByTestId('server-add'));
    const form = await screen.findByTestId('server-form');
    await waitFor(() => expect(within(form).getByTestId<HTMLInputElement>('server-form-stdio').disabled).toBe(false));
    fireEvent.click(within(form).getByTestId('server-form-stdio'));
    fireEvent.click(within(form).getByTestId('server-form-save'));
    expect(within(form).getByText('Give the server a name.')).toBeTruthy();
    expect(within(form).getByText('Enter the command to run.')).toBeTruthy();
    expect(bridge.requestsTo('servers:save')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Files' } });
    fireEvent.change(within(form).getByLabelText('Command'), { target: { value: 'npx' } });
    fireEvent.change(within(form).getByLabelText('Arguments'), { target: { value: '-y\n@mcp/files\n/home/me/My Documents\n' } });
    fireEvent.change(within(form).getByLabelText('Environment'), { target: { value: 'MODE=ro' } });
    fireEvent.click(within(form).getByTestId('server-form-save'));
    await waitFor(() =>
      expect(bridge.requestsTo('servers:save')).toEqual([
        { server: { name: 'Files', transport: 'stdio', command: 'npx', args: ['-y', '@mcp/files', '/home/me/My Documents'], env: { MODE: 'ro' } } },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('server-form')).toBeNull());
    bridge.assertNoViolations();
  });

  it('edits an HTTP server, keeping its id', async () => {
    const { bridge } = renderServers([remote], { 'servers:save': ({ server }) => ok({ ...remote, name: server.name }) });
    await screen.findAllByTestId('server-detail');
    fireEvent.click(within(card('remote')).getByTestId('server-edit'));
    const form = await screen.findByTestId('server-form');
    expect(within(form).getByTestId<HTMLInputElement>('server-form-url').value).toBe('https://mcp.example/mcp');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Renamed' } });
    fireEvent.click(within(form).getByTestId('server-form-save'));
    await waitFor(() => expect(bridge.requestsTo('servers:save')).toEqual([{ server: { id: 'remote', name: 'Renamed', transport: 'http', url: 'https://mcp.example/mcp' } }]));
  });

  it('in browser mode, stdio cannot be added or edited; header values can be, kept for this session only as the field says', async () => {
    renderServers([unapproved], { 'app:info': () => ok(makeAppInfo({ mode: 'browser', canEditStdio: false, secretProtection: 'unavailable' })) });
    await screen.findAllByTestId('server-detail');
    await waitFor(() => expect(screen.getByTestId('servers-stdio-locked').textContent).toMatch(/cannot be added or edited/));
    expect(within(card('files')).getByTestId<HTMLButtonElement>('server-edit').disabled).toBe(true);
    // The full command is still shown for approval.
    expect(within(card('files')).getAllByTestId('server-arg')).toHaveLength(5);

    fireEvent.click(screen.getByTestId('server-add'));
    const form = await screen.findByTestId('server-form');
    expect(within(form).getByTestId<HTMLInputElement>('server-form-stdio').disabled).toBe(true);
    expect(within(form).getByTestId<HTMLInputElement>('server-form-http').checked).toBe(true);
    const headers = within(form).getByTestId<HTMLTextAreaElement>('server-form-headers');
    expect(headers.disabled).toBe(false);
    const help = document.getElementById(headers.getAttribute('aria-describedby')!)!;
    expect(help.textContent).toMatch(/kept for this session only — browser mode cannot protect them at rest/);
  });

  it('in browser mode, a stdio server cannot be removed (it could not be added back), and says why; an HTTP one can', async () => {
    renderServers([unapproved, remote], { 'app:info': () => ok(makeAppInfo({ mode: 'browser', canEditStdio: false, secretProtection: 'unavailable' })) });
    await screen.findAllByTestId('server-detail');
    const files = within(card('files'));
    await waitFor(() => expect(files.getByTestId<HTMLButtonElement>('server-remove').disabled).toBe(true));
    const note = files.getByTestId('server-remove-locked');
    expect(note.textContent).toMatch(/cannot remove a server that runs a command: it could not add it back/);
    expect(files.getByTestId('server-remove').getAttribute('aria-describedby')).toBe(note.id);
    expect(within(card('remote')).getByTestId<HTMLButtonElement>('server-remove').disabled).toBe(false);
    expect(within(card('remote')).queryByTestId('server-remove-locked')).toBeNull();
  });

  it('edits a stdio server by variable name: a save keeps the hidden values, Replace value sends a new one, Remove drops one', async () => {
    const approved = { ...unapproved, approved: true, envNames: ['API_MODE', 'TOKEN'] };
    const { bridge } = renderServers([approved], { 'servers:save': () => ok(approved) });
    await screen.findAllByTestId('server-detail');
    fireEvent.click(within(card('files')).getByTestId('server-edit'));
    const form = within(await screen.findByTestId('server-form'));
    expect(form.getAllByTestId('server-form-kept-var').map((row) => row.querySelector('code')?.textContent)).toEqual(['API_MODE', 'TOKEN']);
    expect(form.getByTestId('server-form-kept-env').textContent).toContain('(value hidden)');
    expect(form.getByTestId<HTMLTextAreaElement>('server-form-env').value).toBe('');
    fireEvent.click(form.getByRole('button', { name: 'Replace the value of TOKEN' }));
    expect(form.getByTestId<HTMLTextAreaElement>('server-form-env').value).toBe('TOKEN=');
    fireEvent.change(form.getByLabelText('Environment'), { target: { value: 'TOKEN=new-value' } });
    fireEvent.click(form.getByTestId('server-form-save'));
    await waitFor(() => expect(bridge.requestsTo('servers:save')).toHaveLength(1));
    expect(bridge.requestsTo('servers:save')[0]).toMatchObject({ server: { id: 'files', env: { API_MODE: null, TOKEN: 'new-value' } } });

    fireEvent.click(within(card('files')).getByTestId('server-edit'));
    const again = within(await screen.findByTestId('server-form'));
    fireEvent.click(again.getByRole('button', { name: 'Remove the variable API_MODE' }));
    fireEvent.click(again.getByTestId('server-form-save'));
    await waitFor(() => expect(bridge.requestsTo('servers:save')).toHaveLength(2));
    expect(bridge.requestsTo('servers:save')[1]).toMatchObject({ server: { id: 'files', env: { TOKEN: null } } });
  });

  it('a server whose endpoint change made a new server says so', async () => {
    renderServers([{ ...remote, disabled: true, replacedBy: 'remote-2', state: undefined }]);
    await screen.findAllByTestId('server-detail');
    expect(within(card('remote')).getByTestId('server-state').textContent).toMatch(/^Server changed/);
    expect(within(card('remote')).getByTestId('server-replaced').textContent).toMatch(/never followed at the new endpoint/);
  });

  it('removes a server after confirming', async () => {
    const { bridge } = renderServers([remote], { 'servers:remove': () => ok({}) });
    await screen.findAllByTestId('server-detail');
    fireEvent.click(within(card('remote')).getByTestId('server-remove'));
    fireEvent.click(within(card('remote')).getByTestId('server-remove-confirm'));
    await waitFor(() => expect(bridge.requestsTo('servers:remove')).toEqual([{ id: 'remote' }]));
  });
});

describe('server states that say why, and the buttons that act on them', () => {
  const broken = makeServer({
    id: 'broken',
    name: 'Broken',
    transport: 'stdio',
    url: undefined,
    command: '/usr/bin/node',
    args: ['/nonexistent.js'],
    state: {
      id: 'broken',
      name: 'Broken',
      status: 'failed',
      failedStarts: 5,
      exit: { code: 1, stderr: ["Error: Cannot find module '/nonexistent.js'", '\u202egnp.exe <b>bold</b>'] },
      lastError: 'Version negotiation probe failed: Connection closed during the version negotiation probe',
    },
  });
  const down = makeServer({
    id: 'down',
    name: 'Down',
    state: { id: 'down', name: 'Down', status: 'connected', era: 'legacy', health: { condition: 'degraded', kind: 'http-status', httpStatus: 503, since: Date.now() - 42_000, detail: 'HTTP 503 Service \u202eUnavailable', failedRequests: 3 } },
  });
  const silent = makeServer({
    id: 'silent',
    name: 'Silent',
    state: { id: 'silent', name: 'Silent', status: 'connected', era: 'legacy', health: { condition: 'not-responding', probe: 'ping', since: Date.now() - 12_000, pingTimeoutMs: 10_000 } },
  });
  /** `HH:MM` of a wall-clock ms value, as the card writes it. */
  const hhmm = (ms: number) => `${String(new Date(ms).getHours()).padStart(2, '0')}:${String(new Date(ms).getMinutes()).padStart(2, '0')}`;

  it('a stdio server that cannot start: stopped, its exit code and what it wrote, the SDK\'s words only as the detail; Retry now and Disable', async () => {
    const { bridge } = renderServers([broken], {
      'servers:retry': () => ok({ ...broken, state: { ...broken.state!, status: 'connecting' } }),
      'servers:set-enabled': () => ok({ ...broken, disabled: true, state: undefined }),
    });
    await screen.findAllByTestId('server-detail');
    const shown = within(card('broken'));
    expect(shown.getByTestId('server-state').textContent).toBe('Stopped after 5 failed starts within 2 minutes — not started again until you retry');
    expect(shown.getByTestId('server-exit').textContent).toContain('Its process exited with code 1. It wrote:');
    expect(within(shown.getByTestId('server-stderr')).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      "Error: Cannot find module '/nonexistent.js'",
      '[U+202E]gnp.exe <b>bold</b>',
    ]);
    expect(card('broken').querySelector('b')).toBeNull();
    expect(shown.getByText('Details')).toBeTruthy();
    expect(shown.getByTestId('server-last-error').textContent).toMatch(/^Version negotiation/);

    fireEvent.click(shown.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(bridge.requestsTo('servers:retry')).toEqual([{ id: 'broken' }]));
    fireEvent.click(shown.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(bridge.requestsTo('servers:set-enabled')).toEqual([{ id: 'broken', enabled: false }]));
    bridge.assertNoViolations();
  });

  it('a degraded server says since when, the failure (its status text as untrusted text) and how many requests failed, and offers no retry', async () => {
    renderServers([down]);
    await screen.findAllByTestId('server-detail');
    const shown = within(card('down'));
    const state = shown.getByTestId('server-state');
    expect(state.textContent).toBe(`Degraded since ${hhmm(down.state!.health!.since)} — HTTP 503 Service [U+202E]Unavailable (3 requests failed)`);
    expect(state.getAttribute('data-health')).toBe('degraded');
    expect(shown.queryByRole('button', { name: 'Retry now' })).toBeNull();
    expect(shown.getByRole('button', { name: 'Disable' })).toBeTruthy();
  });

  it('a stdio server that did not answer its ping says not responding, since when', async () => {
    renderServers([silent]);
    await screen.findAllByTestId('server-detail');
    const state = within(card('silent')).getByTestId('server-state');
    expect(state.textContent).toBe(`Not responding since ${hhmm(silent.state!.health!.since)} — no answer to ping in 10s`);
    expect(state.getAttribute('data-health')).toBe('not-responding');
  });

  it('a server waiting for its next attempt offers Retry now', async () => {
    renderServers([remote]);
    await screen.findAllByTestId('server-detail');
    expect(within(card('remote')).getByRole('button', { name: 'Retry now' })).toBeTruthy();
  });

  it('a disabled server says so and offers Enable, not Retry now', async () => {
    const { bridge } = renderServers([{ ...broken, disabled: true, state: undefined }], { 'servers:set-enabled': () => ok({ ...broken, state: undefined }) });
    await screen.findAllByTestId('server-detail');
    const shown = within(card('broken'));
    expect(shown.getByTestId('server-state').textContent).toMatch(/^Disabled/);
    expect(shown.getByTestId('server-state').dataset.status).toBe('disabled');
    expect(shown.queryByRole('button', { name: 'Retry now' })).toBeNull();
    fireEvent.click(shown.getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(bridge.requestsTo('servers:set-enabled')).toEqual([{ id: 'broken', enabled: true }]));
  });

  it('shows a retry the host refused', async () => {
    renderServers([broken], { 'servers:retry': () => fail('"Broken" is disabled: enable it first.') });
    fireEvent.click(await screen.findByTestId('server-retry'));
    expect((await screen.findByTestId('server-retry-error')).textContent).toContain('is disabled');
  });

  it('in browser mode, stdio servers can still be retried and disabled', async () => {
    renderServers([broken], { 'app:info': () => ok(makeAppInfo({ mode: 'browser', canEditStdio: false, secretProtection: 'unavailable' })) });
    await screen.findAllByTestId('server-detail');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('server-edit').disabled).toBe(true));
    expect(screen.getByTestId<HTMLButtonElement>('server-retry').disabled).toBe(false);
    expect(screen.getByTestId<HTMLButtonElement>('server-disable').disabled).toBe(false);
  });
});

describe('import', () => {
  const report = {
    imported: [{ ...unapproved, name: 'github' }],
    skipped: [{ name: 'weird', reason: 'Uses "type": "sse", which is not supported.' }],
  };

  it('imports pasted JSON and shows what was imported (unapproved) and what was skipped', async () => {
    const { bridge } = renderServers([], { 'servers:import': () => ok(report) });
    const json = '{"mcpServers": {"github": {"command": "npx", "args": ["-y", "gh"]}, "weird": {"type": "sse", "url": "x"}}}';
    await openImport();
    fireEvent.change(await screen.findByTestId('import-json'), { target: { value: json } });
    fireEvent.click(screen.getByTestId('import-submit'));
    const shown = await screen.findByTestId('import-report');
    expect(bridge.requestsTo('servers:import')).toEqual([{ json }]);
    expect(within(shown).getByTestId('import-imported').textContent).toMatch(/github — command · needs your approval before it runs/);
    expect(within(shown).getByTestId('import-skipped').textContent).toBe('weird: Uses "type": "sse", which is not supported.');
  });

  it('reads a picked file into the editor', async () => {
    renderServers([], { 'servers:import': () => ok(report) });
    const file = new File(['{"servers": {"x": {"command": "node"}}}'], 'mcp.json', { type: 'application/json' });
    await openImport();
    fireEvent.change(await screen.findByTestId('import-file'), { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('import-json').value).toBe('{"servers": {"x": {"command": "node"}}}'));
  });

  it('shows an import the host refused', async () => {
    renderServers([], { 'servers:import': () => fail('Not a Claude Desktop, Cursor or VS Code config.') });
    await openImport();
    fireEvent.change(await screen.findByTestId('import-json'), { target: { value: '[]' } });
    fireEvent.click(screen.getByTestId('import-submit'));
    expect((await screen.findByTestId('import-error')).textContent).toContain('Not a Claude Desktop');
  });
});
