/**
 * docs/security.md#running-servers-stdio-is-code-execution on a real host and real processes: a
 * stdio server is spawned only while its approval digest is current. The stdio "servers" here leave
 * a marker file when they are spawned, so "never spawned" is checked on the process level, not on
 * our own bookkeeping.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ServerInput } from '../../shared/ipc/contract.js';
import type { StdioServerConfig } from '../../shared/server-config.js';
import { SERVER_FILE } from '../../electron/host/server-file.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { invoke, invokeError, startTestHost, tempDir, waitForConnected, type TestHost } from './host-harness.js';

/** Writes the path given as its argument, then exits: enough to tell whether it was ever spawned. */
const MARKER_SCRIPT = "require('node:fs').writeFileSync(process.argv[1], 'ran')";
/** How long a refused server is given to (wrongly) start; the engine spawns within milliseconds. */
const GRACE_MS = 500;

const running: TestHost[] = [];
const folders: (() => void)[] = [];
afterEach(async () => {
  for (const test of running.splice(0)) await test.stop();
  for (const cleanup of folders.splice(0)) cleanup();
});
afterAll(stopAllDemoServers);

function folder(): string {
  const temp = tempDir();
  folders.push(temp.cleanup);
  return temp.dir;
}

async function host(dir: string, defaultServers: StdioServerConfig[] = []): Promise<TestHost> {
  const test = await startTestHost({ dataDir: dir, defaultServers });
  running.push(test);
  return test;
}

function markerServer(dir: string, name: string): { input: Extract<ServerInput, { transport: 'stdio' }>; marker: string } {
  const marker = join(dir, `${name.replaceAll(' ', '-')}.ran`);
  return { input: { name, transport: 'stdio', command: process.execPath, args: ['-e', MARKER_SCRIPT, marker] }, marker };
}

async function waitForFile(path: string, timeoutMs = 15_000): Promise<void> {
  for (const started = Date.now(); !existsSync(path); await delay(50)) {
    if (Date.now() - started > timeoutMs) throw new Error(`${path} never appeared`);
  }
}

async function view(test: TestHost, id: string) {
  return (await invoke(test.host, 'servers:list', {})).find((server) => server.id === id);
}

describe('approval', () => {
  it('an unapproved stdio server is never spawned; approval must name the digest the user saw', async () => {
    const dir = folder();
    const test = await host(dir);
    const { input, marker } = markerServer(dir, 'Local tool');
    const saved = await invoke(test.host, 'servers:save', { server: input });
    expect(saved).toMatchObject({ id: 'local-tool', approved: false, origin: 'user', command: process.execPath, args: input.args });
    expect(saved.state).toBeUndefined();
    expect((await invokeError(test.host, 'tools:list', { serverId: saved.id })).message).toMatch(/has not been approved/);
    expect((await invokeError(test.host, 'tools:call', { serverId: saved.id, name: 'x', arguments: {} })).message).toMatch(/has not been approved/);

    const stale = `sha256:${'0'.repeat(64)}`;
    expect((await invokeError(test.host, 'servers:approve', { id: saved.id, approvalDigest: stale })).message).toMatch(/changed since it was shown/);
    await delay(GRACE_MS);
    expect(existsSync(marker)).toBe(false);
    expect((await view(test, saved.id))?.state).toBeUndefined();

    const approved = await invoke(test.host, 'servers:approve', { id: saved.id, approvalDigest: saved.approvalDigest });
    expect(approved).toMatchObject({ approved: true, state: { id: saved.id } });
    await waitForFile(marker);
    await test.events.waitFor(
      () => test.events.of('servers:changed').some(({ servers }) => servers.some((server) => server.id === saved.id && server.approved)) || undefined,
      'servers:changed with the approval',
    );
  });

  it('an edit of what runs clears approval and stops the server; a rename keeps it; changing back does not restore it', async () => {
    const dir = folder();
    const test = await host(dir);
    const { input } = markerServer(dir, 'Tool');
    const saved = await invoke(test.host, 'servers:save', { server: input });
    await invoke(test.host, 'servers:approve', { id: saved.id, approvalDigest: saved.approvalDigest });

    const renamed = await invoke(test.host, 'servers:save', { server: { ...input, id: saved.id, name: 'Tool (renamed)' } });
    expect(renamed).toMatchObject({ name: 'Tool (renamed)', approved: true, approvalDigest: saved.approvalDigest, state: expect.anything() });

    for (const change of [{ args: [...input.args, '--more'] }, { env: { EXTRA: '1' } }, { cwd: dir }, { command: '/bin/sh' }]) {
      const edited = await invoke(test.host, 'servers:save', { server: { ...input, ...change, id: saved.id } });
      expect(edited.approved).toBe(false);
      expect(edited.approvalDigest).not.toBe(saved.approvalDigest);
      expect((await view(test, saved.id))?.state).toBeUndefined();
    }
    const back = await invoke(test.host, 'servers:save', { server: { ...input, id: saved.id } });
    expect(back).toMatchObject({ approved: false, approvalDigest: saved.approvalDigest });
    expect((await invokeError(test.host, 'servers:save', { server: { ...input, id: 'no-such-id' } })).message).toMatch(/no longer exists/);
  });

  it('approvals survive a restart; a command changed in servers.json behind our back does not run', async () => {
    const dir = folder();
    const first = await host(dir);
    const { input, marker } = markerServer(dir, 'Tool');
    const saved = await invoke(first.host, 'servers:save', { server: input });
    await invoke(first.host, 'servers:approve', { id: saved.id, approvalDigest: saved.approvalDigest });
    await first.stop();

    const second = await host(dir);
    expect(await view(second, saved.id)).toMatchObject({ approved: true, state: expect.anything() });
    await second.stop();

    const file = join(dir, SERVER_FILE);
    const { input: other, marker: otherMarker } = markerServer(dir, 'Other');
    writeFileSync(file, readFileSync(file, 'utf8').replace(JSON.stringify(marker), JSON.stringify(otherMarker)));
    const third = await host(dir);
    expect(third.host.info.storeProblems).toEqual([]);
    expect(await view(third, saved.id)).toMatchObject({ approved: false, args: other.args });
    await delay(GRACE_MS);
    expect(existsSync(otherMarker)).toBe(false);
  });
});

