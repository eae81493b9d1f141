/**
 * Which server a command talks to. A command names it by URL (a Streamable HTTP endpoint) or by
 * name in the `--config` file the user points to; nothing else is ever run. In particular a stdio
 * command is spawned only when this command line names it (through its config file), never from
 * what an earlier command left in the data folder (code execution needs the user's word each time).
 *
 * Tasks are filed under their server's id, and `tasks show --watch` / `tasks cancel` must find
 * the server again from the task alone. So a URL's id is the URL itself when nothing secret can
 * hide in it (no user info, query or fragment); otherwise it is a digest, and the URL is given
 * again with `--url`. Config-file servers get the ids browser mode gives the same file.
 */
import { createHash } from 'node:crypto';
import { cutText } from '../../../shared/quoted-text.js';
import type { ServerConfig } from '../../../shared/server-config.js';
import type { TrackedTask } from '../../../shared/task-model.js';
import { readServerConfigFile, toOperatorServers } from '../../host/config-file.js';
import { HostError } from '../../host/host-error.js';
import { CommandFailed, UsageError } from './cli-errors.js';

/** Longest id (ServerConfig ids are at most 200 characters). */
const MAX_ID_LENGTH = 200;
const DIGEST_PREFIX = 'url-sha256-';

/** The servers of a config file, with the notes on entries it skipped. */
export interface ConfigServers {
  servers: ServerConfig[];
  notes: string[];
}

/** True when `target` names a server by URL rather than by name. */
export function isUrlTarget(target: string): boolean {
  return /^https?:\/\//iu.test(target);
}

/** The server a URL target names; refused when the URL is not a usable http(s) address or carries credentials. */
export function httpServer(text: string): ServerConfig {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`${JSON.stringify(cutText(text, 200))} is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('A server URL must start with http:// or https://.');
  if (url.username !== '' || url.password !== '') {
    throw new UsageError('The URL carries a user name or password: give credentials as headers in a --config file instead.');
  }
  const shown = `${url.origin}${url.pathname}`;
  return { id: httpServerId(url), name: cutText(shown, MAX_ID_LENGTH), transport: 'http', url: url.href };
}

/** The id tasks of this endpoint are filed under (see the module note). */
function httpServerId(url: URL): string {
  if (url.search === '' && url.hash === '' && url.href.length <= MAX_ID_LENGTH) return url.href;
  return `${DIGEST_PREFIX}${createHash('sha256').update(url.href).digest('hex').slice(0, 32)}`;
}

/** Reads the `--config` file's servers. */
export async function readConfigServers(file: string): Promise<ConfigServers> {
  let parsed;
  try {
    parsed = await readServerConfigFile(file);
  } catch (error) {
    if (error instanceof HostError) throw new UsageError(`--config ${error.message}`);
    throw error;
  }
  const servers = toOperatorServers(parsed, 'config-file', new Set()).map((server) => server.config);
  const notes = parsed.skipped.map(({ name, reason }) => `Skipped "${name}" from ${file}: ${reason}`);
  return { servers, notes };
}

/** The server `target` names: a URL, or a name (else an id) in the `--config` file. */
export async function resolveTarget(target: string, configFile: string | undefined): Promise<{ server: ServerConfig; notes: string[] }> {
  if (isUrlTarget(target)) return { server: httpServer(target), notes: [] };
  if (configFile === undefined) throw new UsageError(`"${cutText(target, 80)}" is not a URL; to name a server, give the file it is in with --config <file>.`);
  const { servers, notes } = await readConfigServers(configFile);
  const server = servers.find((candidate) => candidate.name === target) ?? servers.find((candidate) => candidate.id === target);
  if (server === undefined) {
    const names = servers.map((candidate) => JSON.stringify(candidate.name)).join(', ');
    throw new UsageError(`No server named "${cutText(target, 80)}" in ${configFile}${names === '' ? ' (it has none that can be used)' : ` (it has ${names})`}.`);
  }
  return { server, notes };
}

/**
 * The server a stored task lives on: its entry in `--config` (by id), else the URL its id is,
 * else `--url` when its digest matches. Fails with the way to name it when none applies.
 */
export async function serverOfTask(task: Pick<TrackedTask, 'serverId'>, configFile: string | undefined, url: string | undefined): Promise<ServerConfig> {
  if (url !== undefined) {
    const server = httpServer(url);
    if (server.id !== task.serverId) throw new UsageError('--url is not the address this task was started on.');
    return server;
  }
  if (configFile !== undefined) {
    const found = (await readConfigServers(configFile)).servers.find((server) => server.id === task.serverId);
    if (found !== undefined) return found;
  }
  if (isUrlTarget(task.serverId)) return httpServer(task.serverId);
  if (task.serverId.startsWith(DIGEST_PREFIX)) {
    throw new CommandFailed('This task\'s server URL was not kept (it has a query string, where secrets often are): give it again with --url <url>.');
  }
  throw new CommandFailed(`This task's server (id "${cutText(task.serverId, 80)}") comes from a config file: give it again with --config <file>.`);
}
