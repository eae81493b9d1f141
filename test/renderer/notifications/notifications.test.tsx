// @vitest-environment jsdom
/** Notifications in the page: permission only on a click, browser notifications that open their task, the title count. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskNotification } from '../../../shared/ipc/contract';
import { createFakeBridge, ok } from '../fake-bridge';
import { makeAppInfo, makeDetail, makeInputView, makeTask } from '../factories';
import { renderApp } from '../render-app';

/** A stand-in for the browser's Notification API that records what the page does with it. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static permissionRequests = 0;
  static answer: NotificationPermission = 'granted';
  static created: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  isClosed = false;

  constructor(readonly title: string, readonly options: NotificationOptions) {
    FakeNotification.created.push(this);
  }

  static requestPermission(): Promise<NotificationPermission> {
    FakeNotification.permissionRequests += 1;
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.answer);
  }

  close(): void {
    this.isClosed = true;
  }
}

function install(permission: NotificationPermission): void {
  Object.assign(FakeNotification, { permission, permissionRequests: 0, answer: 'granted', created: [] });
  Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: FakeNotification });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
}

const raised: TaskNotification = { id: 'notification-1', localId: 'task-7', kind: 'completed', title: 'build completed', body: 'Demo: <b>done</b>' };

function browserApp() {
  return renderApp({
    bridge: createFakeBridge({
      'app:info': () => ok(makeAppInfo({ mode: 'browser' })),
      'tasks:list': () => ok([makeTask({ localId: 'task-7', toolName: 'build' })]),
      'tasks:get': ({ localId }) => ok(makeDetail({ localId, toolName: 'build' })),
    }),
  });
}

beforeEach(() => install('default'));
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'Notification');
});

describe('the notification switch (browser mode)', () => {
  it('asks for permission only when the user clicks, then says notifications are on', async () => {
    browserApp();
    const button = await screen.findByTestId('notifications-turn-on');
    expect(button.textContent).toContain('when a task needs your input, completes or fails');
    expect(FakeNotification.permissionRequests).toBe(0);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('notifications-status').dataset.state).toBe('on'));
    expect(FakeNotification.permissionRequests).toBe(1);
  });

  it.each([
    ['denied', 'blocked', 'Notifications blocked by the browser'],
    ['granted', 'on', 'Notifications on'],
  ] as const)('shows the %s state without asking', async (permission, state, text) => {
    install(permission);
    browserApp();
    const status = await screen.findByTestId('notifications-status');
    expect(status.dataset.state).toBe(state);
    expect(status.textContent).toContain(text);
    expect(FakeNotification.permissionRequests).toBe(0);
  });

  it('says so where the browser has no Notification API', async () => {
    Reflect.deleteProperty(window, 'Notification');
    browserApp();
    expect((await screen.findByTestId('notifications-status')).dataset.state).toBe('unsupported');
  });

  it('shows nothing in Electron, where the OS shows notifications', async () => {
    const { bridge } = renderApp();
    await waitFor(() => expect(bridge.calls.some(({ channel }) => channel === 'app:info')).toBe(true));
    await act(async () => {});
    expect(screen.queryByTestId('notifications-turn-on')).toBeNull();
    expect(screen.queryByTestId('notifications-status')).toBeNull();
  });
});

describe('raised notifications', () => {
  it('are shown as plain text once permission is granted; a click opens the task', async () => {
    install('granted');
    const { bridge } = browserApp();
    await screen.findByTestId('notifications-status');
    act(() => bridge.emit('notifications:raised', { notification: raised }));
    expect(FakeNotification.created.map(({ title, options }) => [title, options.body, options.tag])).toEqual([['build completed', 'Demo: <b>done</b>', 'notification-1']]);
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    act(() => FakeNotification.created[0]!.onclick?.());
    expect((await screen.findByTestId('task-detail')).dataset.taskId).toBe('task-7');
    expect(focus).toHaveBeenCalled();
    focus.mockRestore();
    expect(FakeNotification.created[0]!.isClosed).toBe(true);
  });

  it('are not shown without permission', async () => {
    const { bridge } = browserApp();
    await screen.findByTestId('notifications-turn-on');
    act(() => bridge.emit('notifications:raised', { notification: raised }));
    expect(FakeNotification.created).toEqual([]);
  });

  it('are never shown by the page in Electron; its click event opens the task', async () => {
    install('granted');
    const { bridge } = renderApp({ bridge: createFakeBridge({ 'tasks:get': ({ localId }) => ok(makeDetail({ localId })) }) });
    await waitFor(() => expect(bridge.listenerCount('notifications:activated')).toBe(1));
    act(() => bridge.emit('notifications:raised', { notification: raised }));
    expect(FakeNotification.created).toEqual([]);
    act(() => bridge.emit('notifications:activated', { localId: 'task-9' }));
    expect((await screen.findByTestId('task-detail')).dataset.taskId).toBe('task-9');
  });

  it('open their task through its address, so Back returns to where the user was', async () => {
    const { bridge, store } = renderApp({ bridge: createFakeBridge({ 'tasks:get': ({ localId }) => ok(makeDetail({ localId })) }), state: { screen: 'servers' } });
    await waitFor(() => expect(bridge.listenerCount('notifications:activated')).toBe(1));
    act(() => bridge.emit('notifications:activated', { localId: 'task 9' }));
    await screen.findByTestId('task-detail');
    expect(window.location.hash).toBe('#/tasks/task%209');
    act(() => window.history.back());
    await waitFor(() => expect(store.getState().screen).toBe('servers'));
  });
});

describe('the document title', () => {
  it('counts tasks (not questions) waiting for input', async () => {
    const { bridge } = renderApp({ bridge: createFakeBridge({ 'inputs:list': () => ok([makeInputView({ localId: 'a', key: '1' }), makeInputView({ localId: 'a', key: '2' }), makeInputView({ localId: 'b', key: '1' })]) }) });
    await waitFor(() => expect(document.title).toBe('(2) MCP Task Monitor'));
    act(() => bridge.emit('inputs:changed', { inputs: [] }));
    await waitFor(() => expect(document.title).toBe('MCP Task Monitor'));
  });
});
