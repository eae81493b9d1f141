/** Query key factories: one place names every cache entry, so writers and readers agree. */

/** Tasks: the inbox list, one task's detail, one task's final result. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: () => [...taskKeys.all, 'list'] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (id: string) => [...taskKeys.details(), id] as const,
  result: (id: string) => [...taskKeys.all, 'result', id] as const,
};

/** Configured servers and the tools each offers. */
export const serverKeys = {
  all: ['servers'] as const,
  list: () => [...serverKeys.all, 'list'] as const,
  tools: (serverId: string) => [...serverKeys.all, 'tools', serverId] as const,
};

/** What the host says about itself. */
export const appKeys = {
  info: () => ['app', 'info'] as const,
};

/** Questions servers are waiting for the user to answer. */
export const inputKeys = {
  list: () => ['inputs', 'list'] as const,
};

/** A server's console and protocol log, and a task's exchange (refetched as `logs:appended` says). */
export const logKeys = {
  all: ['logs'] as const,
  server: (serverId: string) => [...logKeys.all, serverId] as const,
  console: (serverId: string, filter: { localId?: string | undefined; search: string }) => [...logKeys.server(serverId), 'console', filter] as const,
  protocol: (serverId: string, localId?: string) => [...logKeys.server(serverId), 'protocol', localId ?? null] as const,
  /** A task's exchange sits under its server's key: the server's new messages may be the task's. */
  exchange: (serverId: string, localId: string) => [...logKeys.server(serverId), 'exchange', localId] as const,
};
