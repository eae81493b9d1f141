/**
 * A typed fake of the host bridge for renderer tests. Requests are checked against the
 * contract's schemas (a UI that sends a malformed request records a violation, and
 * `assertNoViolations` fails the test), events are checked before they are emitted, and the link
 * state can be driven by hand.
 */
import {
  EVENT_CHANNELS,
  eventChannels,
  invokeChannels,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
  type InvokeRequest,
  type InvokeResponse,
  type IpcResult,
} from '../../shared/ipc/contract';
import { bridgeFromFunctions } from '../../renderer/bridge/bridge-from-functions';
import type { BridgeLink, HostBridge, LinkState } from '../../renderer/bridge/host-bridge';
import { sortForList } from '../../shared/inbox-order';
import { makeAppInfo } from './factories';

/** Answers one channel: a value, an error envelope, or a promise of either. */
export type Handler<C extends InvokeChannel> = (request: InvokeRequest<C>) => IpcResult<InvokeResponse<C>> | Promise<IpcResult<InvokeResponse<C>>>;
export type Handlers = { [C in InvokeChannel]?: Handler<C> };

/** A successful envelope. */
export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });
/** An error envelope. */
export const fail = (message: string, code?: number): IpcResult<never> => ({ ok: false, error: { message, ...(code !== undefined ? { code } : {}) } });

export interface FakeBridge extends HostBridge {
  /** Every invoke, in order. */
  readonly calls: { channel: InvokeChannel; request: unknown }[];
  /** Requests that did not fit the contract. */
  readonly violations: string[];
  /** The requests sent on one channel. */
  requestsTo<C extends InvokeChannel>(channel: C): InvokeRequest<C>[];
  /** Replaces the handler of a channel. */
  handle<C extends InvokeChannel>(channel: C, handler: Handler<C>): void;
  /** Pushes an event to the UI, as the host would. */
  emit<E extends EventChannel>(channel: E, payload: EventPayload<E>): void;
  /** How many listeners a channel has (to check unsubscribes). */
  listenerCount(channel: EventChannel): number;
  /** Changes the link state. */
  setLink(state: LinkState): void;
  /** Throws when a request did not fit the contract. */
  assertNoViolations(): void;
}

const DEFAULT_HANDLERS: Handlers = {
  'app:info': () => ok(makeAppInfo()),
  'servers:list': () => ok([]),
  'tasks:list': () => ok([]),
  'inputs:list': () => ok([]),
  'tools:list': () => ok([]),
};

/** How the fake differs from the host, for a test that needs it to. */
export interface FakeBridgeOptions {
  /** False: answer `tasks:list` in the handler's order, not in the inbox's order as the host does. */
  sortsTaskList?: boolean;
}

/**
 * A fake bridge; `handlers` override the defaults (empty lists, an Electron-mode app:info). Like
 * the host, it answers `tasks:list` in the inbox's order (shared/inbox-order.ts), whatever order
 * the handler gives.
 */
export function createFakeBridge(handlers: Handlers = {}, options: FakeBridgeOptions = {}): FakeBridge {
  const table: Handlers = { ...DEFAULT_HANDLERS, ...handlers };
  const calls: { channel: InvokeChannel; request: unknown }[] = [];
  const violations: string[] = [];
  const listeners = new Map<EventChannel, Set<(payload: unknown) => void>>(EVENT_CHANNELS.map((channel) => [channel, new Set()]));
  const linkListeners = new Set<() => void>();
  let linkState: LinkState = { status: 'connected' };

  async function invoke(channel: InvokeChannel, request: unknown): Promise<IpcResult<unknown>> {
    calls.push({ channel, request });
    const parsed = invokeChannels[channel].request.safeParse(request);
    if (!parsed.success) {
      violations.push(`${channel}: ${parsed.error.message}`);
      return fail(`Request for ${channel} does not fit the contract.`);
    }
    const handler = table[channel];
    if (handler === undefined) return fail(`No fake handler for ${channel}.`);
    const result = await handler(request as never);
    if (channel === 'tasks:list' && result.ok && options.sortsTaskList !== false) return ok(sortForList(result.value as InvokeResponse<'tasks:list'>));
    return result;
  }

  const link: BridgeLink = {
    current: () => linkState,
    subscribe(listener) {
      linkListeners.add(listener);
      return () => linkListeners.delete(listener);
    },
    retryNow: () => undefined,
  };

  const subscribe = (channel: EventChannel, listener: (payload: unknown) => void) => {
    listeners.get(channel)!.add(listener);
    return () => listeners.get(channel)!.delete(listener);
  };

  return {
    ...bridgeFromFunctions(invoke, subscribe),
    link,
    calls,
    violations,
    requestsTo: <C extends InvokeChannel>(channel: C) => calls.filter((call) => call.channel === channel).map((call) => call.request as InvokeRequest<C>),
    handle: (channel, handler) => {
      (table as Record<string, unknown>)[channel] = handler;
    },
    emit(channel, payload) {
      const parsed = eventChannels[channel].parse(payload);
      for (const listener of listeners.get(channel)!) listener(parsed);
    },
    listenerCount: (channel) => listeners.get(channel)!.size,
    setLink(state) {
      linkState = state;
      for (const listener of linkListeners) listener();
    },
    assertNoViolations() {
      if (violations.length > 0) throw new Error(`The UI sent requests that do not fit the contract:\n${violations.join('\n')}`);
    },
  };
}
