/**
 * A server's settings that do not change what runs: the folders shared with it (roots), whether
 * its notifications are muted, and the log level it is asked to send. They live in its `ServerConfig` but are outside the
 * approval digest (server-entry.ts): changing them needs no approval and no reconnect.
 *
 * The renderer sends folders as the user typed them (SECURITY: never trusted); this module alone
 * turns them into canonical `file://` URIs, so one folder has one spelling and duplicates show.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { ServerSettingsInput } from '../../shared/ipc/contract.js';
import { MAX_ROOT_URI_LENGTH, MAX_ROOTS, RootSchema, type Root, type ServerConfig } from '../../shared/server-config.js';
import { HostError } from './host-error.js';

/** The settings part of a config. */
export type ServerSettings = Pick<ServerConfig, 'roots' | 'notificationsMuted' | 'logLevel'>;

/** A folder as the renderer sends it: an absolute path or a `file://` URI, and an optional name. */
type RequestedRoot = NonNullable<ServerSettingsInput['roots']>[number];

/** Control characters have no place in a folder name and would hide what is shared. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

/** The settings of `config` (absent fields stay absent). */
export function settingsOf(config: ServerConfig | undefined): ServerSettings {
  if (config === undefined) return {};
  return {
    ...(config.roots !== undefined ? { roots: config.roots } : {}),
    ...(config.notificationsMuted !== undefined ? { notificationsMuted: config.notificationsMuted } : {}),
    ...(config.logLevel !== undefined ? { logLevel: config.logLevel } : {}),
  };
}

/**
 * `config` with `settings` in place of its own. No roots and "not muted" are written as absent
 * fields, as in a file from before these settings, so equal settings always compare equal.
 */
export function withSettings(config: ServerConfig, settings: ServerSettings): ServerConfig {
  const { roots: _roots, notificationsMuted: _muted, logLevel: _level, ...rest } = config;
  return {
    ...rest,
    ...(settings.roots !== undefined && settings.roots.length > 0 ? { roots: settings.roots } : {}),
    ...(settings.notificationsMuted === true ? { notificationsMuted: true } : {}),
    ...(settings.logLevel !== undefined ? { logLevel: settings.logLevel } : {}),
  };
}

/** True when two configs run the same thing the same way and differ at most in their settings. */
export function runsSame(a: ServerConfig, b: ServerConfig): boolean {
  return isDeepStrictEqual(withSettings(a, {}), withSettings(b, {}));
}

/** The settings an update asks for, on top of `current`; throws a HostError naming the first problem. */
export function updatedSettings(current: ServerSettings, input: Omit<ServerSettingsInput, 'id'>): ServerSettings {
  return {
    roots: input.roots === undefined ? current.roots : toRoots(input.roots),
    notificationsMuted: input.notificationsMuted ?? current.notificationsMuted,
    logLevel: input.logLevel ?? current.logLevel,
  };
}

/** The roots for a requested list: each checked and made a canonical `file://` URI; no duplicates, at most `MAX_ROOTS`. */
export function toRoots(requested: readonly RequestedRoot[]): Root[] {
  if (requested.length > MAX_ROOTS) throw new HostError(`A server can be given at most ${MAX_ROOTS} folders; remove one first.`);
  const roots: Root[] = [];
  for (const { location, name } of requested) {
    const uri = toRootUri(location.trim());
    if (roots.some((root) => root.uri === uri)) throw new HostError(`The folder ${uri} is already shared with this server.`);
    const label = name?.trim() ?? '';
    if (CONTROL.test(label)) throw new HostError('The name of a folder cannot contain control characters.');
    const root = { uri, ...(label !== '' ? { name: label } : {}) };
    // The same check as servers.json gets: what is saved here must load again.
    if (!RootSchema.safeParse(root).success) throw new HostError(`The folder ${uri} cannot be shared.`);
    roots.push(root);
  }
  return roots;
}

/** A folder path or `file://` URI as a canonical `file://` URI, or a HostError saying what is wrong with it. */
function toRootUri(location: string): string {
  const quoted = JSON.stringify(location.length > 200 ? `${location.slice(0, 200)}…` : location);
  if (location === '') throw new HostError('Give the full path of a folder.');
  if (CONTROL.test(location)) throw new HostError(`${quoted} contains control characters; give a plain folder path.`);
  let path: string;
  // A scheme has two letters or more: "C:\..." is a Windows path, not a URI.
  if (/^[a-z][a-z0-9+.-]+:/i.test(location)) {
    const notLocal = new HostError(`${quoted} is not a file:// address of a folder on this computer (no host name, query or #fragment).`);
    let url: URL;
    try {
      url = new URL(location);
    } catch {
      throw notLocal;
    }
    if (url.protocol !== 'file:') throw new HostError(`${quoted} is not a folder on this computer: only folder paths or file:// addresses can be shared.`);
    if (url.search !== '' || url.hash !== '') throw notLocal;
    try {
      path = fileURLToPath(url);
    } catch {
      throw notLocal;
    }
  } else {
    if (!isAbsolute(location)) throw new HostError(`${quoted} is not a full path: give the whole path of the folder, from the top (like ${exampleFolder()}).`);
    path = location;
  }
  // `resolve` drops ".." segments and trailing separators: one spelling per folder.
  const uri = pathToFileURL(resolve(path)).href;
  if (uri.length > MAX_ROOT_URI_LENGTH) throw new HostError(`The path of ${quoted} is too long to share.`);
  return uri;
}

function exampleFolder(): string {
  return process.platform === 'win32' ? 'C:\\Users\\you\\project' : '/home/you/project';
}
