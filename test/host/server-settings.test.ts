/**
 * `servers:update-settings` on real hosts and real files: the folders shared with a server
 * (roots) and the mute of its notifications are checked and made file:// URIs in the host,
 * written to servers.json, kept through edits and restarts, outside the approval digest, and
 * allowed in browser mode — also for stdio servers the browser cannot edit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/server-config.js';
import { MAX_ROOTS } from '../../shared/server-config.js';
import type { PendingInput } from '../../shared/task-model.js';
import { checkAnswer, toPendingInputView } from '../../electron/host/input-views.js';
import { sessionOnlySecretStore } from '../../electron/host/secret-stores.js';
import { SERVER_FILE } from '../../electron/host/server-file.js';
import { invoke, invokeError, startTestHost, tempDir, type TestHost } from './host-harness.js';

/** A stdio server that exits at once: it is approved and "runs" without needing a real MCP server. */
const quiet = (id: string, name: string): StdioServerConfig => ({ id, name, transport: 'stdio', command: process.execPath, args: ['-e', ''] });

const running: TestHost[] = [];
const folders: (() => void)[] = [];
afterEach(async () => {
  for (const test of running.splice(0)) await test.stop();
  for (const cleanup of folders.splice(0)) cleanup();
});

function folder(): string {
  const temp = tempDir();
  folders.push(temp.cleanup);
  return temp.dir;
}

async function host(dir: string, options: Parameters<typeof startTestHost>[0] = {}): Promise<TestHost> {
  const test = await startTestHost({ dataDir: dir, defaultServers: [quiet('ours', 'Ours')], ...options });
  running.push(test);
  return test;
}

async function view(test: TestHost, id: string) {
  const found = (await invoke(test.host, 'servers:list', {})).find((server) => server.id === id);
  if (found === undefined) throw new Error(`no server ${id}`);
  return found;
}

function storedConfig(dir: string, id: string): Record<string, unknown> | undefined {
  const file = JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8')) as { servers: { config: Record<string, unknown> }[] };
  return file.servers.find((server) => server.config.id === id)?.config;
}

