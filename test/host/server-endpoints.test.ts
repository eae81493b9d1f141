/**
 * A saved server keeps its transport, and tasks stay with the endpoint they were made on: an
 * edit that moves a server with tasks to another endpoint makes a new server, and the old tasks
 * are never asked about at the new endpoint. Real demo servers (stdio and HTTP, 2025-11-25 tasks),
 * with counting proxies in front of the HTTP one to see what each endpoint is sent.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskSummary } from '../../shared/ipc/contract.js';
import { defaultDemoServers } from '../../electron/demo-server/default-servers.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { hostsPerTest, invoke, invokeError, waitForConnected, type TestHost } from './host-harness.js';

/** Several poll intervals of the demo servers (500 ms): long enough for a wrongly followed task to be asked about. */
const POLLS_MS = 2_000;

const { host, folder, stop } = hostsPerTest();
let first: CountingProxy;
let second: CountingProxy;

beforeAll(async () => {
  const demo = await startDemoServer({ form: 'legacy', transport: 'http' });
  first = await startCountingProxy(demo.url!);
  second = await startCountingProxy(demo.url!);
}, 30_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await stopAllDemoServers();
});

/** The `tasks/get` requests a proxy forwarded. */
function taskGets(proxy: CountingProxy): unknown[] {
  return proxy.seen.filter((entry) => (entry.body as { method?: unknown } | undefined)?.method === 'tasks/get');
}

/** Starts a long demo build on `serverId` and waits until it is working there. */
async function startBuild(test: TestHost, serverId: string): Promise<TaskSummary> {
  const outcome = await invoke(test.host, 'tools:call', { serverId, name: 'build', arguments: { durationMs: 60_000 } });
  if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
  return outcome.task;
}

describe('a saved server keeps its transport', () => {
  it('a save that turns the stdio demo server into an HTTP one is refused, and its task is never sent to that URL', async () => {
    const legacy = defaultDemoServers().find((config) => config.id === 'demo-legacy')!;
    const test = await host({ defaultServers: [legacy] });
    await waitForConnected(test, ['demo-legacy']);
    const task = await startBuild(test, 'demo-legacy');

    const refused = await invokeError(test.host, 'servers:save', { server: { id: 'demo-legacy', name: 'Moved', transport: 'http', url: second.url } });
    expect(refused.message).toBe('"Demo (experimental tasks, 2025-11-25)" runs a command (stdio), and a saved server keeps its kind: add the HTTP address as a new server instead.');
    await delay(POLLS_MS);
    expect(second.seen).toEqual([]);
    const [server] = await invoke(test.host, 'servers:list', {});
    expect(server).toMatchObject({ id: 'demo-legacy', transport: 'stdio', name: 'Demo (experimental tasks, 2025-11-25)', state: { status: 'connected' } });
    expect(server).not.toHaveProperty('url');
    expect((await invoke(test.host, 'tasks:get', { localId: task.localId }))?.serverId).toBe('demo-legacy');
  });

  it('a save that turns an HTTP server into a command is refused too', async () => {
    const test = await host();
    const saved = await invoke(test.host, 'servers:save', { server: { name: 'Web', transport: 'http', url: first.url } });
    const refused = await invokeError(test.host, 'servers:save', { server: { id: saved.id, name: 'Web', transport: 'stdio', command: process.execPath, args: [] } });
    expect(refused.message).toBe('"Web" is an HTTP server, and a saved server keeps its kind: add the command as a new server instead.');
    expect(await invoke(test.host, 'servers:list', {})).toMatchObject([{ id: saved.id, transport: 'http', url: first.url }]);
  });
});

