/** Reading the pushed collections from the host: once per link, and again on a retry. */
import type { Bridge } from '../../shared/ipc/contract';
import { afterNextPaint, afterPaintWhenIdle } from '../lib/after-paint';
import { unwrap } from '../queries/unwrap';
import { keepTasksInListOrder, setPushed, setPushedError, setTaskHead, type LiveState, type LiveStore, type PushedKey } from './live-store';

type Data<K extends PushedKey> = NonNullable<LiveState[K]['data']>;

const readers: { [K in PushedKey]: (bridge: Bridge) => Promise<Data<K>> } = {
  tasks: async (bridge) => unwrap(await bridge.invoke['tasks:list']({})),
  servers: async (bridge) => unwrap(await bridge.invoke['servers:list']({})),
  inputs: async (bridge) => unwrap(await bridge.invoke['inputs:list']({})),
  appInfo: async (bridge) => unwrap(await bridge.invoke['app:info']({})),
};

/** The longest the order check of a new task list waits for idle time. */
const ORDER_CHECK_TIMEOUT_MS = 1000;

/** Rows of each group in the first screen's head: more than a tall window shows (rows are 64 px). */
const HEAD_ROWS_PER_GROUP = 50;

/** The longest the whole list's read waits for the head's frame (a hidden page paints none). */
const HEAD_PAINT_TIMEOUT_MS = 250;

/**
 * Shows the first rows of each group and lets the page paint them before the whole list is
 * asked for: parsing and checking 10,000 summaries (~5 MB over browser mode's socket) would
 * otherwise hold the first screen back by their whole cost. A failed head changes nothing: the
 * whole list's read follows and reports its own failure.
 */
async function showTaskHead(store: LiveStore, bridge: Bridge): Promise<void> {
  const head = await bridge.invoke['tasks:head']({ rowsPerGroup: HEAD_ROWS_PER_GROUP }).catch(() => undefined);
  if (head?.ok !== true) return;
  setTaskHead(store, head.value);
  await afterNextPaint(HEAD_PAINT_TIMEOUT_MS);
}

/** The newest read of each collection in each store: an older read answering later is dropped. */
const newestRead = new WeakMap<LiveStore, Partial<Record<PushedKey, number>>>();

/** Reads one collection into the store; a failure is kept as its error (never thrown). */
export async function readPushed(store: LiveStore, bridge: Bridge, key: PushedKey): Promise<void> {
  const reads = newestRead.get(store) ?? {};
  newestRead.set(store, reads);
  const read = (reads[key] ?? 0) + 1;
  reads[key] = read;
  try {
    if (key === 'tasks' && store.getState().tasks.data === undefined) await showTaskHead(store, bridge);
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
