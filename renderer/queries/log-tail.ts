/**
 * A server's console and protocol log as live tails in the query cache. Each read asks the host
 * only for what came after the last entry held (`afterSeq`), so a `logs:appended` (which
 * invalidates the server's log keys, see live/BridgeEventsSync.tsx) costs one small read, and the held
 * list is capped at `MAX_HELD_ENTRIES`: the newest are kept, older ones drop off the top.
 */
import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Bridge } from '../../shared/ipc/contract';
import type { ConsoleEntry, ProtocolEntry } from '../../shared/server-log';
import { useBridge } from '../bridge/bridge-context';
import { logKeys } from './keys';
import { unwrap } from './unwrap';

/** Most entries one view holds and draws. */
export const MAX_HELD_ENTRIES = 1_000;

/** What a tail holds: its newest entries, and whether older ones were dropped to stay within the cap. */
export interface LogTail<E> {
  entries: readonly E[];
  trimmed: boolean;
}

/** The entries of `fresh` newer than what `held` has, appended, capped from the top. */
export function appendToTail<E extends { seq: number }>(held: LogTail<E> | undefined, fresh: readonly E[]): LogTail<E> {
  const last = held?.entries.at(-1)?.seq ?? -1;
  const newer = fresh.filter((entry) => entry.seq > last);
  if (held !== undefined && newer.length === 0) return held;
  const all = [...(held?.entries ?? []), ...newer];
  const over = all.length - MAX_HELD_ENTRIES;
  return { entries: over > 0 ? all.slice(over) : all, trimmed: (held?.trimmed ?? false) || over > 0 };
}

/** One read after what the cache holds under `key`, merged into it. */
async function readTail<E extends { seq: number }>(client: QueryClient, key: QueryKey, read: (afterSeq: number | undefined) => Promise<readonly E[]>): Promise<LogTail<E>> {
  const held = client.getQueryData<LogTail<E>>(key);
  return appendToTail(held, await read(held?.entries.at(-1)?.seq));
}

/** The console of `serverId` (only `localId`'s lines when given; only lines containing `search` when not empty). */
export function useConsoleTail(serverId: string, filter: { localId?: string | undefined; search: string }) {
  const bridge: Bridge = useBridge();
  const client = useQueryClient();
  const key = logKeys.console(serverId, filter);
  return useQuery({
    queryKey: key,
    queryFn: () =>
      readTail<ConsoleEntry>(client, key, async (afterSeq) =>
        unwrap(
          await bridge.invoke['logs:console']({
            serverId,
            limit: MAX_HELD_ENTRIES,
            ...(afterSeq !== undefined ? { afterSeq } : {}),
            ...(filter.localId !== undefined ? { localId: filter.localId } : {}),
            ...(filter.search !== '' ? { search: filter.search } : {}),
          }),
        ),
      ),
    staleTime: Infinity,
  });
}

/** The protocol log of `serverId` (only `localId`'s messages when given). */
export function useProtocolTail(serverId: string, localId?: string) {
  const bridge: Bridge = useBridge();
  const client = useQueryClient();
  const key = logKeys.protocol(serverId, localId);
  return useQuery({
    queryKey: key,
    queryFn: () =>
      readTail<ProtocolEntry>(client, key, async (afterSeq) =>
        unwrap(
          await bridge.invoke['logs:protocol']({
            serverId,
            limit: MAX_HELD_ENTRIES,
            ...(afterSeq !== undefined ? { afterSeq } : {}),
            ...(localId !== undefined ? { localId } : {}),
          }),
        ),
      ),
    staleTime: Infinity,
  });
}
