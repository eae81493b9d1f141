/**
 * A configured server as the host keeps it: the config the engine runs (header values in plain
 * text, in memory only), where it came from, and — for stdio — what the user approved.
 * docs/security.md#running-servers-stdio-is-code-execution: a stdio server runs only while its
 * approval covers exactly its current command line, environment and working folder, so approval is
 * a digest of those, never a flag.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ServerInput, ServerView } from '../../shared/ipc/contract.js';
import { isJsonObject } from '../../shared/json-guards.js';
import type { OAuthClientSettings, ServerConfig } from '../../shared/server-config.js';

/** Where an entry came from (ServerView.origin). */
export type ServerOrigin = ServerView['origin'];

/** A server handed over by whoever started the host (config file, command line): approved by them. */
export interface OperatorServer {
  config: ServerConfig;
  origin: 'config-file' | 'command-line';
}

/** One configured server. */
export interface ServerEntry {
  config: ServerConfig;
  origin: ServerOrigin;
  /** stdio: the `approvalDigest` the user approved; the server runs only while it is current. */
  approvedDigest?: string;
  /**
   * HTTP: saved header values this session cannot decrypt (browser mode, or a changed keychain),
   * by header name, as `SecretStore.protect` returned them. The server runs without them; they
   * are written back unchanged so another session that can read them still has them.
   */
  sealedHeaders?: Record<string, string>;
  /**
   * stdio: saved environment values this session cannot read, by variable name: as
   * `SecretStore.protect` returned them, or `null` when the value could not be protected and so
   * was never saved. Unlike headers, a server never runs without them — its environment would not
   * be the one the user approved — so `isApproved` is false until they are entered again. They
   * are written back unchanged. Never an empty record.
   */
  sealedEnv?: Record<string, string | null>;
  /** The user disabled it: it stays configured (and its tasks in the inbox) but does not run until enabled. */
  disabled?: true;
  /** The id of the server an endpoint change made in its place (see `sameEndpoint`); it was disabled then. */
  replacedBy?: string;
}

/** A `servers:save` input whose environment holds values only (saved-secrets.ts `withSavedEnv` made it so). */
export type ResolvedServerInput =
  | Extract<ServerInput, { transport: 'http' }>
  | (Omit<Extract<ServerInput, { transport: 'stdio' }>, 'env'> & { env?: Record<string, string> });

/** True when `input` asks to keep no saved value (`KEEP_SAVED_VALUE`): it is resolved as it is. */
export function hasEnvValuesOnly(input: ServerInput): input is ResolvedServerInput {
  return input.transport === 'http' || Object.values(input.env ?? {}).every((value) => typeof value === 'string');
}

/**
 * True when both configs reach the same server: for HTTP the same URL; for stdio the same
 * command, arguments and working folder. The name, the settings, header values and environment
 * values are not part of it: a new token or API key still talks to the same server, so its tasks
 * still belong there. A different endpoint may be a different server that knows nothing of the
 * old tasks (or, worse, other tasks under the same ids), so an edit that changes the endpoint of
 * a server with tasks makes a new server instead (configured-servers.ts).
 */
export function sameEndpoint(a: ServerConfig, b: ServerConfig): boolean {
  if (a.transport === 'http' || b.transport === 'http') return a.transport === 'http' && b.transport === 'http' && a.url === b.url;
  return a.command === b.command && isDeepStrictEqual(a.args, b.args) && a.cwd === b.cwd;
}

/**
 * The digest an approval records (`approvedDigest`): sha256 over a canonical JSON of what runs — for stdio
 * `{command, args, env, cwd}` (an absent env counts as `{}`), for HTTP the URL. The name is left
 * out on purpose: renaming a server changes nothing that runs, so it keeps its approval.
 */
export function approvalDigest(config: ServerConfig): string {
  const covered = config.transport === 'stdio'
    ? { transport: 'stdio', command: config.command, args: config.args, env: config.env ?? {}, cwd: config.cwd ?? null }
    : { transport: 'http', url: config.url };
  return `sha256:${createHash('sha256').update(canonicalJson(covered)).digest('hex')}`;
}

/**
 * The digest a renderer is shown, and must name back in `servers:approve`: sha256 over what the
 * approval shows — for stdio `{command, args, env names, cwd}`, for HTTP the URL. Environment
 * values are secrets the renderer never sees, so they are left out: a digest over them would let
 * a page that knows everything else test guesses of a short value offline. The approval itself is
 * still recorded as `approvalDigest`, values included, so any later change of a value needs a new one.
 */
export function shownApprovalDigest(config: ServerConfig): string {
  const shown = config.transport === 'stdio'
    ? { transport: 'stdio', command: config.command, args: config.args, envNames: Object.keys(config.env ?? {}).sort(), cwd: config.cwd ?? null }
    : { transport: 'http', url: config.url };
  return `sha256:${createHash('sha256').update(canonicalJson(shown)).digest('hex')}`;
}

/**
 * True when the entry may run now: HTTP always (no code runs locally), stdio only while its
 * approval is current and none of its environment values is sealed (lost).
 */
export function isApproved(entry: ServerEntry): boolean {
  return entry.config.transport === 'http' || (entry.sealedEnv === undefined && entry.approvedDigest === approvalDigest(entry.config));
}

/** True when the engine should run the entry: approved (see `isApproved`) and not disabled. */
export function isRunnable(entry: ServerEntry): boolean {
  return isApproved(entry) && entry.disabled !== true;
}

/** An entry that runs without asking: ours (the demo defaults) or given by the operator. */
export function preApproved(config: ServerConfig, origin: ServerOrigin): ServerEntry {
  return { config, origin, approvedDigest: approvalDigest(config) };
}

/** True for entries given on this launch by the operator: they live for the session only, never in servers.json. */
export function isOperatorOrigin(origin: ServerOrigin): origin is OperatorServer['origin'] {
  return origin === 'config-file' || origin === 'command-line';
}

/**
 * The config for a resolved input (`servers:save`, an import) under `id`: only the fields of its
 * transport, and no keys holding `undefined` (zod keeps those), so that an unchanged save
 * compares equal to the saved config and does not restart the server.
 */
export function toServerConfig(input: ResolvedServerInput, id: string): ServerConfig {
  if (input.transport === 'http') {
    const { name, url, headers, httpTransport, oauth } = input;
    return {
      id,
      name,
      transport: 'http',
      url,
      ...(headers !== undefined ? { headers } : {}),
      // `streamable` is what an absent field means: written absent, so the two compare equal.
      ...(httpTransport === 'sse' ? { httpTransport } : {}),
      ...(oauth !== undefined && (oauth.clientId !== undefined || oauth.scope !== undefined) ? { oauth: withoutUndefined(oauth) } : {}),
    };
  }
  const { name, command, args, env, cwd } = input;
  return { id, name, transport: 'stdio', command, args, ...(env !== undefined ? { env } : {}), ...(cwd !== undefined ? { cwd } : {}) };
}

/** The sign-in settings with no keys holding `undefined` (see `toServerConfig`). */
function withoutUndefined(oauth: OAuthClientSettings): OAuthClientSettings {
  return { ...(oauth.clientId !== undefined ? { clientId: oauth.clientId } : {}), ...(oauth.scope !== undefined ? { scope: oauth.scope } : {}) };
}

/** JSON with object keys sorted at every level, so equal content always hashes alike. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) =>
    isJsonObject(nested)
      ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : nested);
}
