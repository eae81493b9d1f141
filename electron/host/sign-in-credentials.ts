/**
 * Where the engine keeps what signing in to HTTP servers earned (its `CredentialStore` port):
 * access and refresh tokens, a client registration with its secret, a PKCE verifier — secrets
 * every one, as opaque JSON per server.
 *
 * - Where secrets can be protected at rest (Electron's SecretStore): one file
 *   `<dataDir>/sign-in.json`, `{"schemaVersion": 1, "servers": {id: secretStore.protect(JSON)}}`,
 *   written atomically with mode 0600. Nothing in it is plain: not even which kind of secret a
 *   server holds. With `basic_text` protection (Linux without a keyring) the values are only
 *   obscured; the app already says so (AppInfo.secretProtection).
 * - Where nothing can be protected (browser mode): memory only, so sign-in lasts for this session
 *   (the engine's `MemoryCredentialStore`, `persistence: 'session-only'`), and the page says so.
 *
 * A value that cannot be read back (a damaged file, a keychain that changed) is treated as no
 * sign-in: the server asks to sign in again, which loses nothing but a click.
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { isJsonObject } from '../../shared/json-guards.js';
import { z } from 'zod';
import { MemoryCredentialStore, type CredentialStore, type Logger } from '../engine/index.js';
import { ensureDataFolder, isMissing, moveAside, parseJson, removeStaleTempFiles, writeFileAtomic } from '../node/data-folder.js';
import type { SecretStore } from './host-api.js';

export const SIGN_IN_FILE = 'sign-in.json';
/** Version of the layout above; a file with another version is kept aside, not read. */
export const SIGN_IN_FILE_VERSION = 1;

const SignInFileSchema = z.object({
  schemaVersion: z.literal(SIGN_IN_FILE_VERSION),
  servers: z.record(z.string(), z.string()),
});

/**
 * The credentials for a host with `secrets`: the protected file in `dataDir` where `secrets` can
 * protect anything, else memory only. Reads the file once; problems (a damaged file moved aside)
 * are returned for AppInfo.storeProblems.
 */
export async function openSignInCredentials(dataDir: string, secrets: SecretStore, logger: Logger, now: () => number): Promise<{ credentials: CredentialStore; problems: string[] }> {
  if (secrets.protection === 'unavailable') return { credentials: new MemoryCredentialStore(), problems: [] };
  const file = join(dataDir, SIGN_IN_FILE);
  const { stored, problems } = await readSignInFile(dataDir, file, now);
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(change: () => Promise<T>): Promise<T> => {
    const result = queue.then(change);
    queue = result.catch(() => undefined);
    return result;
  };
  const write = async (next: Map<string, string>): Promise<void> => {
    await ensureDataFolder(dataDir);
    await writeFileAtomic(file, `${JSON.stringify({ schemaVersion: SIGN_IN_FILE_VERSION, servers: Object.fromEntries(next) }, null, 2)}\n`);
  };
  let current = stored;
  const credentials: CredentialStore = {
    persistence: 'persistent',
    load: (serverId) => exclusive(() => {
      const sealed = current.get(serverId);
      if (sealed === undefined) return Promise.resolve(undefined);
      const value = readSecrets(secrets.reveal(sealed));
      // Never the value or the error text: either could carry a secret.
      if (value === undefined) logger.warn('saved sign-in could not be read; the server asks to sign in again', { serverId });
      return Promise.resolve(value);
    }),
    save: (serverId, value) => exclusive(async () => {
      const sealed = secrets.protect(JSON.stringify(value));
      if (sealed === undefined) throw new Error('The sign-in could not be protected for storage.');
      const next = new Map(current).set(serverId, sealed);
      await write(next);
      current = next;
    }),
    delete: (serverId) => exclusive(async () => {
      if (!current.has(serverId)) return;
      const next = new Map(current);
      next.delete(serverId);
      await write(next);
      current = next;
    }),
  };
  return { credentials, problems };
}

/** The stored (protected) values by server id; a file that cannot be read is moved aside and reported. */
async function readSignInFile(dataDir: string, file: string, now: () => number): Promise<{ stored: Map<string, string>; problems: string[] }> {
  await ensureDataFolder(dataDir);
  await removeStaleTempFiles(dataDir, (name) => name === SIGN_IN_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return { stored: new Map(), problems: [] };
    throw error;
  }
  const parsed = SignInFileSchema.safeParse(parseJson(text));
  if (parsed.success) return { stored: new Map(Object.entries(parsed.data.servers)), problems: [] };
  const aside = basename(await moveAside(file, 'corrupt', new Date(now())));
  return { stored: new Map(), problems: [`The saved sign-ins could not be read; the file was kept as "${aside}". Servers that need sign-in ask for it again.`] };
}

/** The JSON object `plain` holds, if it is one. */
function readSecrets(plain: string | undefined): Record<string, unknown> | undefined {
  if (plain === undefined) return undefined;
  const value = parseJson(plain);
  return isJsonObject(value) ? value : undefined;
}
