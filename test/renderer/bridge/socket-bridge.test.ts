// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSocketBridge, type ContractSchemas, type SocketBridge, type SocketLike } from '../../../renderer/bridge/socket-bridge';
import * as contract from '../../../shared/ipc/contract';
import { MAX_FRAME_BYTES } from '../../../shared/ipc/socket-protocol';
import { NOW, makeAppInfo, makeInputView, makeServer, makeTask, makeTool } from '../factories';

/** A socket the test drives: what the bridge sent, and methods to act as the host. */
class FakeSocket implements SocketLike {
  sent: string[] = [];
  isClosed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.isClosed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  drop(code = 1006) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
  /** The parsed frames sent so far. */
  frames(): { type: string; id: number; channel: string; request: unknown }[] {
    return this.sent.map((text) => JSON.parse(text) as { type: string; id: number; channel: string; request: unknown });
  }
}

describe('createSocketBridge', () => {
  let sockets: FakeSocket[];
  let bridge: SocketBridge;
  let warnings: string[];
  const socket = () => sockets.at(-1)!;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    sockets = [];
    warnings = [];
    bridge = createSocketBridge({
      url: 'ws://127.0.0.1:5000/bridge',
      createSocket: (url) => {
        const created = new FakeSocket(url);
        sockets.push(created);
        return created;
      },
      random: () => 0,
      warn: (message) => warnings.push(message),
    });
  });

  afterEach(() => {
    bridge.close();
    vi.useRealTimers();
  });

  it('opens the socket at once and queues invokes until it is open', async () => {
    expect(socket().url).toBe('ws://127.0.0.1:5000/bridge');
    expect(bridge.link.current()).toEqual({ status: 'connecting' });
    const answer = bridge.invoke['tasks:list']({});
    expect(socket().sent).toEqual([]);
    socket().open();
    expect(bridge.link.current()).toEqual({ status: 'connected' });
    expect(socket().frames()).toEqual([{ type: 'invoke', id: 1, channel: 'tasks:list', request: {} }]);
    socket().receive({ type: 'result', id: 1, result: { ok: true, value: [makeTask()] } });
    await expect(answer).resolves.toEqual({ ok: true, value: [makeTask()] });
  });

  it('passes error envelopes through', async () => {
    socket().open();
    const answer = bridge.invoke['tasks:cancel']({ localId: 't' });
    socket().receive({ type: 'result', id: 1, result: { ok: false, error: { message: 'Server does not offer cancel', code: -32601 } } });
    await expect(answer).resolves.toEqual({ ok: false, error: { message: 'Server does not offer cancel', code: -32601 } });
  });

  it('turns an answer that does not fit the contract into an error', async () => {
    socket().open();
    const answer = bridge.invoke['tasks:list']({});
    socket().receive({ type: 'result', id: 1, result: { ok: true, value: [{ id: 42 }] } });
    await expect(answer).resolves.toMatchObject({ ok: false, error: { message: expect.stringMatching(/does not fit the contract/) } });
  });

  it('checks bulk task summaries by shape: valid ones pass, malformed ones are dropped', async () => {
    socket().open();
    const listener = vi.fn();
    bridge.events['tasks:updated'](listener);
    const task = makeTask({ updatedAt: NOW });
    socket().receive({ type: 'event', channel: 'tasks:updated', payload: { tasks: [task] } });
    socket().receive({ type: 'event', channel: 'tasks:updated', payload: { tasks: [{ ...task, updatedAt: 'now' }] } });
    socket().receive({ type: 'event', channel: 'tasks:updated', payload: { tasks: 'x' } });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ tasks: [task] });
    expect(warnings).toEqual([expect.stringMatching(/tasks:updated event that does not fit/), expect.stringMatching(/tasks:updated event that does not fit/)]);
    const answer = bridge.invoke['tasks:list']({});
    socket().receive({ type: 'result', id: 1, result: { ok: true, value: [task] } });
    await expect(answer).resolves.toEqual({ ok: true, value: [task] });
  });

  it('delivers valid events and drops malformed frames', () => {
    socket().open();
    const listener = vi.fn();
    const unsubscribe = bridge.events['tasks:removed'](listener);
    socket().receive({ type: 'event', channel: 'tasks:removed', payload: { localIds: ['a'] } });
    socket().receive({ type: 'event', channel: 'tasks:removed', payload: { localIds: 'a' } });
    socket().receive({ type: 'event', channel: 'no:such', payload: {} });
    socket().receive('not json');
    socket().receive({ type: 'shout' });
    socket().receive('x'.repeat(MAX_FRAME_BYTES + 1));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ localIds: ['a'] });
    expect(warnings).toHaveLength(5);
    unsubscribe();
    socket().receive({ type: 'event', channel: 'tasks:removed', payload: { localIds: ['b'] } });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores answers to ids it never asked', () => {
    socket().open();
    expect(() => socket().receive({ type: 'result', id: 99, result: { ok: true, value: {} } })).not.toThrow();
  });

  it('on a drop: fails what was in flight, says disconnected, reconnects with back-off', async () => {
    socket().open();
    const linkChanges = vi.fn();
    bridge.link.subscribe(linkChanges);
    const inFlight = bridge.invoke['tools:call']({ serverId: 's', name: 'build', arguments: {} });
    socket().drop(1006);
    await expect(inFlight).resolves.toMatchObject({ ok: false, error: { message: expect.stringMatching(/outcome is unknown/) } });
    expect(bridge.link.current()).toEqual({ status: 'disconnected', retryAt: NOW + 250, reason: expect.stringMatching(/code 1006/) });
    await expect(bridge.invoke['tasks:list']({})).resolves.toMatchObject({ ok: false, error: { message: expect.stringMatching(/Not connected/) } });

    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(250);
    expect(sockets).toHaveLength(2);
    expect(bridge.link.current()).toEqual({ status: 'connecting' });
    socket().drop();
    // Second failure: the delay doubles.
    expect(bridge.link.current()).toMatchObject({ status: 'disconnected', retryAt: NOW + 250 + 500 });
    vi.advanceTimersByTime(500);
    socket().open();
    expect(bridge.link.current()).toEqual({ status: 'connected' });
    expect(linkChanges.mock.calls.length).toBeGreaterThanOrEqual(5);

    // A success resets the back-off.
    socket().drop();
    expect(bridge.link.current()).toMatchObject({ retryAt: NOW + 750 + 250 });
  });

  it('fails invokes queued while an attempt to connect fails', async () => {
    const queued = bridge.invoke['tasks:list']({});
    socket().drop();
    await expect(queued).resolves.toMatchObject({ ok: false, error: { message: 'Could not connect to the host.' } });
  });

  it('retryNow reconnects without waiting', () => {
    socket().open();
    socket().drop();
    expect(sockets).toHaveLength(1);
    bridge.link.retryNow();
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('refuses a request larger than a frame may be', async () => {
    socket().open();
    const answer = bridge.invoke['servers:import']({ json: 'x'.repeat(MAX_FRAME_BYTES) });
    await expect(answer).resolves.toMatchObject({ ok: false, error: { message: expect.stringMatching(/too large/) } });
    expect(socket().sent).toEqual([]);
  });

  it('close stops reconnecting', () => {
    socket().open();
    bridge.close();
    expect(socket().isClosed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('checks other answers with the contract schema, loaded when first needed', async () => {
    socket().open();
    const good = bridge.invoke['tools:list']({ serverId: 's' });
    const bad = bridge.invoke['tools:list']({ serverId: 's' });
    socket().receive({ type: 'result', id: 1, result: { ok: true, value: [makeTool()] } });
    socket().receive({ type: 'result', id: 2, result: { ok: true, value: [{ name: 42 }] } });
    await expect(good).resolves.toEqual({ ok: true, value: [makeTool()] });
    // The frame after an answer that waited is acted on in a later task.
    await vi.advanceTimersByTimeAsync(0);
    await expect(bad).resolves.toMatchObject({ ok: false, error: { message: expect.stringMatching(/does not fit the contract/) } });
  });
});

describe('createSocketBridge with the contract schemas loaded on demand', () => {
  let socket: { current?: FakeSocket };
  let loads: number;
  let finishLoad: (() => void)[];
  let failLoad: (() => void)[];
  let bridge: SocketBridge;

  beforeEach(() => {
    socket = {};
    loads = 0;
    finishLoad = [];
    failLoad = [];
    bridge = createSocketBridge({
      url: 'ws://127.0.0.1:5000/bridge',
      createSocket: (url) => (socket.current = new FakeSocket(url)),
      random: () => 0,
      warn: () => undefined,
      loadSchemas: () => {
        loads += 1;
        return new Promise<ContractSchemas>((resolve, reject) => {
          finishLoad.push(() => resolve(contract));
          failLoad.push(() => reject(new Error('offline')));
        });
      },
    });
    socket.current!.open();
  });

  afterEach(() => bridge.close());

  it('does not load them for what the first screen receives', async () => {
    const answers = [bridge.invoke['tasks:list']({}), bridge.invoke['servers:list']({}), bridge.invoke['inputs:list']({}), bridge.invoke['app:info']({})];
    const values = [[makeTask()], [makeServer()], [makeInputView()], makeAppInfo()];
    values.forEach((value, index) => socket.current!.receive({ type: 'result', id: index + 1, result: { ok: true, value } }));
    const events: unknown[] = [];
    for (const channel of contract.EVENT_CHANNELS) bridge.events[channel]((payload) => events.push(payload));
    socket.current!.receive({ type: 'event', channel: 'servers:changed', payload: { servers: [makeServer()] } });
    socket.current!.receive({ type: 'event', channel: 'inputs:changed', payload: { inputs: [makeInputView()] } });
    socket.current!.receive({ type: 'event', channel: 'logs:appended', payload: { serverIds: ['server-a'], exchangeLocalIds: [] } });
    socket.current!.receive({ type: 'event', channel: 'app:changed', payload: { info: makeAppInfo() } });
    await expect(Promise.all(answers)).resolves.toEqual(values.map((value) => ({ ok: true, value })));
    expect(events).toHaveLength(4);
    expect(loads).toBe(0);
  });

  it('holds what comes after an answer that waits for them, and keeps the order', async () => {
    const order: string[] = [];
    bridge.events['tasks:removed'](({ localIds }) => order.push(`removed ${localIds.join()}`));
    const tools = bridge.invoke['tools:list']({ serverId: 's' }).then((result) => order.push(`tools ${result.ok}`));
    const servers = bridge.invoke['servers:list']({}).then((result) => order.push(`servers ${result.ok}`));
    socket.current!.receive({ type: 'event', channel: 'tasks:removed', payload: { localIds: ['a'] } });
    socket.current!.receive({ type: 'result', id: 1, result: { ok: true, value: [makeTool()] } });
    socket.current!.receive({ type: 'event', channel: 'tasks:removed', payload: { localIds: ['b'] } });
    socket.current!.receive({ type: 'result', id: 2, result: { ok: true, value: [makeServer()] } });
    await Promise.resolve();
    expect(order).toEqual(['removed a']);
    expect(loads).toBe(1);
    finishLoad[0]!();
    await Promise.all([tools, servers]);
    expect(order).toEqual(['removed a', 'tools true', 'removed b', 'servers true']);
  });

  it('fails the answers that waited when the load fails, and tries again for the next one', async () => {
    const first = bridge.invoke['tools:list']({ serverId: 's' });
    socket.current!.receive({ type: 'result', id: 1, result: { ok: true, value: [makeTool()] } });
    failLoad[0]!();
    await expect(first).resolves.toMatchObject({ ok: false, error: { message: expect.stringMatching(/could not load/) } });
    const second = bridge.invoke['tools:list']({ serverId: 's' });
    socket.current!.receive({ type: 'result', id: 2, result: { ok: true, value: [makeTool()] } });
    expect(loads).toBe(2);
    finishLoad[1]!();
    await expect(second).resolves.toEqual({ ok: true, value: [makeTool()] });
  });
});
