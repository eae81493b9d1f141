/**
 * The contract's bridge over the browser-mode WebSocket (shared/ipc/socket-protocol.ts). Every
 * frame from the host is checked against the contract before anything acts on it: the envelope,
 * every event and the answers the first screen asks for with the hand checks of
 * contract-shapes.ts (no zod before the first paint), every other answer with the contract's
 * zod schema, loaded the first time one arrives. A frame that comes while an earlier one waits
 * for that load is held behind it, so frames are acted on in the order they came. Answers and
 * events that fail are dropped (events) or turned into error results (answers). The socket
 * reconnects with capped, jittered back-off and reports its state through `link`.
 */
import { EVENT_CHANNEL_NAMES } from '../../shared/ipc/channels';
import type { EventChannel, InvokeChannel, invokeChannels, IpcResult } from '../../shared/ipc/contract';
import { MAX_FRAME_BYTES, MAX_HOST_FRAME_BYTES } from '../../shared/ipc/socket-limits';
import type { HostFrame, ResultFrame } from '../../shared/ipc/socket-protocol';
import { bridgeFromFunctions } from './bridge-from-functions';
import { eventShapes, firstScreenAnswers, isHostFrame } from './contract-shapes';
import type { BridgeLink, HostBridge, LinkState } from './host-bridge';
import { reconnectDelay } from './reconnect-delay';

/** The part of the browser's WebSocket the bridge uses (tests pass a fake). */
export interface SocketLike {
  send: (data: string) => void;
  close: () => void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface SocketBridgeOptions {
  /** `ws://host/bridge` of the page's own origin. */
  url: string;
  createSocket?: (url: string) => SocketLike;
  /** In [0, 1): jitter for the back-off. */
  random?: () => number;
  /** Wall-clock ms. */
  now?: () => number;
  /** Where dropped frames are reported (never shown to the user: they are host bugs). */
  warn?: (message: string) => void;
  /** Loads the contract's zod schemas (default: the contract module, as a chunk of its own). */
  loadSchemas?: () => Promise<ContractSchemas>;
}

/** The part of the contract module the bridge checks answers with. */
export interface ContractSchemas {
  invokeChannels: typeof invokeChannels;
}

/** A socket bridge; `close` stops it for good. */
export interface SocketBridge extends HostBridge {
  close: () => void;
}

type Pending = { channel: InvokeChannel; resolve: (result: IpcResult<unknown>) => void };
type Queued = Pending & { request: unknown };

const failure = (message: string): IpcResult<never> => ({ ok: false, error: { message } });

const EVENT_CHANNELS: ReadonlySet<string> = new Set(EVENT_CHANNEL_NAMES);

/** Opens the socket right away and returns the bridge. */
export function createSocketBridge(options: SocketBridgeOptions): SocketBridge {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const loadSchemas = options.loadSchemas ?? (() => import('../../shared/ipc/contract'));

  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>();
  const linkListeners = new Set<() => void>();
  /** Sent and waiting for their answer. */
  const pending = new Map<number, Pending>();
  /** Asked for while the socket was still opening. */
  let queued: Queued[] = [];
  let state: LinkState = { status: 'connecting' };
  let socket: SocketLike | undefined;
  let nextId = 1;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let isClosed = false;
  /** The contract's schemas, once loaded. */
  let schemas: ContractSchemas | undefined;
  let isLoadingSchemas = false;
  /** Frames that came while an earlier one waits for the schemas, oldest first. */
  let held: HostFrame[] = [];
  /** Set while the held frames' release pauses after an answer. */
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;

  function setState(next: LinkState): void {
    state = next;
    for (const listener of linkListeners) listener();
  }

  function connect(): void {
    retryTimer = undefined;
    setState({ status: 'connecting' });
    const current = createSocket(options.url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      setState({ status: 'connected' });
      const waiting = queued;
      queued = [];
      for (const item of waiting) send(item.channel, item.request, item.resolve);
    };
    current.onmessage = (event) => receive(event.data);
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = undefined;
      dropped(`The connection to the host closed${event.code ? ` (code ${event.code})` : ''}.`);
    };
    // An error is always followed by a close, which does the work.
    current.onerror = () => undefined;
  }

  function dropped(reason: string): void {
    for (const entry of pending.values()) {
      entry.resolve(failure('The connection to the host dropped before it answered, so the outcome is unknown. Check the task list before trying again.'));
    }
    pending.clear();
    for (const item of queued) item.resolve(failure('Could not connect to the host.'));
    queued = [];
    if (isClosed) return;
    const delay = reconnectDelay(attempt, random);
    attempt += 1;
    setState({ status: 'disconnected', retryAt: now() + delay, reason });
    retryTimer = setTimeout(connect, delay);
  }

