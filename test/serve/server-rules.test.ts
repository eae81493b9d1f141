/**
 * What a page may do to the configured servers, over the real WebSocket of browser mode against
 * the real demo servers: it cannot re-point a server (the demo server's tasks are never sent to
 * an address the page names; moving an HTTP server with tasks makes a new one), cannot remove a stdio server it could never add back, and never
 * receives an environment value (the raw frames are searched for it).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventChannels, type ServerView, type TaskSummary } from '../../shared/ipc/contract.js';
import { BRIDGE_SOCKET_PATH, TOKEN_COOKIE } from '../../shared/ipc/socket-paths.js';
import { defaultDemoServers, demoServerCommand } from '../../electron/demo-server/default-servers.js';
import { startBrowserServer, type BrowserServer } from '../../electron/serve/browser-server.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { RecordingLogger } from '../host/host-harness.js';
import { BridgeClient, siteFixture } from './serve-fixture.js';

/** Several poll intervals of the demo servers (500 ms): long enough for a wrongly followed task to be asked about. */
const POLLS_MS = 2_000;
const API_KEY = `sk-${randomBytes(16).toString('hex')}`;

let server: BrowserServer;
let cleanup: () => void;
let socket: BridgeClient;
/** Every frame the host sent, as the text that crossed the socket. */
const rawFrames: string[] = [];
/** A plain HTTP listener standing for "the new endpoint": it only counts what reaches it. */
let listener: Server;
let listenerUrl: string;
let listenerHits = 0;
/** Two addresses of one real 2025-11-25 HTTP demo server, each counting what it is sent. */
let before: CountingProxy;
let after: CountingProxy;

beforeAll(async () => {
  listener = createServer((request, response) => {
    listenerHits += 1;
    request.resume();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`;

  const demo = await startDemoServer({ form: 'legacy', transport: 'http' });
  [before, after] = await Promise.all([startCountingProxy(demo.url!), startCountingProxy(demo.url!)]);

  const fixture = siteFixture();
  cleanup = fixture.cleanup;
  server = await startBrowserServer({
    dataDir: fixture.dataDir,
    staticRoot: fixture.root,
    defaultServers: defaultDemoServers(),
    logger: new RecordingLogger(),
    configuredServers: [
      { config: { id: 'keyed', name: 'Keyed', transport: 'stdio', ...demoServerCommand({ form: 'extension', transport: 'stdio' }), env: { API_KEY } }, origin: 'command-line' },
    ],
  });
  const origin = `http://127.0.0.1:${server.port}`;
  socket = await BridgeClient.open(`ws://127.0.0.1:${server.port}${BRIDGE_SOCKET_PATH}`, { cookie: `${TOKEN_COOKIE}=${server.token}`, origin });
  socket.ws.on('message', (data: Buffer) => rawFrames.push(data.toString('utf8')));
}, 60_000);

afterAll(async () => {
  socket?.close();
  await server?.close();
  cleanup?.();
  await new Promise((resolve) => listener?.close(resolve));
  await before?.close();
  await after?.close();
  await stopAllDemoServers();
});

async function servers(): Promise<ServerView[]> {
  const listed = await socket.invoke('servers:list', {});
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value as ServerView[];
}

async function waitForConnected(id: string): Promise<void> {
  const isConnected = (list: ServerView[]) => list.some((entry) => entry.id === id && entry.state?.status === 'connected');
  if (isConnected(await servers())) return;
  await socket.waitFor((frame) => frame.type === 'event' && frame.channel === 'servers:changed' && isConnected(eventChannels['servers:changed'].parse(frame.payload).servers) ? true : undefined);
}

describe('a page over the socket', () => {
  it('cannot re-point the 2025-11-25 demo server to an HTTP address: refused, and its task is never polled there', async () => {
    await waitForConnected('demo-legacy');
    const called = await socket.invoke('tools:call', { serverId: 'demo-legacy', name: 'build', arguments: { durationMs: 60_000 } });
    if (!called.ok) throw new Error(called.error.message);
    const { task } = called.value as { task: TaskSummary };

    const saved = await socket.invoke('servers:save', { server: { id: 'demo-legacy', name: 'Demo (experimental tasks, 2025-11-25)', transport: 'http', url: listenerUrl } });
    await delay(POLLS_MS);
    expect(listenerHits).toBe(0);
    expect(saved).toEqual({ ok: false, error: { message: expect.stringMatching(/runs a command \(stdio\), and a saved server keeps its kind/) } });
    expect((await servers()).find((entry) => entry.id === 'demo-legacy')).toMatchObject({ transport: 'stdio', state: { status: 'connected' } });
    const detail = await socket.invoke('tasks:get', { localId: task.localId });
    expect(detail).toMatchObject({ ok: true, value: { serverId: 'demo-legacy' } });
  });

  it('moving an HTTP server with a task to another URL makes a new server; the task is never polled at the new URL', async () => {
    const added = await socket.invoke('servers:save', { server: { name: 'Web', transport: 'http', url: before.url } });
    if (!added.ok) throw new Error(added.error.message);
    const { id } = added.value as ServerView;
    await waitForConnected(id);
    const called = await socket.invoke('tools:call', { serverId: id, name: 'build', arguments: { durationMs: 60_000 } });
    if (!called.ok) throw new Error(called.error.message);
    const { task } = called.value as { task: TaskSummary };

    const moved = await socket.invoke('servers:save', { server: { id, name: 'Web', transport: 'http', url: after.url } });
    if (!moved.ok) throw new Error(moved.error.message);
    const replacement = moved.value as ServerView;
    await waitForConnected(replacement.id);
    await delay(POLLS_MS);
    const taskGets = after.seen.filter((entry) => (entry.body as { method?: unknown } | undefined)?.method === 'tasks/get');
    expect(taskGets).toEqual([]);
    expect(replacement.id).not.toBe(id);
    expect((await servers()).find((entry) => entry.id === id)).toMatchObject({ url: before.url, disabled: true, replacedBy: replacement.id });
    expect(await socket.invoke('tasks:get', { localId: task.localId })).toMatchObject({ ok: true, value: { serverId: id } });
  });

  it('cannot remove a stdio server, which browser mode could never add back', async () => {
    const removed = await socket.invoke('servers:remove', { id: 'demo-extension' });
    expect(removed).toEqual({ ok: false, error: { message: expect.stringMatching(/runs a command, and browser mode could not add it back once removed/) } });
    expect((await servers()).map((entry) => entry.id)).toContain('demo-extension');
  });

  it('never receives an environment value: servers:list and every event carry the names only', async () => {
    await waitForConnected('keyed');
    const listed = await servers();
    expect(rawFrames.some((frame) => frame.includes('"servers:changed"'))).toBe(true);
    expect(rawFrames.some((frame) => frame.includes('API_KEY'))).toBe(true);
    expect(rawFrames.filter((frame) => frame.includes(API_KEY))).toEqual([]);
    expect(listed.find((entry) => entry.id === 'keyed')).toMatchObject({ envNames: ['API_KEY'] });
  });
});
