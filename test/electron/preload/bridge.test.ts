import type { IpcRendererEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL_NAMES, INVOKE_CHANNEL_NAMES } from '../../../shared/ipc/channels.js';
import { createBridge, type IpcRendererLike } from '../../../electron/preload/bridge.js';

type Listener = (event: IpcRendererEvent, ...args: unknown[]) => void;

/** An ipcRenderer stand-in that records calls and can emit events. */
function fakeIpc() {
  const listeners = new Map<string, Set<Listener>>();
  const invoke = vi.fn((channel: string, ...args: unknown[]) => Promise.resolve({ ok: true, value: { channel, args } }));
  const ipc = {
    invoke,
    on(channel: string, listener: Listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return ipc;
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
      return ipc;
    },
  };
  const emit = (channel: string, payload: unknown): void => {
    const event = { sender: 'the raw ipcRenderer', senderId: 0 } as unknown as IpcRendererEvent;
    for (const listener of listeners.get(channel) ?? []) listener(event, payload);
  };
  return { ipc: ipc as unknown as IpcRendererLike, invoke, emit, count: (channel: string) => listeners.get(channel)?.size ?? 0 };
}

describe('createBridge', () => {
  it('exposes exactly the contract channels, and nothing generic', () => {
    const bridge = createBridge(fakeIpc().ipc);
    expect(Object.keys(bridge)).toEqual(['invoke', 'events']);
    expect(Object.keys(bridge.invoke).sort()).toEqual([...INVOKE_CHANNEL_NAMES].sort());
    expect(Object.keys(bridge.events).sort()).toEqual([...EVENT_CHANNEL_NAMES].sort());
  });

  it('sends each invoke on its own channel with exactly one argument', async () => {
    const fake = fakeIpc();
    const bridge = createBridge(fake.ipc);
    // The page may pass more arguments than the type allows.
    const call: (...args: unknown[]) => Promise<unknown> = bridge.invoke['tasks:cancel'];
    await expect(call({ localId: 't1' }, 'extra', 'arguments')).resolves.toEqual({ ok: true, value: { channel: 'tasks:cancel', args: [{ localId: 't1' }] } });
    expect(fake.invoke).toHaveBeenCalledExactlyOnceWith('tasks:cancel', { localId: 't1' });
  });

  it('hands listeners the payload only, never the IpcRendererEvent, and unsubscribes', () => {
    const fake = fakeIpc();
    const bridge = createBridge(fake.ipc);
    const listener = vi.fn();
    const unsubscribe = bridge.events['tasks:updated'](listener);
    fake.emit('tasks:updated', { tasks: [] });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ tasks: [] });
    unsubscribe();
    expect(fake.count('tasks:updated')).toBe(0);
    fake.emit('tasks:updated', { tasks: [] });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('refuses a listener that is not a function', () => {
    const bridge = createBridge(fakeIpc().ipc);
    const subscribe = bridge.events['inputs:changed'] as (listener: unknown) => () => void;
    expect(() => subscribe('not a function')).toThrow(TypeError);
  });
});
