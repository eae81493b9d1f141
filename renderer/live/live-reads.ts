/** Reading the pushed collections from the host: once per link, and again on a retry. */
import type { Bridge } from '../../shared/ipc/contract';
import { sortForList } from '../lib/task-list';
import { unwrap } from '../queries/unwrap';
import { setPushed, setPushedError, type LiveState, type LiveStore, type PushedKey } from './live-store';

type Data<K extends PushedKey> = NonNullable<LiveState[K]['data']>;

const readers: { [K in PushedKey]: (bridge: Bridge) => Promise<Data<K>> } = {
  tasks: async (bridge) => sortForList(unwrap(await bridge.invoke['tasks:list']({}))),
  servers: async (bridge) => unwrap(await bridge.invoke['servers:list']({})),
  inputs: async (bridge) => unwrap(await bridge.invoke['inputs:list']({})),
  appInfo: async (bridge) => unwrap(await bridge.invoke['app:info']({})),
};

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
    if (reads[key] === read) setPushed(store, key, data as never);
  } catch (error) {
    if (reads[key] === read) setPushedError(store, key, error instanceof Error ? error : new Error(String(error)));
  }
}

/** Reads every collection (at start, and after the link to the host comes back). */
export async function readAllPushed(store: LiveStore, bridge: Bridge): Promise<void> {
  await Promise.all((Object.keys(readers) as PushedKey[]).map((key) => readPushed(store, bridge, key)));
}
