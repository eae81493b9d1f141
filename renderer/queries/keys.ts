/** Query key factories: one place names every cache entry, so writers and readers agree. */

/** Tasks: one task's detail and its final result (the inbox list is in the live store). */
export const taskKeys = {
  all: ['tasks'] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (id: string) => [...taskKeys.details(), id] as const,
  result: (id: string) => [...taskKeys.all, 'result', id] as const,
};

/** The tools each server offers (the servers themselves are in the live store). */
export const serverKeys = {
  all: ['servers'] as const,
  tools: (serverId: string) => [...serverKeys.all, 'tools', serverId] as const,
};

/** A server's console and protocol log, and a task's exchange (refetched as `logs:appended` says). */
export const logKeys = {
  all: ['logs'] as const,
  server: (serverId: string) => [...logKeys.all, 'server', serverId] as const,
  console: (serverId: string, filter: { localId?: string | undefined; search: string }) => [...logKeys.server(serverId), 'console', filter] as const,
  protocol: (serverId: string, localId?: string) => [...logKeys.server(serverId), 'protocol', localId ?? null] as const,
  /** A task's exchange, apart from its server's logs: read again only when `logs:appended` names the task. */
  exchange: (localId: string) => [...logKeys.all, 'exchange', localId] as const,
};