describe('import', () => {
  it('imports arrive unapproved, HTTP ones connect at once; ids are stable and unique; repeats are skipped', async () => {
    const dir = folder();
    const test = await host(dir);
    const remote = await startDemoServer({ form: 'extension', transport: 'http' });
    const { input, marker } = markerServer(dir, 'Local tool');
    const json = JSON.stringify({ mcpServers: { 'Local tool': { command: input.command, args: input.args }, Remote: { url: remote.url } } });

    const report = await invoke(test.host, 'servers:import', { json });
    expect(report.skipped).toEqual([]);
    expect(report.imported.map(({ id, approved, origin }) => ({ id, approved, origin }))).toEqual([
      { id: 'local-tool', approved: false, origin: 'import' },
      { id: 'remote', approved: true, origin: 'import' },
    ]);
    await waitForConnected(test, ['remote']);
    expect(existsSync(marker)).toBe(false);

    const again = await invoke(test.host, 'servers:import', { json });
    expect(again).toEqual({ imported: [], skipped: [
      { name: 'Local tool', reason: 'Already configured (as "local-tool").' },
      { name: 'Remote', reason: 'Already configured (as "remote").' },
    ] });
    const sameName = await invoke(test.host, 'servers:import', { json: JSON.stringify({ mcpServers: { 'Local tool': { command: 'other' } } }) });
    expect(sameName.imported.map((server) => server.id)).toEqual(['local-tool-2']);
    expect((await invokeError(test.host, 'servers:import', { json: '{"nothing": 1}' })).message).toMatch(/No servers found/);

    const stored = JSON.parse(readFileSync(join(dir, SERVER_FILE), 'utf8')) as { servers: { config: { id: string }; origin: string; approvedDigest?: string }[] };
    expect(stored.servers.map(({ config, origin, approvedDigest }) => [config.id, origin, approvedDigest])).toEqual([
      ['local-tool', 'import', undefined],
      ['remote', 'import', undefined],
      ['local-tool-2', 'import', undefined],
    ]);

    await invoke(test.host, 'servers:remove', { id: 'remote' });
    expect(await view(test, 'remote')).toBeUndefined();
    expect((await invokeError(test.host, 'tools:list', { serverId: 'remote' })).message).toMatch(/not configured/);
    await invoke(test.host, 'servers:remove', { id: 'remote' });
  });
});

describe('defaults', () => {
  it('are seeded once, pre-approved, follow the install, and stay removed once removed', async () => {
    const dir = folder();
    const defaults = (marker: string): StdioServerConfig[] => [{ id: 'ours', name: 'Ours', transport: 'stdio', command: process.execPath, args: ['-e', MARKER_SCRIPT, marker] }];
    const [firstMarker, movedMarker] = [join(dir, 'first.ran'), join(dir, 'moved.ran')];

    const first = await host(dir, defaults(firstMarker));
    expect(await view(first, 'ours')).toMatchObject({ origin: 'default', approved: true });
    expect(existsSync(join(dir, SERVER_FILE))).toBe(true);
    await waitForFile(firstMarker);
    await first.stop();

    const moved = await host(dir, defaults(movedMarker));
    const refreshed = await view(moved, 'ours');
    expect(refreshed).toMatchObject({ origin: 'default', approved: true, args: ['-e', MARKER_SCRIPT, movedMarker] });
    await waitForFile(movedMarker);
    const unchanged = await invoke(moved.host, 'servers:save', { server: { id: 'ours', name: 'Ours', transport: 'stdio', command: process.execPath, args: ['-e', MARKER_SCRIPT, movedMarker], env: undefined } });
    expect(unchanged).toMatchObject({ origin: 'default', approved: true });
    const renamed = await invoke(moved.host, 'servers:save', { server: { id: 'ours', name: 'Mine now', transport: 'stdio', command: process.execPath, args: ['-e', MARKER_SCRIPT, movedMarker] } });
    expect(renamed).toMatchObject({ origin: 'user', approved: true });
    await invoke(moved.host, 'servers:remove', { id: 'ours' });
    await moved.stop();

    const after = await host(dir, defaults(firstMarker));
    expect(await invoke(after.host, 'servers:list', {})).toEqual([]);
  });
});
