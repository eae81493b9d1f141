/** Reading the pushed collections from the host: once per link, and again on a retry. */
import type { Bridge } from '../../shared/ipc/contract';
import { afterPaintWhenIdle } from '../lib/after-paint';
import { unwrap } from '../queries/unwrap';
import { keepTasksInListOrder, setPushed, setPushedError, type LiveState, type LiveStore, type PushedKey } from './live-store';

type Data<K extends PushedKey> = NonNullable<LiveState[K]['data']>;

const readers: { [K in PushedKey]: (bridge: Bridge) => Promise<Data<K>> } = {
  tasks: async (bridge) => unwrap(await bridge.invoke['tasks:list']({})),
  servers: async (bridge) => unwrap(await bridge.invoke['servers:list']({})),
  inputs: async (bridge) => unwrap(await bridge.invoke['inputs:list']({})),
  appInfo: async (bridge) => unwrap(await bridge.invoke['app:info']({})),
};

/** The longest the order check of a new task list waits for idle time. */
const ORDER_CHECK_TIMEOUT_MS = 1000;

/** The newest read of each collection in each store: an older read answering later is dropped. */
const newestRead = new WeakMap<LiveStore, Partial<Record<PushedKey, number>>>();

/** Reads one collection into the store; a failure is kept as its error (never thrown). */
export async function readPushed(store: LiveStore, bridge: Bridge, key: PushedKey): Promise<void> {
  const reads = newestRead.get(store) ?? {};
  newestRead.set(store, reads);
  const read = (reads[key] ?? 0) + 1;
  reads[key] = read;
  try {
    const data = await readers[key](bridge);
    if (reads[key] !== read) return;
    setPushed(store, key, data as never);
    // The host sends the task list in the inbox's order: it is shown as it came, and its order
    // checked (one pass over every task) only once it is on screen, sorted if it was not.
    if (key === 'tasks') afterPaintWhenIdle(() => keepTasksInListOrder(store), ORDER_CHECK_TIMEOUT_MS);
  } catch (error) {
    if (reads[key] === read) setPushedError(store, key, error instanceof Error ? error : new Error(String(error)));
  }
}

/** Reads every collection (at start, and after the link to the host comes back). */
export async function readAllPushed(store: LiveStore, bridge: Bridge): Promise<void> {
  await Promise.all((Object.keys(readers) as PushedKey[]).map((key) => readPushed(store, bridge, key)));
}
