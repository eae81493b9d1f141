// @vitest-environment jsdom
/**
 * A server's settings against the fake bridge: the shared folders (roots) listed as text,
 * added by path (the host's refusal shown next to the field), removed; the notifications switch
 * (a real checkbox named "Notifications"); and both offered in browser mode, for stdio too.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InvokeRequest, ServerView } from '../../../../shared/ipc/contract';
import { createFakeBridge, fail, ok, type Handlers } from '../../fake-bridge';
import { makeAppInfo, makeServer } from '../../factories';
import { renderApp } from '../../render-app';

afterEach(cleanup);

const shared = makeServer({ id: 'files', name: 'Files', roots: [{ uri: 'file:///srv/data', name: 'Data <i>x</i>' }, { uri: 'file:///home/me/a%20b' }] });

/** A host that keeps the settings it is given, as the real one does. */
function renderWithHost(initial: ServerView, handlers: Handlers = {}, browser = false) {
  let server = initial;
  const bridge = createFakeBridge({
    'servers:list': () => ok([server]),
    'servers:update-settings': (request: InvokeRequest<'servers:update-settings'>) => {
      server = {
        ...server,
        ...(request.roots !== undefined ? { roots: request.roots.map(({ location, name }) => ({ uri: location.startsWith('file:') ? location : `file://${location}`, ...(name !== undefined ? { name } : {}) })) } : {}),
        ...(request.notificationsMuted !== undefined ? { notificationsMuted: request.notificationsMuted } : {}),
      };
      return ok(server);
    },
    ...(browser ? { 'app:info': () => ok(makeAppInfo({ mode: 'browser', canEditStdio: false })) } : {}),
    ...handlers,
  });
  renderApp({ bridge, state: { screen: 'servers' } });
  return bridge;
}

/** The Shared folders tab's content, its tab chosen first. */
async function section(): Promise<HTMLElement> {
  const tab = await screen.findByRole('tab', { name: 'Shared folders' });
  if (tab.getAttribute('aria-selected') !== 'true') fireEvent.click(tab);
  return screen.findByTestId('server-roots');
}

describe('shared folders (roots)', () => {
  it('lists each folder as text, and says plainly when there are none', async () => {
    renderWithHost(shared);
    const roots = within(await section());
    expect(roots.getByRole('heading', { name: 'Shared folders (roots)' })).toBeTruthy();
    expect(roots.getAllByTestId('server-root-uri').map((uri) => uri.textContent)).toEqual(['file:///srv/data', 'file:///home/me/a%20b']);
    expect(roots.getByTestId('server-root-name').textContent).toBe('Data <i>x</i>');
    expect((await section()).querySelector('i')).toBeNull();
    cleanup();

    renderWithHost(makeServer());
    expect(within(await section()).getByTestId('server-roots-none').textContent).toMatch(/told no folders are shared/);
  });

  it('adds a folder by path with an optional name, keeping the others, and clears the fields', async () => {
    const bridge = renderWithHost(shared);
    const roots = within(await section());
    fireEvent.change(roots.getByLabelText('Folder path'), { target: { value: ' /home/me/project ' } });
    fireEvent.change(roots.getByLabelText('Name (optional)'), { target: { value: 'Project' } });
    fireEvent.click(roots.getByRole('button', { name: 'Add folder' }));
    await waitFor(() =>
      expect(bridge.requestsTo('servers:update-settings')).toEqual([
        {
          id: 'files',
          roots: [{ location: 'file:///srv/data', name: 'Data <i>x</i>' }, { location: 'file:///home/me/a%20b' }, { location: '/home/me/project', name: 'Project' }],
        },
      ]),
    );
    await waitFor(() => expect(roots.getAllByTestId('server-root-uri').map((uri) => uri.textContent)).toContain('file:///home/me/project'));
    expect(roots.getByLabelText<HTMLInputElement>('Folder path').value).toBe('');
    expect(roots.getByLabelText<HTMLInputElement>('Name (optional)').value).toBe('');
  });

  it('shows the host refusing a folder next to the path field, and keeps what was typed', async () => {
    renderWithHost(shared, { 'servers:update-settings': () => fail('"docs" is not a full path: give the whole path of the folder.') });
    const roots = within(await section());
    const path = roots.getByLabelText<HTMLInputElement>('Folder path');
    fireEvent.change(path, { target: { value: 'docs' } });
    fireEvent.submit(path.form!);
    await waitFor(() => expect(path.getAttribute('aria-invalid')).toBe('true'));
    const described = (path.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('"docs" is not a full path: give the whole path of the folder.');
    expect(path.value).toBe('docs');
  });

  it('asks for a path before sending an empty one', async () => {
    const bridge = renderWithHost(shared);
    const roots = within(await section());
    fireEvent.click(roots.getByRole('button', { name: 'Add folder' }));
    expect(await roots.findByText('Give the full path of a folder.')).toBeTruthy();
    expect(bridge.requestsTo('servers:update-settings')).toEqual([]);
  });

  it('removes one folder, named in its button', async () => {
    const bridge = renderWithHost(shared);
    const roots = within(await section());
    fireEvent.click(roots.getByRole('button', { name: 'Stop sharing file:///srv/data' }));
    await waitFor(() => expect(bridge.requestsTo('servers:update-settings')).toEqual([{ id: 'files', roots: [{ location: 'file:///home/me/a%20b' }] }]));
    await waitFor(() => expect(roots.getAllByTestId('server-root-uri').map((uri) => uri.textContent)).toEqual(['file:///home/me/a%20b']));
  });

  it('says an operator server keeps them for this session only', async () => {
    renderWithHost(makeServer({ origin: 'config-file' }));
    expect((await section()).textContent).toContain('changes here last for this session only');
  });
});

describe('the notifications switch', () => {
  it('is a checkbox named "Notifications" that mutes and unmutes, its state said as text', async () => {
    const bridge = renderWithHost(makeServer());
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: 'Notifications' });
    expect(toggle.type).toBe('checkbox');
    expect(toggle.checked).toBe(true);
    expect(screen.getByTestId('server-notifications-state').textContent).toBe('on');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('server-notifications-state').textContent).toBe('muted'));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('server-notifications-state').textContent).toBe('on'));
    expect(bridge.requestsTo('servers:update-settings')).toEqual([
      { id: 'server-a', notificationsMuted: true },
      { id: 'server-a', notificationsMuted: false },
    ]);
  });

  it('shows a refused change and stays as it was', async () => {
    renderWithHost(makeServer(), { 'servers:update-settings': () => fail('The server list could not be saved; nothing was changed.') });
    fireEvent.click(await screen.findByRole('switch', { name: 'Notifications' }));
    expect((await screen.findByTestId('server-notifications-error')).textContent).toContain('nothing was changed');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Notifications' }).checked).toBe(true);
  });
});

describe('in browser mode', () => {
  it('offers both for a stdio server whose command cannot be edited', async () => {
    const stdio = makeServer({ id: 'local', transport: 'stdio', url: undefined, command: 'node', args: ['server.js'], origin: 'default' });
    const bridge = renderWithHost(stdio, {}, true);
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('server-edit').disabled).toBe(true));
    fireEvent.click(screen.getByRole('switch', { name: 'Notifications' }));
    const roots = within(await section());
    fireEvent.change(roots.getByLabelText('Folder path'), { target: { value: '/srv/data' } });
    fireEvent.click(roots.getByRole('button', { name: 'Add folder' }));
    await waitFor(() => expect(bridge.requestsTo('servers:update-settings')).toHaveLength(2));
  });
});
