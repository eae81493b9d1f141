/**
 * `<dataDir>/servers.json`: the configured servers, written atomically with mode 0600.
 *
 *   {"schemaVersion": 1, "servers": [
 *     {"config": ServerConfig without headers (with its settings: "roots"?, "notificationsMuted"?),
 *      "origin": "default"|"user"|"import",
 *      "approvedDigest"?: "sha256:…",                 (stdio: what the user approved)
 *      "protectedHeaders"?: {name: secretStore.protect(value)}}   (HTTP header values, never plain)
 *   ]}
 *
 * Header values are secrets (SECURITY §2): they are written only as `SecretStore.protect`
 * returned them, and left out when it returns undefined (browser mode), so they then live for
 * the session only; saved values a session cannot decrypt are written back unchanged. Operator entries (config file, command line) are never written: the
 * operator gives them at every launch. A damaged file is moved aside and reported, never wiped
 * (SECURITY §6). Files from before the settings load as they are (no roots, not muted); a
 * settings value that cannot be read (a hand-edited root that is not a `file://` URI...) is
 * reported and dropped, never the server with it.
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { ServerViewSchema } from '../../shared/ipc/contract.js';
import { MAX_ROOTS, RootSchema, ServerConfigSchema, type Root } from '../../shared/server-config.js';
import { ensureDataFolder, isMissing, moveAside, parseJson, removeStaleTempFiles, writeFileAtomic } from '../engine/stores/data-folder.js';
import type { SecretStore } from './host-api.js';
import { isOperatorOrigin, type ServerEntry } from './server-entry.js';

export const SERVER_FILE = 'servers.json';
/** Version of the layout above; a file with another version is kept aside, not read. */
export const SERVER_FILE_VERSION = 1;

const StoredServerSchema = z.object({
  config: ServerConfigSchema,
  origin: ServerViewSchema.shape.origin,
  approvedDigest: z.string().optional(),
  protectedHeaders: z.record(z.string(), z.string()).optional(),
});
type StoredServer = z.infer<typeof StoredServerSchema>;

/** What loading found: `entries` is undefined when there was no usable file (first start). */
export interface LoadedServers {
  entries: ServerEntry[] | undefined;
  /** Human-readable problems for AppInfo.storeProblems. */
  problems: string[];
}

/**
 * Reads the server list. Never rejects for bad content: a file that cannot be read as a whole
 * is moved aside (`entries` undefined); when only some entries cannot be read, the file is moved
 * aside as it was and rewritten with the others. I/O errors reject.
 */
export async function loadServerFile(dir: string, secrets: SecretStore, now: () => number): Promise<LoadedServers> {
  await ensureDataFolder(dir);
  await removeStaleTempFiles(dir, (name) => name === SERVER_FILE);
  const file = join(dir, SERVER_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return { entries: undefined, problems: [] };
    throw error;
  }
  const keepAside = async (why: string, outcome: string): Promise<string> =>
    `The server list could not be read because ${why}. It was kept as "${basename(await moveAside(file, 'corrupt', new Date(now())))}"; ${outcome}`;

  const data = parseJson(text);
  const layout = z.object({ schemaVersion: z.literal(SERVER_FILE_VERSION), servers: z.array(z.unknown()) }).safeParse(data);
  if (!layout.success) {
    const why = isNewerVersion(data) ? 'it was written by a newer version of the app' : data === undefined ? 'it is not valid JSON' : 'it does not have the expected layout';
    return { entries: undefined, problems: [await keepAside(why, 'the default servers were set up again.')] };
  }

  const problems: string[] = [];
  const entries: ServerEntry[] = [];
  let unreadable = 0;
  const settingsProblems: string[] = [];
  for (const record of layout.data.servers) {
    const { rest, roots, muted } = splitSettings(record);
    const parsed = StoredServerSchema.safeParse(rest);
    if (!parsed.success) {
      unreadable += 1;
      continue;
    }
    const entry = revealHeaders(parsed.data, secrets, problems);
    entries.push({ ...entry, config: { ...entry.config, ...readSettings(entry.config.name, roots, muted, settingsProblems) } });
  }
  if (unreadable > 0) {
    problems.unshift(await keepAside(`${unreadable} of its servers are damaged`, 'the other servers were loaded.'));
  } else if (settingsProblems.length > 0) {
    problems.unshift(await keepAside('some settings of its servers are damaged', 'the servers were loaded without them.'));
  }
  problems.push(...settingsProblems);
  if (unreadable > 0 || settingsProblems.length > 0) {
    // Without a file the next start would set up the defaults instead of the servers that loaded.
    await saveServerFile(dir, entries, secrets);
  }
  return { entries, problems };
}

