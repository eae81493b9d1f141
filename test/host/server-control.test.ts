/**
 * `servers:retry` and `servers:set-enabled` on real hosts, real files and real processes:
 * Disable stops a server and keeps it configured (its tasks stay in the inbox, unwatched), is
 * written to servers.json and survives a restart; Enable runs it again; Retry now starts a
 * stdio server again that stopped after failing to start too often. Both are allowed in
 * browser mode: they never run anything that was not approved.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FAILED_STARTS, type StdioServerConfig } from '../../shared/server-config.js';
import { demoServerCommand } from '../helpers/demo-server-process.js';
import { sessionOnlySecretStore } from '../../electron/host/secret-stores.js';
import { SERVER_FILE } from '../../electron/host/server-file.js';
import { hostsPerTest, invoke, invokeError, waitForConnected, type TestHost } from './host-harness.js';

const hosts = hostsPerTest();

const demo: StdioServerConfig = { id: 'demo', name: 'Demo', transport: 'stdio', ...demoServerCommand({ form: 'extension', transport: 'stdio' }) };

/** A stdio server that cannot start: it says why on stderr and exits with 3, leaving a line in `log` each time it starts. */
const broken = (id: string, log: string): StdioServerConfig => ({
  id,
  name: 'Broken',
  transport: 'stdio',
  command: process.execPath,
  args: ['-e', "require('node:fs').appendFileSync(process.argv[1], 'x\\n'); console.error('Error: no config file found'); process.exit(3)", log],
});
const starts = (log: string) => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);

async function view(test: TestHost, id: string) {
  const found = (await invoke(test.host, 'servers:list', {})).find((server) => server.id === id);
  if (found === undefined) throw new Error(`no server ${id}`);
  return found;
}

function stored(dir: string, id: string): Record<string, unknown> | undefined {
  const file = JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8')) as { servers: (Record<string, unknown> & { config: { id: string } })[] };
  return file.servers.find((server) => server.config.id === id);
}

/** Waits until server `id` stopped being started (status `failed`). */
function waitForStopped(test: TestHost, id: string) {
  return test.events.waitFor(async () => {
    const server = await view(test, id);
    return server.state?.status === 'failed' ? server : undefined;
  }, `${id} to stop being started`);
}

describe('Disable and Enable', () => {
  it('Disable stops the server and keeps it and its tasks; it stays disabled after a restart; Enable runs it again', async () => {
    const dir = hosts.folder();
    const first = await hosts.host({ dataDir: dir, defaultServers: [demo] });
    await waitForConnected(first, ['demo']);
    const outcome = await invoke(first.host, 'tools:call', { serverId: 'demo', name: 'sleep', arguments: { durationMs: 600_000 } });
    expect(outcome.kind).toBe('task');

    const disabled = await invoke(first.host, 'servers:set-enabled', { id: 'demo', enabled: false });
    expect(disabled).toMatchObject({ id: 'demo', disabled: true, approved: true });
    expect(disabled.state).toBeUndefined();
    expect(stored(dir, 'demo')).toMatchObject({ disabled: true });
    expect((await invoke(first.host, 'tasks:list', {})).map((task) => task.serverId)).toEqual(['demo']);
    expect((await invokeError(first.host, 'tools:list', { serverId: 'demo' })).message).toMatch(/"Demo" is disabled: enable it first/);
    expect((await invokeError(first.host, 'servers:retry', { id: 'demo' })).message).toMatch(/is disabled/);
    // An edit that changes nothing that runs keeps it disabled.
    expect(await invoke(first.host, 'servers:save', { server: { id: 'demo', name: 'Demo (renamed)', transport: 'stdio', command: demo.command, args: demo.args, ...(demo.cwd !== undefined ? { cwd: demo.cwd } : {}) } })).toMatchObject({ disabled: true, approved: true });
    await hosts.stop(first);

    const second = await hosts.host({ dataDir: dir, defaultServers: [demo] });
    const after = await view(second, 'demo');
    expect(after).toMatchObject({ disabled: true, approved: true });
    expect(after.state).toBeUndefined();
    expect((await invoke(second.host, 'tasks:list', {})).map((task) => task.serverId)).toEqual(['demo']);

    expect(await invoke(second.host, 'servers:set-enabled', { id: 'demo', enabled: true })).toMatchObject({ disabled: false });
    await waitForConnected(second, ['demo']);
    expect(stored(dir, 'demo')).not.toHaveProperty('disabled');
  });

  it('refuses unknown servers and malformed requests', async () => {
    const test = await hosts.host({ defaultServers: [] });
    expect((await invokeError(test.host, 'servers:set-enabled', { id: 'nope', enabled: false })).message).toMatch(/no longer exists/);
    expect((await invokeError(test.host, 'servers:retry', { id: 'nope' })).message).toMatch(/not configured/);
    expect((await invokeError(test.host, 'servers:set-enabled', { id: 'x', enabled: 'no' })).message).toMatch(/servers:set-enabled is not valid/);
    expect((await invokeError(test.host, 'servers:retry', { id: '' })).message).toMatch(/servers:retry is not valid/);
  });
});

describe('in browser mode', () => {
  it(`Retry now starts again a stdio server that stopped after ${MAX_FAILED_STARTS} failed starts`, async () => {
    const dir = hosts.folder();
    const log = join(dir, 'starts.log');
    const test = await hosts.host({
      dataDir: dir,
      mode: 'browser',
      secretStore: sessionOnlySecretStore,
      configuredServers: [{ config: broken('broken', log), origin: 'config-file' }],
      // The shortest backoff, so the failed starts come quickly.
      ports: { random: () => 0 },
    });
    const stopped = await waitForStopped(test, 'broken');
    expect(stopped.state).toMatchObject({ status: 'failed', failedStarts: MAX_FAILED_STARTS, exit: { code: 3, stderr: ['Error: no config file found'] } });
    expect(starts(log)).toBe(MAX_FAILED_STARTS);

    const retried = await invoke(test.host, 'servers:retry', { id: 'broken' });
    expect(retried.id).toBe('broken');
    await test.events.waitFor(() => (starts(log) > MAX_FAILED_STARTS ? true : undefined), 'the server to start again');
  });

  it('Disable and Enable are allowed, for stdio servers too; an operator\'s server stays disabled for this session only', async () => {
    const dir = hosts.folder();
    const desktop = await hosts.host({ dataDir: dir, defaultServers: [demo] });
    await hosts.stop(desktop);
    const log = join(dir, 'starts.log');
    const options = { dataDir: dir, mode: 'browser' as const, secretStore: sessionOnlySecretStore, defaultServers: [demo], configuredServers: [{ config: broken('given', log), origin: 'config-file' as const }] };
    const browser = await hosts.host(options);
    await waitForConnected(browser, ['demo']);

    expect(await invoke(browser.host, 'servers:set-enabled', { id: 'demo', enabled: false })).toMatchObject({ disabled: true });
    expect(stored(dir, 'demo')).toMatchObject({ disabled: true });
    expect(await invoke(browser.host, 'servers:set-enabled', { id: 'given', enabled: false })).toMatchObject({ disabled: true });
    expect(stored(dir, 'given')).toBeUndefined();
    await hosts.stop(browser);

    const again = await hosts.host(options);
    expect(await view(again, 'demo')).toMatchObject({ disabled: true });
    expect(await view(again, 'given')).toMatchObject({ disabled: false });
  });
});
