/**
 * Builds the contract's `Bridge` from two generic functions: one method per invoke channel and
 * one subscribe function per event channel, each bound to its channel. The contract's types say
 * which request and payload belong to which channel; at runtime every method forwards to the
 * same code, so the one cast between the two lives here.
 */
import { EVENT_CHANNEL_NAMES, INVOKE_CHANNEL_NAMES } from '../../shared/ipc/channels';
import type { Bridge, BridgeEvents, BridgeInvoke, EventChannel, InvokeChannel, IpcResult } from '../../shared/ipc/contract';

/** A `Bridge` whose methods call `invoke(channel, request)` and `subscribe(channel, listener)`. */
export function bridgeFromFunctions(
  invoke: (channel: InvokeChannel, request: unknown) => Promise<IpcResult<unknown>>,
  subscribe: (channel: EventChannel, listener: (payload: unknown) => void) => () => void,
): Bridge {
  return {
    invoke: Object.fromEntries(INVOKE_CHANNEL_NAMES.map((channel) => [channel, (request: unknown) => invoke(channel, request)])) as unknown as BridgeInvoke,
    events: Object.fromEntries(
      EVENT_CHANNEL_NAMES.map((channel) => [channel, (listener: (payload: unknown) => void) => subscribe(channel, listener)]),
    ) as unknown as BridgeEvents,
  };
}
