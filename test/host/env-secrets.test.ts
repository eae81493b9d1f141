/**
 * A stdio server's environment values are secrets (docs/security.md#secrets): an imported
 * `GITHUB_TOKEN` never reaches servers.json in plain text, and a server whose saved values cannot
 * be read back does not run with a silently different environment
 * (docs/security.md#running-servers-stdio-is-code-execution). The "servers" are real processes that
 * write the token they were given to a marker file, outside the data folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KEEP_SAVED_VALUE } from '../../shared/ipc/contract.js';
import type { StdioServerConfig } from '../../shared/server-config.js';
import { sessionOnlySecretStore } from '../../electron/host/secret-stores.js';
import { approvalDigest } from '../../electron/host/server-entry.js';
import { SERVER_FILE } from '../../electron/host/server-file.js';
import { encryptingSecretStore, hostsPerTest, invoke, invokeError } from './host-harness.js';

const TOKEN = `ghp_${randomBytes(16).toString('hex')}`;
/** Writes the GITHUB_TOKEN it was given to the path in its argument. */
const TOKEN_SCRIPT = "require('node:fs').writeFileSync(process.argv[1], String(process.env.GITHUB_TOKEN))";
/** How long a refused server is given to (wrongly) start: the engine spawns within milliseconds. */
const GRACE_MS = 500;

const { folder, host, stop } = hostsPerTest();

/** Everything under the data folder, as text. */
function dataText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

