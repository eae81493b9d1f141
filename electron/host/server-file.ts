/**
 * `<dataDir>/servers.json`: the configured servers, written atomically with mode 0600.
 *
 *   {"schemaVersion": 1, "servers": [
 *     {"config": ServerConfig without headers or env (with its settings: "roots"?, "notificationsMuted"?, "logLevel"?),
 *      "origin": "default"|"user"|"import",
 *      "approvedDigest"?: "sha256:…",                 (stdio: what the user approved)
 *      "protectedHeaders"?: {name: secretStore.protect(value)},   (HTTP header values, never plain)
 *      "protectedEnv"?: {name: secretStore.protect(value) | null}, (stdio environment values, never plain)
 *      "disabled"?: true,                             (the user disabled it: kept, not run)
 *      "replacedBy"?: "id"}                           (an endpoint change made server "id" in its place)
 *   ]}
 *
 * Header and environment values are secrets (docs/security.md#secrets: an imported `GITHUB_TOKEN`
 * is as secret as an Authorization header): they are written only as `SecretStore.protect` returned
 * them. A header value it cannot protect (browser mode) is left out, so it lives for the session
 * only; an environment value is written as `null` instead — its name stays, so the next session
 * reports it lost and does not run the server with an environment the user never approved. Saved
 * values a session cannot decrypt are written back unchanged. Plain values (a file from an earlier
 * version, or hand-edited) still load, and the file is rewritten at once without them. Operator
 * entries (config file, command line) are never written: the operator gives them at every launch. A
 * damaged file is moved aside and reported, never wiped (docs/security.md#persistence). Files from
 * before the settings load as they are (no roots, not muted); a settings value that cannot be read
 * (a hand-edited root that is not a `file://` URI...) is reported and dropped, never the server
 * with it.
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { ServerViewSchema } from '../../shared/ipc/contract.js';
import { isJsonObject } from '../../shared/json-guards.js';
import { MAX_ROOTS, RootSchema, ServerConfigSchema, type Root } from '../../shared/server-config.js';
import { LogLevelSchema, type LogLevel } from '../../shared/server-log.js';
import { ensureDataFolder, isMissing, moveAside, parseJson, removeStaleTempFiles, writeFileAtomic } from '../node/data-folder.js';
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
  protectedEnv: z.record(z.string(), z.string().nullable()).optional(),
  disabled: z.boolean().optional(),
  replacedBy: z.string().optional(),
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
  let hasPlainSecrets = false;
  for (const record of layout.data.servers) {
    const { rest, roots, muted, level } = splitSettings(record);
    const parsed = StoredServerSchema.safeParse(rest);
    if (!parsed.success) {
      unreadable += 1;
      continue;
    }
    if (holdsPlainSecrets(parsed.data.config)) {
      hasPlainSecrets = true;
      if (secrets.protection === 'unavailable' && parsed.data.config.transport === 'stdio') {
        problems.push(`The environment values of the server "${parsed.data.config.name}" were saved in plain text by an earlier version. They were removed from the file, but this session cannot store them safely, so they are kept for this session only.`);
      }
    }
    const entry = revealSecrets(parsed.data, secrets, problems);
    entries.push({ ...entry, config: { ...entry.config, ...readSettings(entry.config.name, { roots, muted, level }, settingsProblems) } });
  }
  if (unreadable > 0) {
    problems.unshift(await keepAside(`${unreadable} of its servers are damaged`, 'the other servers were loaded.'));
  } else if (settingsProblems.length > 0) {
    problems.unshift(await keepAside('some settings of its servers are damaged', 'the servers were loaded without them.'));
  }
  problems.push(...settingsProblems);
  if (unreadable > 0 || settingsProblems.length > 0 || hasPlainSecrets) {
    // Without a file the next start would set up the defaults instead of the servers that loaded;
    // plain secrets must not stay on disk until the next change, which may never come.
    await saveServerFile(dir, entries, secrets);
  }
  return { entries, problems };
}

/** Writes every entry except the operator's, header and environment values only in protected form. */
export async function saveServerFile(dir: string, entries: readonly ServerEntry[], secrets: SecretStore): Promise<void> {
  const servers = entries.filter((entry) => !isOperatorOrigin(entry.origin)).map((entry) => toStored(entry, secrets));
  await ensureDataFolder(dir);
  await writeFileAtomic(join(dir, SERVER_FILE), `${JSON.stringify({ schemaVersion: SERVER_FILE_VERSION, servers }, null, 2)}\n`);
}

