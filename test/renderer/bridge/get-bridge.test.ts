// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressWithoutToken, bridgeSocketUrl, getBridge } from '../../../renderer/bridge/get-bridge';
import { ALWAYS_LINKED } from '../../../renderer/bridge/host-bridge';
import { BRIDGE_GLOBAL } from '../../../shared/ipc/channels';
import { createFakeBridge } from '../fake-bridge';

describe('bridgeSocketUrl', () => {
  it.each([
    [{ protocol: 'http:', host: '127.0.0.1:4312' }, 'ws://127.0.0.1:4312/bridge'],
    [{ protocol: 'https:', host: 'localhost' }, 'wss://localhost/bridge'],
  ])('%j → %s', (location, expected) => {
    expect(bridgeSocketUrl(location)).toBe(expected);
  });
});

describe('addressWithoutToken', () => {
  it.each([
    ['http://127.0.0.1:4312/?token=secret', 'http://127.0.0.1:4312/'],
    ['http://127.0.0.1:4312/?a=1&token=secret#x', 'http://127.0.0.1:4312/?a=1#x'],
    ['http://127.0.0.1:4312/', undefined],
  ])('%s → %s', (href, expected) => {
    expect(addressWithoutToken(href)).toBe(expected);
  });
});

describe('getBridge', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, BRIDGE_GLOBAL);
    vi.unstubAllGlobals();
  });

  it("uses the Electron preload's bridge when there is one", async () => {
    const preload = createFakeBridge();
    Reflect.set(window, BRIDGE_GLOBAL, { invoke: preload.invoke, events: preload.events });
    const bridge = await getBridge();
    expect(bridge.invoke).toBe(preload.invoke);
    expect(bridge.events).toBe(preload.events);
    expect(bridge.link).toBe(ALWAYS_LINKED);
  });

  it('otherwise opens a socket to its own origin and takes the token out of the address', async () => {
    const opened: string[] = [];
    vi.stubGlobal(
      'WebSocket',
      class {
        onopen = null;
        onmessage = null;
        onclose = null;
        onerror = null;
        constructor(url: string) {
          opened.push(url);
        }
        send() {}
        close() {}
      },
    );
    window.history.replaceState(null, '', '/?token=launch-secret');
    const bridge = await getBridge();
    expect(opened).toEqual([`ws://${window.location.host}/bridge`]);
    expect(window.location.search).toBe('');
    expect(bridge.link.current()).toEqual({ status: 'connecting' });
  });
});