function storedEnv(dir: string): unknown[] {
  return (JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8')) as { servers: { protectedEnv?: unknown }[] }).servers.map((server) => server.protectedEnv);
}

async function waitForToken(marker: string, timeoutMs = 15_000): Promise<string> {
  for (const started = Date.now(); !existsSync(marker); await delay(50)) {
    if (Date.now() - started > timeoutMs) throw new Error(`${marker} never appeared`);
  }
  return readFileSync(marker, 'utf8');
}

/** A server given the token, as an earlier version wrote it: env values in plain text, approved. */
function writePlainFile(dir: string, config: StdioServerConfig): void {
  writeFileSync(join(dir, SERVER_FILE), JSON.stringify({ schemaVersion: 1, servers: [{ config, origin: 'import', approvedDigest: approvalDigest(config) }] }));
}

function tokenServer(markers: string, id = 'github'): StdioServerConfig {
  return { id, name: 'GitHub', transport: 'stdio', command: process.execPath, args: ['-e', TOKEN_SCRIPT, join(markers, `${id}.token`)], env: { GITHUB_TOKEN: TOKEN } };
}

describe('environment secrets in the desktop app', () => {
  it('an added or imported server keeps its values only encrypted, runs with them, and still does after a restart', async () => {
    const dir = folder();
    const markers = folder();
    const key = randomBytes(32);
    const first = await host({ dataDir: dir, secretStore: encryptingSecretStore(key) });
    const { id: _id, ...input } = tokenServer(markers);
    const saved = await invoke(first.host, 'servers:save', { server: input });
    // The approval view names the variables; their values never leave the host.
    expect(saved).toMatchObject({ approved: false, envNames: ['GITHUB_TOKEN'] });
    expect(JSON.stringify(saved)).not.toContain(TOKEN);
    expect(saved).not.toHaveProperty('lostEnvNames');
    expect(dataText(dir)).not.toContain(TOKEN);
    await invoke(first.host, 'servers:approve', { id: saved.id, approvalDigest: saved.approvalDigest });
    expect(await waitForToken(join(markers, 'github.token'))).toBe(TOKEN);

    const claude = { mcpServers: { 'GitHub two': { command: process.execPath, args: ['-e', TOKEN_SCRIPT, join(markers, 'two.token')], env: { GITHUB_TOKEN: TOKEN } } } };
    const report = await invoke(first.host, 'servers:import', { json: JSON.stringify(claude) });
    expect(report.imported).toMatchObject([{ approved: false, envNames: ['GITHUB_TOKEN'] }]);
    expect(JSON.stringify(report)).not.toContain(TOKEN);
    expect(dataText(dir)).not.toContain(TOKEN);
    expect(storedEnv(dir)).toEqual([{ GITHUB_TOKEN: expect.any(String) }, { GITHUB_TOKEN: expect.any(String) }]);
    await stop(first);
    expect(first.logger.text()).not.toContain(TOKEN);

    rmSync(join(markers, 'github.token'));
    const second = await host({ dataDir: dir, secretStore: encryptingSecretStore(key) });
    expect(second.host.info.storeProblems).toEqual([]);
    expect(await invoke(second.host, 'servers:list', {})).toMatchObject([
      { id: 'github', approved: true, envNames: ['GITHUB_TOKEN'] },
      { id: 'github-two', approved: false, envNames: ['GITHUB_TOKEN'] },
    ]);
    expect(await waitForToken(join(markers, 'github.token'))).toBe(TOKEN);

    // An edit of the environment needs a new approval.
    const edited = await invoke(second.host, 'servers:save', { server: { ...input, id: 'github', env: { GITHUB_TOKEN: `${TOKEN}-new` } } });
    expect(edited.approved).toBe(false);
    expect(dataText(dir)).not.toContain(TOKEN);
  });

  it('values that can no longer be decrypted are named, block the run and the approval, and are written back until entered again', async () => {
    const dir = folder();
    const markers = folder();
    const key = randomBytes(32);
    const config = tokenServer(markers);
    const marker = join(markers, 'github.token');
    writePlainFile(dir, config);
    const first = await host({ dataDir: dir, secretStore: encryptingSecretStore(key) });
    expect(await waitForToken(marker)).toBe(TOKEN);
    await stop(first);
    const sealed = storedEnv(dir);
    rmSync(marker);

    const reset = await host({ dataDir: dir, secretStore: encryptingSecretStore(randomBytes(32)) });
    expect(reset.host.info.storeProblems).toEqual([
      'The server "GitHub" lost saved environment values: "GITHUB_TOKEN" could not be decrypted (was the system keychain reset?). It does not run until they are entered again (Edit the server).',
    ]);
    const [shown] = await invoke(reset.host, 'servers:list', {});
    expect(shown).toMatchObject({ approved: false, lostEnvNames: ['GITHUB_TOKEN'] });
    expect(shown).not.toHaveProperty('env');
    expect(shown?.state).toBeUndefined();
    expect((await invokeError(reset.host, 'servers:approve', { id: 'github', approvalDigest: shown!.approvalDigest })).message).toBe(
      '"GitHub" lost the saved values of "GITHUB_TOKEN": enter them again (Edit) before approving it.',
    );
    expect((await invokeError(reset.host, 'tools:list', { serverId: 'github' })).message).toMatch(/has not been approved/);
    // A rename changes nothing that runs: the sealed value stays, as it was.
    const { env: _env, id: _id, ...command } = config;
    const renamed = await invoke(reset.host, 'servers:save', { server: { ...command, id: 'github', name: 'GitHub renamed' } });
    expect(renamed).toMatchObject({ approved: false, lostEnvNames: ['GITHUB_TOKEN'] });
    expect(storedEnv(dir)).toEqual(sealed);
    await delay(GRACE_MS);
    expect(existsSync(marker)).toBe(false);

    // Entered again as it was, the environment is exactly the approved one again: it runs.
    const again = await invoke(reset.host, 'servers:save', { server: { ...command, id: 'github', name: 'GitHub', env: { GITHUB_TOKEN: TOKEN } } });
    expect(again).toMatchObject({ approved: true, envNames: ['GITHUB_TOKEN'] });
    expect(again).not.toHaveProperty('lostEnvNames');
    expect(await waitForToken(marker)).toBe(TOKEN);
    expect(storedEnv(dir)).not.toEqual(sealed);
    expect(dataText(dir)).not.toContain(TOKEN);
  });

  it('a file of an earlier version with plain values is rewritten at once, and the approved server still runs', async () => {
    const dir = folder();
    const markers = folder();
    writePlainFile(dir, tokenServer(markers));
    const test = await host({ dataDir: dir });
    expect(test.host.info.storeProblems).toEqual([]);
    expect(dataText(dir)).not.toContain(TOKEN);
    expect(storedEnv(dir)).toEqual([{ GITHUB_TOKEN: expect.any(String) }]);
    expect(await waitForToken(join(markers, 'github.token'))).toBe(TOKEN);
  });

  it('without a keychain, environment values are refused as header values are', async () => {
    const test = await host({ dataDir: folder(), secretStore: sessionOnlySecretStore });
    const { id: _id, ...input } = tokenServer(folder());
    expect((await invokeError(test.host, 'servers:save', { server: input })).message).toMatch(/Environment values cannot be kept safely/);
    const { env: _env, ...withoutEnv } = input;
    expect(await invoke(test.host, 'servers:save', { server: withoutEnv })).toMatchObject({ approved: false });
  });
});

describe('environment values never leave the host', () => {
  /** Writes both variables it was given, as JSON, to the path in its argument. */
  const BOTH_SCRIPT = "require('node:fs').writeFileSync(process.argv[1], JSON.stringify([process.env.GITHUB_TOKEN, process.env.LOG_LEVEL]))";
  const LEVEL = `level-${randomBytes(8).toString('hex')}`;

  it('the renderer gets names only (answers, imports, events); a save keeps a value it does not carry and replaces one it does', async () => {
    const test = await host({ dataDir: folder() });
    const markers = folder();
    const run = (name: string) => ({ name: 'GitHub', transport: 'stdio' as const, command: process.execPath, args: ['-e', BOTH_SCRIPT, join(markers, name)] });
    const approve = async (view: { id: string; approvalDigest: string }) => invoke(test.host, 'servers:approve', { id: view.id, approvalDigest: view.approvalDigest });
    const ranWith = async (name: string) => JSON.parse(await waitForToken(join(markers, name))) as unknown;

    const saved = await invoke(test.host, 'servers:save', { server: { ...run('first'), env: { GITHUB_TOKEN: TOKEN, LOG_LEVEL: LEVEL } } });
    expect(saved).toMatchObject({ id: 'github', envNames: ['GITHUB_TOKEN', 'LOG_LEVEL'] });
    await approve(saved);
    expect(await ranWith('first')).toEqual([TOKEN, LEVEL]);

    // A rename that keeps every value (the marker) changes nothing that runs: still approved.
    const renamed = await invoke(test.host, 'servers:save', { server: { ...run('first'), id: 'github', name: 'GitHub (work)', env: { GITHUB_TOKEN: KEEP_SAVED_VALUE, LOG_LEVEL: KEEP_SAVED_VALUE } } });
    expect(renamed).toMatchObject({ name: 'GitHub (work)', approved: true, envNames: ['GITHUB_TOKEN', 'LOG_LEVEL'] });
    // Through an edit of what runs, too: it then needs approval, and runs with the saved values.
    const moved = await invoke(test.host, 'servers:save', { server: { ...run('second'), id: 'github', env: { GITHUB_TOKEN: KEEP_SAVED_VALUE, LOG_LEVEL: KEEP_SAVED_VALUE } } });
    expect(moved).toMatchObject({ approved: false, envNames: ['GITHUB_TOKEN', 'LOG_LEVEL'] });
    await approve(moved);
    expect(await ranWith('second')).toEqual([TOKEN, LEVEL]);
    // "Replace value": a new value for one name, the marker for the other.
    const replaced = await invoke(test.host, 'servers:save', { server: { ...run('third'), id: 'github', env: { GITHUB_TOKEN: `${TOKEN}-new`, LOG_LEVEL: KEEP_SAVED_VALUE } } });
    expect(replaced.approved).toBe(false);
    await approve(replaced);
    expect(await ranWith('third')).toEqual([`${TOKEN}-new`, LEVEL]);
    // A name left out is removed; a marker for a name with no saved value is refused, naming it.
    expect((await invokeError(test.host, 'servers:save', { server: { ...run('third'), id: 'github', env: { NEW_KEY: KEEP_SAVED_VALUE } } })).message).toBe(
      'The variable "NEW_KEY" has no saved value to keep: enter its value, or remove it.',
    );
    expect(await invoke(test.host, 'servers:save', { server: { ...run('third'), id: 'github', env: { LOG_LEVEL: KEEP_SAVED_VALUE } } })).toMatchObject({ envNames: ['LOG_LEVEL'] });

    const claude = { mcpServers: { Other: { command: process.execPath, args: ['-e', BOTH_SCRIPT, join(markers, 'other')], env: { GITHUB_TOKEN: TOKEN } } } };
    const report = await invoke(test.host, 'servers:import', { json: JSON.stringify(claude) });
    expect(report.imported).toMatchObject([{ envNames: ['GITHUB_TOKEN'] }]);
    const marked = { mcpServers: { Marked: { command: process.execPath, args: [], env: { GITHUB_TOKEN: null } } } };
    expect((await invoke(test.host, 'servers:import', { json: JSON.stringify(marked) })).skipped).toEqual([{ name: 'Marked', reason: 'Each environment value must be a string.' }]);

    const crossed = JSON.stringify([await invoke(test.host, 'servers:list', {}), report, test.events.events]);
    expect(test.events.of('servers:changed').length).toBeGreaterThan(0);
    expect(crossed).not.toContain(TOKEN);
    expect(crossed).not.toContain(LEVEL);
    expect(test.logger.text()).not.toContain(TOKEN);
  });
});

describe('environment secrets in browser mode', () => {
  it('plain values of an earlier version leave the file at once, live for this session only, and are reported lost afterwards', async () => {
    const dir = folder();
    const markers = folder();
    const marker = join(markers, 'github.token');
    writePlainFile(dir, tokenServer(markers));
    const browser = { dataDir: dir, mode: 'browser' as const, secretStore: sessionOnlySecretStore };
    const first = await host(browser);
    expect(first.host.info.storeProblems).toEqual([expect.stringMatching(/"GitHub" were saved in plain text .* kept for this session only/)]);
    expect(dataText(dir)).not.toContain(TOKEN);
    expect(storedEnv(dir)).toEqual([{ GITHUB_TOKEN: null }]);
    expect(await waitForToken(marker)).toBe(TOKEN);
    await stop(first);
    rmSync(marker);

    const second = await host(browser);
    expect(second.host.info.storeProblems).toEqual([
      'The server "GitHub" lost saved environment values: "GITHUB_TOKEN" was not saved, because there was no safe place to store it (browser mode, or no system keychain). It does not run here: give it to npm run serve with --config or --server, or enter the values again in the desktop app.',
    ]);
    expect((await invoke(second.host, 'servers:list', {}))[0]).toMatchObject({ approved: false, lostEnvNames: ['GITHUB_TOKEN'] });
    await delay(GRACE_MS);
    expect(existsSync(marker)).toBe(false);
  });

  it('values the desktop app encrypted cannot be read, block the run, and are kept for the desktop app', async () => {
    const dir = folder();
    const markers = folder();
    const marker = join(markers, 'github.token');
    const key = randomBytes(32);
    writePlainFile(dir, tokenServer(markers));
    const desktop = await host({ dataDir: dir, secretStore: encryptingSecretStore(key) });
    await waitForToken(marker);
    await stop(desktop);
    const sealed = storedEnv(dir);
    rmSync(marker);

    const browser = await host({ dataDir: dir, mode: 'browser', secretStore: sessionOnlySecretStore });
    expect(browser.host.info.storeProblems).toEqual([expect.stringContaining('"GITHUB_TOKEN" cannot be read in browser mode. It does not run here')]);
    expect((await invoke(browser.host, 'servers:list', {}))[0]).toMatchObject({ approved: false, lostEnvNames: ['GITHUB_TOKEN'] });
    // Settings may change in browser mode; the sealed value is written back as it was.
    await invoke(browser.host, 'servers:update-settings', { id: 'github', notificationsMuted: true });
    expect(storedEnv(dir)).toEqual(sealed);
    await delay(GRACE_MS);
    expect(existsSync(marker)).toBe(false);
    await stop(browser);

    const back = await host({ dataDir: dir, secretStore: encryptingSecretStore(key) });
    expect((await invoke(back.host, 'servers:list', {}))[0]).toMatchObject({ approved: true, notificationsMuted: true, envNames: ['GITHUB_TOKEN'] });
    expect(await waitForToken(marker)).toBe(TOKEN);
  });
});
