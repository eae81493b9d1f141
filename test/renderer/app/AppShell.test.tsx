// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeBridge, fail, ok } from '../fake-bridge';
import { makeAppInfo, makeInputView, makeServer, makeSnapshot, makeTask } from '../factories';
import { renderApp } from '../render-app';

afterEach(cleanup);

describe('navigation', () => {
  it('moves between screens, marks the current one and shows counts', async () => {
    renderApp({
      bridge: createFakeBridge({
        'tasks:list': () => ok([makeTask({ localId: 'a' }), makeTask({ localId: 'b', snapshot: makeSnapshot({ status: 'input_required' }) })]),
        'servers:list': () => ok([makeServer()]),
        'inputs:list': () => ok([makeInputView()]),
      }),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('nav-inbox-count').textContent).toBe('2 tasks'));
    expect(screen.getByTestId('nav-input-count').textContent).toBe('1 question waits');
    expect(screen.getByTestId('nav-needs-input').textContent).toContain('Needs input');
    expect(screen.getByTestId('nav-servers-count').textContent).toBe('1 configured');
    expect(screen.getByTestId('nav-inbox').getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByTestId('nav-servers'));
    await screen.findByTestId('servers-screen');
    expect(screen.getByTestId('nav-servers').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-inbox').getAttribute('aria-current')).toBeNull();
    // Focus lands on the new screen's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Servers' })));
  });

  it('shows no input marker when nothing waits', async () => {
    renderApp({ bridge: createFakeBridge({ 'tasks:list': () => ok([makeTask()]) }) });
    await waitFor(() => expect(screen.getByTestId('nav-inbox-count').textContent).toBe('1 task'));
    expect(screen.queryByTestId('nav-input-count')).toBeNull();
  });
});

describe('banners', () => {
  it('lists store problems', async () => {
    renderApp({ bridge: createFakeBridge({ 'app:info': () => ok(makeAppInfo({ storeProblems: ['tasks.json was corrupt; moved to tasks.json.bad-1 and loaded the last good copy.'] })) }) });
    const banner = await screen.findByTestId('banner-store-problems');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('tasks.json was corrupt');
  });

  it('shows "Changes cannot be saved" while the host reports a save problem, and clears it when the host says saving works', async () => {
    const bridge = createFakeBridge();
    renderApp({ bridge });
    await waitFor(() => expect(bridge.listenerCount('app:changed')).toBe(1));
    act(() => bridge.emit('app:changed', { info: makeAppInfo({ saveProblem: { reason: 'the disk is full (ENOSPC)', folder: '/home/me/.mcp-task-monitor' } }) }));
    const banner = await screen.findByTestId('banner-save-problem');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('Changes cannot be saved: the disk is full (ENOSPC), folder /home/me/.mcp-task-monitor');
    expect(banner.textContent).toContain('New calls are not sent until saving works again');

    act(() => bridge.emit('app:changed', { info: makeAppInfo() }));
    await waitFor(() => expect(screen.queryByTestId('banner-save-problem')).toBeNull());
  });

  it('explains that secrets are not protected by a keyring', async () => {
    renderApp({ bridge: createFakeBridge({ 'app:info': () => ok(makeAppInfo({ secretProtection: 'basic_text' })) }) });
    expect((await screen.findByTestId('banner-basic-text')).textContent).toMatch(/not encrypted by a keyring.*Linux/s);
  });

  it('shows neither when all is well', async () => {
    const { bridge } = renderApp();
    await waitFor(() => expect(bridge.requestsTo('app:info')).toHaveLength(1));
    await screen.findByTestId('inbox-empty');
    expect(screen.queryByTestId('banner-store-problems')).toBeNull();
    expect(screen.queryByTestId('banner-basic-text')).toBeNull();
    expect(screen.queryByTestId('banner-disconnected')).toBeNull();
  });

  it("says when the app's status cannot be read", async () => {
    renderApp({ bridge: createFakeBridge({ 'app:info': () => fail('boom') }) });
    expect((await screen.findByTestId('banner-app-info-error')).textContent).toContain('boom');
  });

  it('shows a disconnected link, offers a retry, and refetches everything once back', async () => {
    const { bridge } = renderApp();
    await screen.findByTestId('inbox-empty');
    const retryNow = vi.spyOn(bridge.link, 'retryNow');
    act(() => bridge.setLink({ status: 'disconnected', retryAt: Date.now() + 4_000, reason: 'The connection to the host closed (code 1006).' }));
    const banner = await screen.findByTestId('banner-disconnected');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toMatch(/Disconnected from the host.*code 1006.*Retrying in [34]s/);
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(retryNow).toHaveBeenCalled();

    act(() => bridge.setLink({ status: 'connecting' }));
    expect(screen.getByTestId('banner-connecting')).toBeTruthy();
    const listsBefore = bridge.requestsTo('tasks:list').length;
    act(() => bridge.setLink({ status: 'connected' }));
    expect(screen.queryByTestId('banner-disconnected')).toBeNull();
    expect(screen.queryByTestId('banner-connecting')).toBeNull();
    await waitFor(() => expect(bridge.requestsTo('tasks:list').length).toBeGreaterThan(listsBefore));
  });
});