function toStored({ config, origin, approvedDigest, sealedHeaders, sealedEnv, disabled, replacedBy }: ServerEntry, secrets: SecretStore): StoredServer {
  const flags = { ...(disabled === true ? { disabled } : {}), ...(replacedBy !== undefined ? { replacedBy } : {}) };
  if (config.transport === 'stdio') {
    const { env, ...rest } = config;
    // `null` keeps the name of a value that could not be protected (see the module comment).
    const protectedEnv = protectAll(env, sealedEnv, (value) => secrets.protect(value) ?? null);
    return { config: rest, origin, ...(approvedDigest !== undefined ? { approvedDigest } : {}), ...(protectedEnv !== undefined ? { protectedEnv } : {}), ...flags };
  }
  const { headers, ...rest } = config;
  const protectedHeaders = protectAll(headers, sealedHeaders, (value) => secrets.protect(value));
  return { config: rest, origin, ...(protectedHeaders !== undefined ? { protectedHeaders } : {}), ...flags };
}

/** `sealed` as it is plus every `plain` value `protect` returns something for; undefined when that is nothing. */
function protectAll<T>(plain: Record<string, string> | undefined, sealed: Record<string, T> | undefined, protect: (value: string) => T | undefined): Record<string, T> | undefined {
  const stored: Record<string, T> = { ...sealed };
  for (const [name, value] of Object.entries(plain ?? {})) {
    const kept = protect(value);
    if (kept !== undefined) stored[name] = kept;
  }
  return Object.keys(stored).length > 0 ? stored : undefined;
}

/** True when a stored config holds header or environment values in plain text (an earlier version's file, or hand-edited). */
function holdsPlainSecrets(config: StoredServer['config']): boolean {
  const plain = config.transport === 'stdio' ? config.env : config.headers;
  return Object.keys(plain ?? {}).length > 0;
}

/**
 * The entry with its header and environment values decrypted (plain ones in the config are
 * taken as they are). A value that cannot be is kept sealed (written back as it was) and
 * reported by name only: an HTTP server connects without such headers; a stdio server does not
 * run until such variables are entered again (`isApproved`).
 */
function revealSecrets(stored: StoredServer, secrets: SecretStore, problems: string[]): ServerEntry {
  const { config, origin, approvedDigest, protectedHeaders, protectedEnv, disabled, replacedBy } = stored;
  const entry: ServerEntry = {
    config,
    origin,
    ...(approvedDigest !== undefined ? { approvedDigest } : {}),
    ...(disabled === true ? { disabled } : {}),
    ...(replacedBy !== undefined ? { replacedBy } : {}),
  };
  if (config.transport === 'http') {
    if (protectedHeaders === undefined) return entry;
    const { plain, sealed } = revealAll(protectedHeaders, secrets);
    const revealed: ServerEntry = { ...entry, config: { ...config, headers: { ...config.headers, ...plain } } };
    const names = Object.keys(sealed);
    if (names.length === 0) return revealed;
    problems.push(`The saved value of the header(s) ${quoted(names)} of the server "${config.name}" ${undecryptable(secrets)}; it connects without them.`);
    return { ...revealed, sealedHeaders: sealed };
  }
  if (protectedEnv === undefined) return entry;
  const { plain, sealed } = revealAll(protectedEnv, secrets);
  const env = { ...config.env, ...plain };
  const revealed: ServerEntry = { ...entry, config: { ...config, ...(Object.keys(env).length > 0 ? { env } : {}) } };
  const names = Object.keys(sealed);
  if (names.length === 0) return revealed;
  const encrypted = names.filter((name) => sealed[name] !== null);
  const neverSaved = names.filter((name) => sealed[name] === null);
  const reasons = [
    ...(encrypted.length > 0 ? [`${quoted(encrypted)} ${undecryptable(secrets)}`] : []),
    ...(neverSaved.length > 0 ? [`${quoted(neverSaved)} was not saved, because there was no safe place to store it (browser mode, or no system keychain)`] : []),
  ];
  const remedy = secrets.protection === 'unavailable'
    ? 'It does not run here: give it to npm run serve with --config or --server, or enter the values again in the desktop app.'
    : 'It does not run until they are entered again (Edit the server).';
  problems.push(`The server "${config.name}" lost saved environment values: ${reasons.join('; ')}. ${remedy}`);
  return { ...revealed, sealedEnv: sealed };
}

