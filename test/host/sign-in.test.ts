/**
 * Signing in on a desktop host (a real host, the real authorization server and the demo server
 * in `--auth` mode; the "system browser" is a plain HTTP client through the provider's own login
 * and consent pages to the engine's loopback listener): the tokens end up only in sign-in.json,
 * protected by the SecretStore, and in no plain file of the data folder, no log line and no
 * event; they survive a restart; Sign out and removing the server forget them.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FILE } from '../../electron/host/sign-in-credentials.js';
import { startDemoServer, stopAllDemoServers, type DemoServerProcess } from '../helpers/demo-server-process.js';
import { OAuthTestBrowser } from '../helpers/oauth-test-browser.js';
import { startTestAuthorizationServer, stopAllTestAuthorizationServers, type AuthorizationServer } from '../helpers/oidc-provider.js';
import { encryptingSecretStore, invoke, startTestHost, tempDir, waitForConnected, type TestHost } from './host-harness.js';

const key = randomBytes(32);
const secretStore = encryptingSecretStore(key);
const { dir, cleanup } = tempDir('mtm-sign-in-host-');
let as: AuthorizationServer;
let demo: DemoServerProcess;
let test: TestHost;
const browser = new OAuthTestBrowser();

function start(): Promise<TestHost> {
  return startTestHost({
    dataDir: dir,
    secretStore,
    defaultServers: [{ id: 'remote', name: 'Remote', transport: 'http', url: demo.url! }],
    signIn: { openAuthorizationUrl: async (url) => void (await browser.authorize(url)) },
  });
}

/** The secrets sign-in.json holds for `id`, as the SecretStore reveals them. */
function storedSecrets(id: string): Record<string, unknown> | undefined {
  const file = JSON.parse(readFileSync(join(dir, SIGN_IN_FILE), 'utf8')) as { servers: Record<string, string> };
  const sealed = file.servers[id];
  return sealed === undefined ? undefined : (JSON.parse(secretStore.reveal(sealed)!) as Record<string, unknown>);
}

/** The token strings of what sign-in holds (not the issuer or the scope beside them, which are no secret). */
function tokenStrings(held: Record<string, unknown> | undefined): string[] {
  const tokens = (held?.tokens ?? {}) as Record<string, unknown>;
  return ['access_token', 'refresh_token', 'id_token'].map((name) => tokens[name]).filter((value): value is string => typeof value === 'string');
}

beforeAll(async () => {
  as = await startTestAuthorizationServer();
  demo = await startDemoServer({ form: 'extension', transport: 'http', auth: as.issuer });
  test = await start();
}, 60_000);

afterAll(async () => {
  await test.stop();
  await stopAllDemoServers();
  await stopAllTestAuthorizationServers();
  cleanup();
});

describe('sign-in on a desktop host', () => {
  let tokens: string[] = [];

  it('needs sign-in, signs in through the provider, connects and runs a tool', async () => {
    await test.events.waitFor(async () => (await invoke(test.host, 'servers:list', {}))[0]?.state?.status === 'needs-sign-in' || undefined, 'Sign-in needed');
    await invoke(test.host, 'servers:sign-in', { id: 'remote' });
    await waitForConnected(test, ['remote']);
    expect((await invoke(test.host, 'servers:list', {}))[0]?.state?.signIn).toMatchObject({ status: 'signed-in', issuer: as.issuer });
    expect((await invoke(test.host, 'tools:list', { serverId: 'remote' })).map((tool) => tool.name)).toContain('build');
  });

  it('keeps the tokens only protected in sign-in.json: no plain file, log line or event holds one', () => {
    tokens = tokenStrings(storedSecrets('remote'));
    // An access token and the refresh token that renews it.
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => join(dir, name)).filter((path) => statSync(path).isFile());
    expect(files).toContain(join(dir, SIGN_IN_FILE));
    for (const path of files) {
      const text = readFileSync(path, 'latin1');
      for (const token of tokens) expect(text.includes(token), `a token in ${path}`).toBe(false);
    }
    const seen = `${test.logger.text()}${JSON.stringify(test.events.events)}`;
    for (const token of tokens) expect(seen.includes(token)).toBe(false);
  });

  it('a restarted host uses the saved sign-in: connected without signing in again', async () => {
    await test.stop();
    test = await start();
    await waitForConnected(test, ['remote']);
    expect((await invoke(test.host, 'servers:list', {}))[0]?.state?.signIn?.status).toBe('signed-in');
  });

  it('Sign out forgets the tokens and asks for sign-in again; removing the server forgets the rest', async () => {
    await invoke(test.host, 'servers:sign-out', { id: 'remote' });
    expect((await invoke(test.host, 'servers:list', {}))[0]?.state).toMatchObject({ status: 'needs-sign-in', signIn: { status: 'needed', reason: 'first-time' } });
    expect((storedSecrets('remote') as { tokens?: unknown } | undefined)?.tokens).toBeUndefined();
    await invoke(test.host, 'servers:remove', { id: 'remote' });
    expect(storedSecrets('remote')).toBeUndefined();
  });
});
