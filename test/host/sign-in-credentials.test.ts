/**
 * Sign-in secrets at rest: only ever as the SecretStore protected them, in one file written
 * atomically; in memory only where nothing can protect them; gone with their server. The data
 * folder is scanned file by file to prove no token is in any plain file.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionOnlySecretStore } from '../../electron/host/secret-stores.js';
import { SIGN_IN_FILE, openSignInCredentials } from '../../electron/host/sign-in-credentials.js';
import { RecordingLogger, encryptingSecretStore, invoke, startTestHost, tempDir } from './host-harness.js';

const ACCESS = 'access-token-7f3e9a1c52b8';
const REFRESH = 'refresh-token-c4d1e2f3a9b0';
const CLIENT_SECRET = 'client-secret-5566778899';
const secrets: Record<string, unknown> = { tokens: { access_token: ACCESS, refresh_token: REFRESH, token_type: 'Bearer' }, client: { client_id: 'mtm', client_secret: CLIENT_SECRET } };

const folders: (() => void)[] = [];
function folder(): string {
  const { dir, cleanup } = tempDir('mtm-sign-in-');
  folders.push(cleanup);
  return dir;
}
afterEach(() => {
  for (const cleanup of folders.splice(0)) cleanup();
});

/** Every file under `dir`, read as text. */
function everyFile(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path, 'latin1') }));
}

function expectNoSecretIn(dir: string): void {
  const files = everyFile(dir);
  expect(files.length).toBeGreaterThan(0);
  for (const { path, text } of files) {
    for (const secret of [ACCESS, REFRESH, CLIENT_SECRET]) expect(text.includes(secret), `${secret} in ${path}`).toBe(false);
  }
}

describe('sign-in credentials where secrets can be protected (desktop)', () => {
  it('keep one protected value per server in sign-in.json (mode 0600), readable again in the next launch', async () => {
    const dir = folder();
    const store = encryptingSecretStore();
    const first = await openSignInCredentials(dir, store, new RecordingLogger(), Date.now);
    expect(first.credentials.persistence).toBe('persistent');
    await first.credentials.save('remote', secrets);
    const file = JSON.parse(readFileSync(join(dir, SIGN_IN_FILE), 'utf8')) as { schemaVersion: number; servers: Record<string, string> };
    expect(file.schemaVersion).toBe(1);
    expect(Object.keys(file.servers)).toEqual(['remote']);
    expect(store.reveal(file.servers.remote!)).toBe(JSON.stringify(secrets));
    expect(statSync(join(dir, SIGN_IN_FILE)).mode & 0o777).toBe(0o600);
    expectNoSecretIn(dir);

    const next = await openSignInCredentials(dir, store, new RecordingLogger(), Date.now);
    expect(next.problems).toEqual([]);
    expect(await next.credentials.load('remote')).toEqual(secrets);
    expect(await next.credentials.load('other')).toBeUndefined();
  });

  it('a value another keychain protected reads as no sign-in, and the log names the server only', async () => {
    const dir = folder();
    await (await openSignInCredentials(dir, encryptingSecretStore(), new RecordingLogger(), Date.now)).credentials.save('remote', secrets);
    const logger = new RecordingLogger();
    const other = await openSignInCredentials(dir, encryptingSecretStore(), logger, Date.now);
    expect(await other.credentials.load('remote')).toBeUndefined();
    expect(logger.entries).toEqual([{ level: 'warn', message: expect.stringMatching(/sign in again/), details: { serverId: 'remote' } }]);
  });

  it('a damaged file is kept aside and reported, and the store starts empty', async () => {
    const dir = folder();
    writeFileSync(join(dir, SIGN_IN_FILE), '{"schemaVersion": 1, "servers": {"remote": 42}}');
    const { credentials, problems } = await openSignInCredentials(dir, encryptingSecretStore(), new RecordingLogger(), Date.now);
    expect(problems).toEqual([expect.stringMatching(/saved sign-ins could not be read; the file was kept as "sign-in\.json\.corrupt-/)]);
    expect(await credentials.load('remote')).toBeUndefined();
    expect(readdirSync(dir).filter((name) => name.startsWith(`${SIGN_IN_FILE}.corrupt-`))).toHaveLength(1);
  });

  it('delete forgets one server and rewrites the file without it', async () => {
    const dir = folder();
    const { credentials } = await openSignInCredentials(dir, encryptingSecretStore(), new RecordingLogger(), Date.now);
    await credentials.save('a', secrets);
    await credentials.save('b', { tokens: { access_token: 'b' } });
    await credentials.delete('a');
    expect(await credentials.load('a')).toBeUndefined();
    expect(await credentials.load('b')).toEqual({ tokens: { access_token: 'b' } });
    expect(Object.keys((JSON.parse(readFileSync(join(dir, SIGN_IN_FILE), 'utf8')) as { servers: object }).servers)).toEqual(['b']);
  });
});

describe('sign-in credentials where nothing can be protected (browser mode)', () => {
  it('live in memory for the session only: nothing is written', async () => {
    const dir = folder();
    const { credentials } = await openSignInCredentials(dir, sessionOnlySecretStore, new RecordingLogger(), Date.now);
    expect(credentials.persistence).toBe('session-only');
    await credentials.save('remote', secrets);
    expect(await credentials.load('remote')).toEqual(secrets);
    expect(readdirSync(dir)).toEqual([]);
    await credentials.delete('remote');
    expect(await credentials.load('remote')).toBeUndefined();
  });

  it('hand out copies: changing a loaded value changes nothing kept', async () => {
    const { credentials } = await openSignInCredentials(folder(), sessionOnlySecretStore, new RecordingLogger(), Date.now);
    await credentials.save('remote', { tokens: { access_token: ACCESS } });
    const loaded = (await credentials.load('remote'))!;
    (loaded.tokens as Record<string, string>).access_token = 'changed';
    expect(await credentials.load('remote')).toEqual({ tokens: { access_token: ACCESS } });
  });
});

describe('a host and its servers\' sign-in credentials', () => {
  it('removing a server forgets its credentials; changing its address or client id does too; a rename does not', async () => {
    const dir = folder();
    const store = encryptingSecretStore();
    const url = 'http://127.0.0.1:9/mcp';
    const servers = ['Kept', 'Moved', 'Client', 'Gone'].map((name) => ({ id: name.toLowerCase(), name, transport: 'http' as const, url }));
    // A previous launch signed in to all four.
    const { credentials } = await openSignInCredentials(dir, store, new RecordingLogger(), Date.now);
    for (const { id } of servers) await credentials.save(id, secrets);
    const stored = () => Object.keys((JSON.parse(readFileSync(join(dir, SIGN_IN_FILE), 'utf8')) as { servers: object }).servers).sort();
    const test = await startTestHost({ dataDir: dir, secretStore: store, defaultServers: servers });
    try {
      expect(stored()).toEqual(['client', 'gone', 'kept', 'moved']);

      await invoke(test.host, 'servers:save', { server: { id: 'kept', name: 'Kept (renamed)', transport: 'http', url } });
      await invoke(test.host, 'servers:save', { server: { id: 'moved', name: 'Moved', transport: 'http', url: 'http://127.0.0.1:10/mcp' } });
      await invoke(test.host, 'servers:save', { server: { id: 'client', name: 'Client', transport: 'http', url, oauth: { clientId: 'registered' } } });
      await invoke(test.host, 'servers:remove', { id: 'gone' });
      expect(stored()).toEqual(['kept']);
      expectNoSecretIn(dir);
      expect(test.logger.text()).not.toContain(ACCESS);
    } finally {
      await test.stop();
    }
  });
});
