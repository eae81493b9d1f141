/**
 * docs/security.md#browser-mode at the host: in browser mode the page cannot add, change or approve
 * commands, and header values it hands in last for the session only; commands come from the
 * operator (config file, command line), who approved them by naming them, and live for the session
 * only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/server-config.js';
import { sessionOnlySecretStore } from '../../electron/host/secret-stores.js';
import { SERVER_FILE } from '../../electron/host/server-file.js';
import { invoke, invokeError, startTestHost, tempDir, type TestHost } from './host-harness.js';

const MARKER_SCRIPT = "require('node:fs').writeFileSync(process.argv[1], 'ran')";
const GRACE_MS = 500;

const { dir, cleanup } = tempDir();
let test: TestHost;
const marker = (name: string) => join(dir, `${name}.ran`);
const command = (name: string) => ({ transport: 'stdio' as const, command: process.execPath, args: ['-e', MARKER_SCRIPT, marker(name)] });

beforeAll(async () => {
  const ours: StdioServerConfig = { id: 'ours', name: 'Ours', ...command('ours') };
  const stored: StdioServerConfig = { id: 'shared-id', name: 'Stored', ...command('stored') };
  // A first session (desktop app) leaves a stored server; the operator then gives one with the same id.
  const desktop = await startTestHost({ dataDir: dir, defaultServers: [ours, stored] });
  await desktop.stop();
  test = await startTestHost({
    dataDir: dir,
    mode: 'browser',
    secretStore: sessionOnlySecretStore,
    defaultServers: [ours, stored],
    configuredServers: [
      { config: { id: 'given', name: 'Given', ...command('given') }, origin: 'config-file' },
      { config: { id: 'shared-id', name: 'Operator', ...command('operator') }, origin: 'command-line' },
    ],
  });
});

afterAll(async () => {
  await test.stop();
  cleanup();
});

describe('browser mode', () => {
  it('tells the UI it cannot edit commands or keep secrets', () => {
    expect(test.host.info).toMatchObject({ mode: 'browser', canEditStdio: false, secretProtection: 'unavailable' });
  });

  it('runs the operator servers (approved by naming them) and the stored approved ones', async () => {
    const servers = await invoke(test.host, 'servers:list', {});
    expect(servers.map(({ id, name, origin, approved }) => ({ id, name, origin, approved }))).toEqual([
      { id: 'given', name: 'Given', origin: 'config-file', approved: true },
      { id: 'shared-id', name: 'Operator', origin: 'command-line', approved: true },
      { id: 'ours', name: 'Ours', origin: 'default', approved: true },
    ]);
    for (const name of ['given', 'operator']) {
      await test.events.waitFor(() => existsSync(marker(name)) || undefined, `${name} to be spawned`);
    }
  });

  it.each([
    ['a new stdio server', { name: 'New', ...command('new') }],
    ['a changed command of a stored server', { id: 'ours', name: 'Ours', ...command('changed') }],
  ])('refuses %s', async (_case, server) => {
    expect((await invokeError(test.host, 'servers:save', { server })).message).toMatch(/Commands cannot be added or changed from the browser/);
    await delay(GRACE_MS);
    expect(existsSync(marker('new'))).toBe(false);
    expect(existsSync(marker('changed'))).toBe(false);
  });

  it('allows renaming a stored stdio server (nothing that runs changes)', async () => {
    expect(await invoke(test.host, 'servers:save', { server: { id: 'ours', name: 'Ours (renamed)', ...command('ours') } })).toMatchObject({ approved: true, origin: 'user' });
  });

  it('refuses approvals', async () => {
    const ours = (await invoke(test.host, 'servers:list', {})).find((server) => server.id === 'ours')!;
    expect((await invokeError(test.host, 'servers:approve', { id: 'ours', approvalDigest: ours.approvalDigest })).message).toMatch(/only be approved in the desktop app/);
  });

  it('takes header values for this session only: the view says so, and servers.json never holds them', async () => {
    const withHeaders = { name: 'Web', transport: 'http' as const, url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer session-only-value' } };
    expect(await invoke(test.host, 'servers:save', { server: withHeaders })).toMatchObject({ id: 'web', headerNames: ['Authorization'], sessionOnlyHeaderNames: ['Authorization'] });
    const file = readFileSync(join(dir, SERVER_FILE), 'utf8');
    expect(file).toContain('"web"');
    expect(file).not.toContain('session-only-value');
    // An operator's header values come back at every launch: they are not the page's to keep.
    expect((await invoke(test.host, 'servers:list', {})).find((server) => server.id === 'given')).not.toHaveProperty('sessionOnlyHeaderNames');
  });

  it('imports only what it may take, saying why for the rest', async () => {
    const json = JSON.stringify({ mcpServers: {
      Tool: { command: process.execPath, args: ['-e', MARKER_SCRIPT, marker('imported')] },
      Secret: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer x' } },
      Plain: { url: 'http://127.0.0.1:9/mcp' },
    } });
    const report = await invoke(test.host, 'servers:import', { json });
    expect(report.imported.map(({ id, sessionOnlyHeaderNames }) => ({ id, sessionOnlyHeaderNames }))).toEqual([
      { id: 'secret', sessionOnlyHeaderNames: ['Authorization'] },
      { id: 'plain', sessionOnlyHeaderNames: undefined },
    ]);
    expect(report.skipped).toEqual([{ name: 'Tool', reason: expect.stringMatching(/Commands cannot be added/) }]);
  });

  it('operator servers cannot be changed or removed from the page', async () => {
    expect((await invokeError(test.host, 'servers:save', { server: { id: 'given', name: 'Renamed', ...command('given') } })).message).toMatch(/comes from the config file/);
    expect((await invokeError(test.host, 'servers:remove', { id: 'shared-id' })).message).toMatch(/comes from the command line/);
  });

  it('cannot remove a stdio server, which it could never add back; it may disable and enable it', async () => {
    expect((await invokeError(test.host, 'servers:remove', { id: 'ours' })).message).toBe(
      '"Ours (renamed)" runs a command, and browser mode could not add it back once removed: Disable it instead, or remove it in the desktop app.',
    );
    expect((await invoke(test.host, 'servers:list', {})).map((server) => server.id)).toContain('ours');
    expect(await invoke(test.host, 'servers:set-enabled', { id: 'ours', enabled: false })).toMatchObject({ disabled: true });
    expect(await invoke(test.host, 'servers:set-enabled', { id: 'ours', enabled: true })).toMatchObject({ disabled: false });
  });

  it('cannot turn a stdio server into an HTTP one', async () => {
    const error = await invokeError(test.host, 'servers:save', { server: { id: 'ours', name: 'Ours (renamed)', transport: 'http', url: 'http://127.0.0.1:9/mcp' } });
    expect(error.message).toMatch(/runs a command \(stdio\), and a saved server keeps its kind/);
    expect((await invoke(test.host, 'servers:list', {})).find((server) => server.id === 'ours')).toMatchObject({ transport: 'stdio', approved: true });
  });

  it('servers.json never holds operator servers, and keeps the stored server they hide', () => {
    const stored = JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8')) as { servers: { config: { id: string; name: string } }[] };
    expect(stored.servers.map(({ config }) => [config.id, config.name])).toEqual([['ours', 'Ours (renamed)'], ['shared-id', 'Stored'], ['web', 'Web'], ['secret', 'Secret'], ['plain', 'Plain']]);
    expect(existsSync(marker('stored'))).toBe(true);
  });
});
