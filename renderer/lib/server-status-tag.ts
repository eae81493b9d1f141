/**
 * A server's state as a word or two, for the lists that name servers. Apart from
 * `server-status.ts` (the full sentences) because the inbox's server filter needs only this before
 * its first paint. Pure.
 */
import type { ServerView } from '../../shared/ipc/contract';

/**
 * A word or two for lists that name servers (the inbox filter, the launcher): undefined while it
 * is connected and answering, else `degraded`, `not responding`, `stopped`, `disabled`, `server changed`, `reconnecting`, ….
 */
export function serverStatusTag(server: Pick<ServerView, 'disabled' | 'approved' | 'state' | 'replacedBy'>): string | undefined {
  if (server.disabled) return server.replacedBy !== undefined ? 'server changed' : 'disabled';
  if (!server.approved) return 'not approved';
  const { state } = server;
  switch (state?.status) {
    case undefined:
      return 'not started';
    case 'connected':
      if (state.health === undefined) return undefined;
      return state.health.condition === 'degraded' ? 'degraded' : 'not responding';
    case 'failed':
      return 'stopped';
    case 'needs-sign-in':
      return 'sign-in needed';
    case 'connecting':
    case 'reconnecting':
    case 'closed':
      return state.status;
  }
}