describe('an endpoint change of a server with tasks', () => {
  it('makes a new server; the old one keeps its tasks, disabled and marked, and they are never asked about at the new URL', async () => {
    const dir = folder();
    const test = await host({ dataDir: dir });
    const saved = await invoke(test.host, 'servers:save', { server: { name: 'Legacy', transport: 'http', url: first.url } });
    expect(saved.id).toBe('legacy');
    await waitForConnected(test, ['legacy']);
    const task = await startBuild(test, 'legacy');
    await test.events.waitFor(() => (taskGets(first).length > 0 ? true : undefined), 'the task to be polled at its endpoint');
    second.seen.length = 0;

    const moved = await invoke(test.host, 'servers:save', { server: { id: 'legacy', name: 'Legacy', transport: 'http', url: second.url } });
    expect(moved).toMatchObject({ id: 'legacy-2', url: second.url, disabled: false, origin: 'user' });
    expect(moved).not.toHaveProperty('replacedBy');
    await waitForConnected(test, ['legacy-2']);
    await delay(POLLS_MS);
    expect(taskGets(second)).toEqual([]);

    const servers = await invoke(test.host, 'servers:list', {});
    expect(servers.map(({ id, url, disabled, replacedBy }) => ({ id, url, disabled, replacedBy }))).toEqual([
      { id: 'legacy', url: first.url, disabled: true, replacedBy: 'legacy-2' },
      { id: 'legacy-2', url: second.url, disabled: false, replacedBy: undefined },
    ]);
    expect((await invoke(test.host, 'tasks:get', { localId: task.localId }))?.serverId).toBe('legacy');
    // A rename of the old entry leaves it what it is.
    const renamed = await invoke(test.host, 'servers:save', { server: { id: 'legacy', name: 'Legacy (old)', transport: 'http', url: first.url } });
    expect(renamed).toMatchObject({ id: 'legacy', disabled: true, replacedBy: 'legacy-2' });

    // The mark is remembered: after a restart the old tasks are still not followed at the new URL.
    await stop(test);
    second.seen.length = 0;
    const again = await host({ dataDir: dir });
    expect((await invoke(again.host, 'servers:list', {})).map(({ id, disabled, replacedBy }) => ({ id, disabled, replacedBy }))).toEqual([
      { id: 'legacy', disabled: true, replacedBy: 'legacy-2' },
      { id: 'legacy-2', disabled: false, replacedBy: undefined },
    ]);
    await waitForConnected(again, ['legacy-2']);
    await delay(POLLS_MS);
    expect(taskGets(second)).toEqual([]);
  });

  it('of a server without tasks changes it in place', async () => {
    const test = await host();
    const saved = await invoke(test.host, 'servers:save', { server: { name: 'Web', transport: 'http', url: first.url } });
    const moved = await invoke(test.host, 'servers:save', { server: { id: saved.id, name: 'Web', transport: 'http', url: second.url } });
    expect(moved).toMatchObject({ id: saved.id, url: second.url });
    expect(await invoke(test.host, 'servers:list', {})).toHaveLength(1);
  });
});

describe('server ids', () => {
  it('a new server never takes the id of a removed server whose tasks are still in the inbox', async () => {
    const test = await host();
    await invoke(test.host, 'servers:save', { server: { name: 'Legacy', transport: 'http', url: first.url } });
    await waitForConnected(test, ['legacy']);
    const task = await startBuild(test, 'legacy');
    await invoke(test.host, 'servers:remove', { id: 'legacy' });
    second.seen.length = 0;

    const added = await invoke(test.host, 'servers:save', { server: { name: 'Legacy', transport: 'http', url: second.url } });
    expect(added.id).toBe('legacy-2');
    await waitForConnected(test, ['legacy-2']);
    await delay(POLLS_MS);
    expect(taskGets(second)).toEqual([]);
    expect((await invoke(test.host, 'tasks:get', { localId: task.localId }))?.serverId).toBe('legacy');
  });

  it('are chosen by the host: an id from the page only names an existing server', async () => {
    const test = await host();
    const made = await invoke(test.host, 'servers:save', { server: { name: 'Web', transport: 'http', url: first.url } });
    expect(made.id).toBe('web');
    expect((await invokeError(test.host, 'servers:save', { server: { id: 'chosen-by-page', name: 'Web', transport: 'http', url: first.url } })).message).toBe('That server no longer exists.');
    expect((await invoke(test.host, 'servers:list', {})).map((server) => server.id)).toEqual(['web']);
    // An id in an imported text is the page's too: the host names the new server.
    const report = await invoke(test.host, 'servers:import', { json: JSON.stringify([{ id: 'chosen-by-page', name: 'Other', transport: 'http', url: second.url }]) });
    expect(report.imported.map((server) => server.id)).toEqual(['other']);
  });
});
