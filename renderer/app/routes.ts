/**
 * The app's addresses: one hash route per screen and per task or server, so Back/Forward,
 * reloads and links work the same under `app://` (Electron) and in browser mode (the hash never
 * reaches the host, which serves one page).
 */
import { MAX_ID_LENGTH } from '../../shared/ipc/contract-values';
import type { Screen } from '../store/app-store';

/** What an address shows. */
export type Route =
  | { screen: 'inbox' }
  | { screen: 'task'; localId: string }
  | { screen: 'inputs' }
  | { screen: 'launcher' }
  | { screen: 'servers'; serverId: string | null };

/** The route of the inbox, where an empty or unreadable address leads. */
export const INBOX_ROUTE: Route = { screen: 'inbox' };

/** The screens whose address has no id. */
const PLAIN_SCREENS = ['inbox', 'inputs', 'launcher'] as const satisfies readonly Screen[];

const isPlainScreen = (name: string): name is (typeof PLAIN_SCREENS)[number] => (PLAIN_SCREENS as readonly string[]).includes(name);

/**
 * The route a `location.hash` names (`#/tasks/<id>`, …), or undefined when it names none: an
 * unknown path, an empty or over-long id, a malformed escape. Ids are percent-encoded.
 */
export function parseRoute(hash: string): Route | undefined {
  if (!hash.startsWith('#/')) return undefined;
  const parts = hash.slice(2).split('/');
  const [name, encodedId, ...rest] = parts;
  if (name === undefined || rest.length > 0) return undefined;
  if (encodedId === undefined) {
    if (isPlainScreen(name)) return { screen: name };
    return name === 'servers' ? { screen: 'servers', serverId: null } : undefined;
  }
  const id = decodeId(encodedId);
  if (id === undefined) return undefined;
  if (name === 'tasks') return { screen: 'task', localId: id };
  if (name === 'servers') return { screen: 'servers', serverId: id };
  return undefined;
}

/** The `location.hash` of `route` (ids percent-encoded, so any id is one path segment). */
export function formatRoute(route: Route): string {
  switch (route.screen) {
    case 'task':
      return `#/tasks/${encodeURIComponent(route.localId)}`;
    case 'servers':
      return route.serverId === null ? '#/servers' : `#/servers/${encodeURIComponent(route.serverId)}`;
    default:
      return `#/${route.screen}`;
  }
}

function decodeId(encoded: string): string | undefined {
  let id: string;
  try {
    id = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  return id.length > 0 && id.length <= MAX_ID_LENGTH ? id : undefined;
}