/** Writes every entry except the operator's, header values only in protected form. */
export async function saveServerFile(dir: string, entries: readonly ServerEntry[], secrets: SecretStore): Promise<void> {
  const servers = entries.filter((entry) => !isOperatorOrigin(entry.origin)).map((entry) => toStored(entry, secrets));
  await ensureDataFolder(dir);
  await writeFileAtomic(join(dir, SERVER_FILE), `${JSON.stringify({ schemaVersion: SERVER_FILE_VERSION, servers }, null, 2)}\n`);
}

function toStored({ config, origin, approvedDigest, sealedHeaders }: ServerEntry, secrets: SecretStore): StoredServer {
  if (config.transport === 'stdio') return { config, origin, ...(approvedDigest !== undefined ? { approvedDigest } : {}) };
  const { headers, ...rest } = config;
  const protectedHeaders: Record<string, string> = { ...sealedHeaders };
  for (const [name, value] of Object.entries(headers ?? {})) {
    const stored = secrets.protect(value);
    if (stored !== undefined) protectedHeaders[name] = stored;
  }
  return { config: rest, origin, ...(Object.keys(protectedHeaders).length > 0 ? { protectedHeaders } : {}) };
}

/**
 * The entry with its header values decrypted. A value that cannot be is kept sealed (written
 * back as it was) and reported by header name only; the server runs without it.
 */
function revealHeaders(stored: StoredServer, secrets: SecretStore, problems: string[]): ServerEntry {
  const { config, origin, approvedDigest, protectedHeaders } = stored;
  const entry: ServerEntry = { config, origin, ...(approvedDigest !== undefined ? { approvedDigest } : {}) };
  if (config.transport !== 'http' || protectedHeaders === undefined) return entry;
  // Plain `config.headers` can only come from a hand-edited file; they are protected at the next write.
  const headers: Record<string, string> = { ...config.headers };
  const sealed: Record<string, string> = {};
  for (const [name, value] of Object.entries(protectedHeaders)) {
    const plain = secrets.reveal(value);
    if (plain !== undefined) headers[name] = plain;
    else sealed[name] = value;
  }
  const names = Object.keys(sealed);
  if (names.length === 0) return { ...entry, config: { ...config, headers } };
  const why = secrets.protection === 'unavailable' ? 'cannot be read in browser mode' : 'could not be decrypted (was the system keychain reset?)';
  problems.push(`The saved value of the header(s) ${names.map((name) => `"${name}"`).join(', ')} of the server "${config.name}" ${why}; it connects without them.`);
  return { ...entry, config: { ...config, headers }, sealedHeaders: sealed };
}

/** A stored record with its config's settings taken out, to be read on their own (see `readSettings`). */
function splitSettings(record: unknown): { rest: unknown; roots: unknown; muted: unknown } {
  if (!isObject(record) || !isObject(record.config)) return { rest: record, roots: undefined, muted: undefined };
  const { roots, notificationsMuted, ...config } = record.config;
  return { rest: { ...record, config }, roots, muted: notificationsMuted };
}

/** A server's settings as stored: what cannot be read is left out and described in `problems`. */
function readSettings(server: string, roots: unknown, muted: unknown, problems: string[]): { roots?: Root[]; notificationsMuted?: true } {
  const settings: { roots?: Root[]; notificationsMuted?: true } = {};
  if (muted === true) settings.notificationsMuted = true;
  else if (muted !== undefined && muted !== false) problems.push(`The notification setting of the server "${server}" could not be read; its notifications are on.`);
  if (roots === undefined) return settings;
  if (!Array.isArray(roots)) {
    problems.push(`The shared folders of the server "${server}" could not be read (not a list); it is given none.`);
    return settings;
  }
  const kept: Root[] = [];
  for (const root of roots) {
    const parsed = RootSchema.safeParse(root);
    if (!parsed.success) {
      const uri = isObject(root) && typeof root.uri === 'string' ? JSON.stringify(root.uri.slice(0, 200)) : 'an entry';
      problems.push(`A shared folder of the server "${server}" was left out: ${uri} is not a file:// URI of an absolute path (with an optional name).`);
    } else if (kept.length >= MAX_ROOTS) {
      problems.push(`The server "${server}" lists more than ${MAX_ROOTS} shared folders; only the first ${MAX_ROOTS} are shared.`);
      break;
    } else {
      kept.push(parsed.data);
    }
  }
  if (kept.length > 0) settings.roots = kept;
  return settings;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNewerVersion(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'schemaVersion' in data && typeof data.schemaVersion === 'number' && data.schemaVersion > SERVER_FILE_VERSION;
}