describe('server settings', () => {
  it('start empty, are saved as file:// URIs, survive a restart, and leave approval alone', async () => {
    const dir = folder();
    const first = await host(dir);
    const before = await view(first, 'ours');
    expect(before).toMatchObject({ roots: [], notificationsMuted: false, approved: true });

    const updated = await invoke(first.host, 'servers:update-settings', {
      id: 'ours',
      roots: [{ location: '/home/me/my project/../project/', name: ' Project ' }, { location: 'file:///srv/data' }],
      notificationsMuted: true,
    });
    expect(updated.roots).toEqual([{ uri: 'file:///home/me/project', name: 'Project' }, { uri: 'file:///srv/data' }]);
    expect(updated).toMatchObject({ notificationsMuted: true, approved: true, approvalDigest: before.approvalDigest, origin: 'default' });
    expect(storedConfig(dir, 'ours')).toMatchObject({ roots: updated.roots, notificationsMuted: true });

    // Mute alone leaves the roots; roots alone leave the mute.
    expect(await invoke(first.host, 'servers:update-settings', { id: 'ours', notificationsMuted: false })).toMatchObject({ roots: updated.roots, notificationsMuted: false });
    expect(await invoke(first.host, 'servers:update-settings', { id: 'ours', roots: [{ location: '/srv/data' }] })).toMatchObject({ roots: [{ uri: 'file:///srv/data' }], notificationsMuted: false });
    await first.stop();

    // The default is refreshed from the install at start, keeping the user's settings.
    const second = await host(dir);
    expect(await view(second, 'ours')).toMatchObject({ roots: [{ uri: 'file:///srv/data' }], notificationsMuted: false, approved: true, approvalDigest: before.approvalDigest });
    // An edit of the server keeps them too; an edit of what runs still asks for approval.
    const edited = await invoke(second.host, 'servers:save', { server: { id: 'ours', name: 'Ours', transport: 'stdio', command: process.execPath, args: ['-e', '1'] } });
    expect(edited).toMatchObject({ roots: [{ uri: 'file:///srv/data' }], approved: false });
    expect((await invoke(second.host, 'servers:update-settings', { id: 'ours', roots: [] })).roots).toEqual([]);
    expect(storedConfig(dir, 'ours')).not.toHaveProperty('roots');
  });

  it.each([
    ['a relative path', [{ location: 'projects/app' }], /"projects\/app" is not a full path/],
    ['a web address', [{ location: 'https://example.com/repo' }], /"https:\/\/example.com\/repo" is not a folder on this computer/],
    ['a file URI naming another computer', [{ location: 'file://fileserver/share' }], /not a file:\/\/ address of a folder on this computer/],
    ['a file URI with a query', [{ location: 'file:///srv/data?x=1' }], /not a file:\/\/ address of a folder on this computer/],
    ['control characters', [{ location: '/srv/\u0007data' }], /control characters/],
    ['a duplicate', [{ location: '/srv/data' }, { location: 'file:///srv/data/' }], /file:\/\/\/srv\/data is already shared with this server/],
    ['too many folders', Array.from({ length: MAX_ROOTS + 1 }, (_, index) => ({ location: `/srv/${index}` })), new RegExp(`at most ${MAX_ROOTS} folders`)],
  ])('refuses %s with a clear message and changes nothing', async (_case, roots, message) => {
    const dir = folder();
    const test = await host(dir);
    await invoke(test.host, 'servers:update-settings', { id: 'ours', roots: [{ location: '/kept' }] });
    expect((await invokeError(test.host, 'servers:update-settings', { id: 'ours', roots })).message).toMatch(message);
    expect((await view(test, 'ours')).roots).toEqual([{ uri: 'file:///kept' }]);
    expect(storedConfig(dir, 'ours')).toMatchObject({ roots: [{ uri: 'file:///kept' }] });
  });

  it('refuses an unknown server and a request that is not one', async () => {
    const test = await host(folder());
    expect((await invokeError(test.host, 'servers:update-settings', { id: 'nope', notificationsMuted: true })).message).toMatch(/no longer exists/);
    expect((await invokeError(test.host, 'servers:update-settings', { id: 'ours', notificationsMuted: 'yes' })).message).toMatch(/is not valid/);
  });

  it('is allowed in browser mode, for stdio servers too; an operator server keeps them for the session only', async () => {
    const dir = folder();
    const test = await host(dir, {
      mode: 'browser',
      secretStore: sessionOnlySecretStore,
      configuredServers: [{ config: quiet('given', 'Given'), origin: 'config-file' }],
    });
    const ours = await invoke(test.host, 'servers:update-settings', { id: 'ours', roots: [{ location: '/srv/data' }], notificationsMuted: true });
    expect(ours).toMatchObject({ transport: 'stdio', roots: [{ uri: 'file:///srv/data' }], notificationsMuted: true, approved: true });
    expect(storedConfig(dir, 'ours')).toMatchObject({ roots: [{ uri: 'file:///srv/data' }] });

    const given = await invoke(test.host, 'servers:update-settings', { id: 'given', roots: [{ location: '/srv/given' }] });
    expect(given).toMatchObject({ origin: 'config-file', roots: [{ uri: 'file:///srv/given' }], approved: true });
    expect(storedConfig(dir, 'given')).toBeUndefined();
    await test.stop();

    const again = await host(dir, { mode: 'browser', secretStore: sessionOnlySecretStore, configuredServers: [{ config: quiet('given', 'Given'), origin: 'config-file' }] });
    expect(await view(again, 'given')).toMatchObject({ roots: [] });
    expect(await view(again, 'ours')).toMatchObject({ roots: [{ uri: 'file:///srv/data' }], notificationsMuted: true });
  });
});

describe('roots questions (pure)', () => {
  const roots = [{ uri: 'file:///srv/data', name: 'Data' }];
  const servers = [{ id: 's', name: 'S', transport: 'http' as const, approved: true, disabled: false, approvalDigest: 'sha256:x', origin: 'user' as const, roots, notificationsMuted: false }];
  const question: PendingInput = { localId: 't', serverId: 's', key: 'k', request: { method: 'roots/list', params: {} }, receivedAt: 1 };

  it('shows exactly the roots configured for the asking server, and none for another', () => {
    expect(toPendingInputView(question, servers)).toMatchObject({ kind: 'roots', roots });
    expect(toPendingInputView({ ...question, serverId: 'other' }, servers)).toMatchObject({ kind: 'roots', roots: [] });
  });

  it('accepts only that list as the answer', () => {
    expect(checkAnswer(question, { roots }, servers)).toEqual({ roots });
    expect(() => checkAnswer(question, { roots: [] }, servers)).toThrow(/only with the roots configured/);
    expect(() => checkAnswer(question, { roots: [...roots, { uri: 'file:///' }] }, servers)).toThrow(/only with the roots configured/);
  });
});
