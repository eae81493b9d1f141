/** What changed between two server lists pushed by the host. */
import type { ServerView } from '../../shared/ipc/contract';

/** Ids of servers connected in `after` that were not connected in `before`. */
export function newlyConnected(before: readonly ServerView[] | undefined, after: readonly ServerView[]): string[] {
  const wasConnected = new Set((before ?? []).filter((server) => server.state?.status === 'connected').map((server) => server.id));
  return after.filter((server) => server.state?.status === 'connected' && !wasConnected.has(server.id)).map((server) => server.id);
}