/** Each stored value decrypted, or kept as stored (`null`: never saved) when it cannot be. */
function revealAll<T extends string | null>(stored: Record<string, T>, secrets: SecretStore): { plain: Record<string, string>; sealed: Record<string, T> } {
  const plain: Record<string, string> = {};
  const sealed: Record<string, T> = {};
  for (const [name, value] of Object.entries(stored)) {
    const revealed = value === null ? undefined : secrets.reveal(value);
    if (revealed !== undefined) plain[name] = revealed;
    else sealed[name] = value;
  }
  return { plain, sealed };
}

/** Why a saved value cannot be read in this session. */
function undecryptable(secrets: SecretStore): string {
  return secrets.protection === 'unavailable' ? 'cannot be read in browser mode' : 'could not be decrypted (was the system keychain reset?)';
}

function quoted(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

/** A stored record with its config's settings taken out, to be read on their own (see `readSettings`). */
function splitSettings(record: unknown): { rest: unknown; roots: unknown; muted: unknown; level: unknown } {
  if (!isJsonObject(record) || !isJsonObject(record.config)) return { rest: record, roots: undefined, muted: undefined, level: undefined };
  const { roots, notificationsMuted, logLevel, ...config } = record.config;
  return { rest: { ...record, config }, roots, muted: notificationsMuted, level: logLevel };
}

/** A server's settings as stored: what cannot be read is left out and described in `problems`. */
function readSettings(
  server: string,
  { roots, muted, level }: { roots: unknown; muted: unknown; level: unknown },
  problems: string[],
): { roots?: Root[]; notificationsMuted?: true; logLevel?: LogLevel } {
  const settings: { roots?: Root[]; notificationsMuted?: true; logLevel?: LogLevel } = {};
  if (muted === true) settings.notificationsMuted = true;
  else if (muted !== undefined && muted !== false) problems.push(`The notification setting of the server "${server}" could not be read; its notifications are on.`);
  if (level !== undefined) {
    const parsed = LogLevelSchema.safeParse(level);
    if (parsed.success) settings.logLevel = parsed.data;
    else problems.push(`The log level of the server "${server}" could not be read; it is sent the app's default.`);
  }
  if (roots === undefined) return settings;
  if (!Array.isArray(roots)) {
    problems.push(`The shared folders of the server "${server}" could not be read (not a list); it is given none.`);
    return settings;
  }
  const kept: Root[] = [];
  for (const root of roots) {
    const parsed = RootSchema.safeParse(root);
    if (!parsed.success) {
      const uri = isJsonObject(root) && typeof root.uri === 'string' ? JSON.stringify(root.uri.slice(0, 200)) : 'an entry';
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

function isNewerVersion(data: unknown): boolean {
  return isJsonObject(data) && typeof data.schemaVersion === 'number' && data.schemaVersion > SERVER_FILE_VERSION;
}
