// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../factories';
import { bridgeWithTasks, renderApp, useDesktopWindow } from '../render-app';

const tasks = [makeTask({ localId: 'a', toolName: 'build', updatedAt: 2_000 }), makeTask({ localId: 'b/2', toolName: 'deploy', updatedAt: 1_000 })];
const rowButton = (id: string) => within(screen.getAllByTestId('task-row').find((row) => row.dataset.taskId === id)!).getByRole('button');

const bridge = () => bridgeWithTasks(tasks);

/** Renders the app as if loaded at `hash`. */
function renderAt(hash: string, state = {}) {
  return renderApp({ bridge: bridge(), state, hash });
}

/** Moves the address as the browser does for a typed address or a followed link. */
function followAddress(hash: string) {
  act(() => {
    window.history.pushState(null, '', hash);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

useDesktopWindow();

describe('the address follows the app', () => {
  it('names the inbox on load, then each opened task and screen, one history entry each', async () => {
    renderAt('');
    expect(window.location.hash).toBe('#/inbox');
    const before = window.history.length;
    await waitFor(() => expect(screen.getAllByTestId('task-row')).toHaveLength(2));
    fireEvent.click(rowButton('b/2'));
    await screen.findByTestId('task-detail');
    expect(window.location.hash).toBe('#/tasks/b%2F2');
    fireEvent.click(screen.getByTestId('nav-servers'));
    expect(window.location.hash).toBe('#/servers');
    fireEvent.click(screen.getByTestId('nav-needs-input'));
    expect(window.location.hash).toBe('#/inputs');
    fireEvent.click(screen.getByTestId('nav-launcher'));
    expect(window.location.hash).toBe('#/launcher');
    expect(window.history.length).toBe(before + 4);
  });

  it('names the server the Servers screen shows', () => {
    const { store } = renderAt('');
    act(() => store.getState().openServer('srv 1'));
    expect(window.location.hash).toBe('#/servers/srv%201');
  });
});

describe('the app follows the address', () => {
  it('opens the task an address names on load (a reload keeps the task)', async () => {
    const { store } = renderAt('#/tasks/a');
    expect((await screen.findByTestId('task-detail')).dataset.taskId).toBe('a');
    expect(store.getState().screen).toBe('task');
    expect(window.location.hash).toBe('#/tasks/a');
  });

  it('says clearly when the task an address names is not in the inbox', async () => {
    renderAt('#/tasks/nope');
    const gone = await screen.findByTestId('task-detail-gone');
    expect(within(gone).getByRole('heading', { name: 'Task not found' })).toBeTruthy();
    expect(gone.textContent).toContain('nope');
  });

  it('moves with Back and Forward, and with a changed address', async () => {
    const { store } = renderAt('');
    await waitFor(() => expect(screen.getAllByTestId('task-row')).toHaveLength(2));
    fireEvent.click(rowButton('a'));
    await screen.findByTestId('task-detail');

    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(store.getState().screen).toBe('inbox'));
    expect(window.location.hash).toBe('#/inbox');
    act(() => {
      window.history.forward();
    });
    await waitFor(() => expect(store.getState().screen).toBe('task'));
    expect(store.getState().selectedTaskId).toBe('a');

    followAddress('#/servers/demo');
    expect(store.getState()).toMatchObject({ screen: 'servers', selectedServerId: 'demo' });
    await screen.findByTestId('servers-screen');
  });

  it('replaces an address that names nothing with the inbox, keeping no history entry for it', () => {
    const { store } = renderAt('', { screen: 'launcher' });
    expect(window.location.hash).toBe('#/launcher');
    const before = window.history.length;
    followAddress(`#/tasks/${'x'.repeat(513)}`);
    expect(store.getState().screen).toBe('inbox');
    expect(window.location.hash).toBe('#/inbox');
    expect(window.history.length).toBe(before + 1);
  });
});