  function send(channel: InvokeChannel, request: unknown, resolve: (result: IpcResult<unknown>) => void): void {
    const id = nextId++;
    const frame = JSON.stringify({ type: 'invoke', id, channel, request });
    if (frame.length > MAX_FRAME_BYTES) {
      resolve(failure('This request is too large to send to the host.'));
      return;
    }
    if (socket === undefined || state.status !== 'connected') {
      resolve(failure('Not connected to the host.'));
      return;
    }
    pending.set(id, { channel, resolve });
    socket.send(frame);
  }

  function invoke(channel: InvokeChannel, request: unknown): Promise<IpcResult<unknown>> {
    return new Promise((resolve) => {
      if (state.status === 'connected') send(channel, request, resolve);
      else if (state.status === 'connecting') queued.push({ channel, request, resolve });
      else resolve(failure('Not connected to the host. The app is trying to reconnect.'));
    });
  }

  function receive(data: unknown): void {
    if (typeof data !== 'string' || data.length > MAX_HOST_FRAME_BYTES) {
      warn('Dropped a frame from the host: not text, or too large.');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      warn('Dropped a frame from the host: not JSON.');
      return;
    }
    if (!isHostFrame(json)) {
      warn('Dropped a frame from the host: not a result or an event.');
      return;
    }
    if (held.length > 0 || (schemas === undefined && needsSchemas(json))) {
      const isReleasing = held.length > 0 && (isLoadingSchemas || releaseTimer !== undefined);
      held.push(json);
      if (!isReleasing) requestSchemas();
      return;
    }
    actOn(json);
  }

  /** True for an answer that only the contract's zod schema can check. */
  function needsSchemas(frame: HostFrame): boolean {
    if (frame.type !== 'result' || !frame.result.ok) return false;
    const entry = pending.get(frame.id);
    return entry !== undefined && firstScreenAnswers[entry.channel] === undefined;
  }

  function requestSchemas(): void {
    if (isLoadingSchemas) return;
    isLoadingSchemas = true;
    loadSchemas().then(
      (loaded) => {
        schemas = loaded;
      },
      () => warn('Could not load the contract to check an answer from the host.'),
    ).finally(() => {
      isLoadingSchemas = false;
      // Without schemas (the load failed) the answers that needed them fail, and the next one tries again.
      if (!isClosed) release();
    });
  }

  /**
   * Acts on the held frames in order. After an answer it goes on in a later task, as if the next
   * frame were the next message: what awaits the answer runs before the frames that came after it.
   */
  function release(): void {
    releaseTimer = undefined;
    while (held.length > 0) {
      const frame = held.shift()!;
      actOn(frame);
      if (frame.type === 'result' && held.length > 0) {
        releaseTimer = setTimeout(release, 0);
        return;
      }
    }
  }

  function actOn(frame: HostFrame): void {
    if (frame.type === 'result') settle(frame);
    else emit(frame.channel, frame.payload);
  }

  function settle(frame: ResultFrame): void {
    const entry = pending.get(frame.id);
    if (entry === undefined) return;
    pending.delete(frame.id);
    if (!frame.result.ok) {
      entry.resolve(frame.result);
      return;
    }
    const doesNotFit = failure(`The host sent an answer for ${entry.channel} that does not fit the contract.`);
    const check = firstScreenAnswers[entry.channel];
    if (check !== undefined) {
      entry.resolve(check(frame.result.value) ? { ok: true, value: frame.result.value } : doesNotFit);
      return;
    }
    if (schemas === undefined) {
      entry.resolve(failure(`Could not check the host's answer for ${entry.channel}: the app could not load its contract. Reload the page.`));
      return;
    }
    const value = schemas.invokeChannels[entry.channel].response.safeParse(frame.result.value);
    entry.resolve(value.success ? { ok: true, value: value.data } : doesNotFit);
  }

  function emit(channel: string, payload: unknown): void {
    if (!EVENT_CHANNELS.has(channel)) {
      warn(`Dropped an event on an unknown channel: ${channel.slice(0, 64)}`);
      return;
    }
    const known = channel as EventChannel;
    if (!eventShapes[known](payload)) {
      warn(`Dropped a ${known} event that does not fit the contract.`);
      return;
    }
    for (const listener of listeners.get(known) ?? []) listener(payload);
  }

  function subscribe(channel: EventChannel, listener: (payload: unknown) => void): () => void {
    const set = listeners.get(channel) ?? new Set();
    listeners.set(channel, set);
    set.add(listener);
    return () => set.delete(listener);
  }

  const link: BridgeLink = {
    current: () => state,
    subscribe(listener) {
      linkListeners.add(listener);
      return () => linkListeners.delete(listener);
    },
    retryNow() {
      if (state.status !== 'disconnected' || isClosed) return;
      clearTimeout(retryTimer);
      connect();
    },
  };

  connect();
  return {
    ...bridgeFromFunctions(invoke, subscribe),
    link,
    close() {
      isClosed = true;
      clearTimeout(retryTimer);
      clearTimeout(releaseTimer);
      held = [];
      const current = socket;
      socket = undefined;
      current?.close();
      dropped('The bridge was closed.');
    },
  };
}
