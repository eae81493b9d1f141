/**
 * The browser-mode server over real HTTP and WebSocket connections (docs/security.md#browser-mode):
 * token on every request and the upgrade, Host and Origin checks, static files that never leave
 * their root, and the contract over the socket against the real demo servers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventChannels, type EventChannel, type ServerView, type TaskSummary } from '../../shared/ipc/contract.js';
import { MAX_FRAME_BYTES } from '../../shared/ipc/socket-protocol.js';
import { BRIDGE_SOCKET_PATH, TOKEN_COOKIE } from '../../shared/ipc/socket-paths.js';
import { defaultDemoServers } from '../../electron/demo-server/default-servers.js';
import { startBrowserServer, type BrowserServer } from '../../electron/serve/browser-server.js';
import { RecordingLogger } from '../host/host-harness.js';
import { BridgeClient, INDEX_HTML, OUTSIDE_MARKER, send, siteFixture } from './serve-fixture.js';

let server: BrowserServer;
let cleanup: () => void;
let cookie: string;
let origin: string;
let bridgeUrl: string;
const logger = new RecordingLogger();
const sockets: BridgeClient[] = [];

beforeAll(async () => {
  const fixture = siteFixture();
  cleanup = fixture.cleanup;
  server = await startBrowserServer({ dataDir: fixture.dataDir, staticRoot: fixture.root, defaultServers: defaultDemoServers(), logger });
  cookie = `${TOKEN_COOKIE}=${server.token}`;
  origin = `http://127.0.0.1:${server.port}`;
  bridgeUrl = `ws://127.0.0.1:${server.port}${BRIDGE_SOCKET_PATH}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
  await expect(send(server.port, '/')).rejects.toThrow(/ECONNREFUSED/);
  cleanup();
});

async function open(headers: Record<string, string> = { cookie, origin }): Promise<BridgeClient> {
  const socket = await BridgeClient.open(bridgeUrl, headers);
  sockets.push(socket);
  return socket;
}

describe('startBrowserServer', () => {
  it('listens on 127.0.0.1 only, with a 32-byte base64url token in the address', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('HTTP access', () => {
  it('refuses a request without the token with 401, and tells where the address is', async () => {
    const answer = await send(server.port, '/');
    expect(answer.status).toBe(401);
    expect(answer.body).toMatch(/npm run serve/);
    expect(answer.body).not.toContain(INDEX_HTML);
  });

  it.each([
    ['a wrong token in the address', '/?token=wrong', {}],
    ['a token of the right length but wrong', `/?token=${'A'.repeat(43)}`, {}],
    ['a wrong cookie', '/', { cookie: `${TOKEN_COOKIE}=${'B'.repeat(43)}` }],
    ['the token under another cookie name', '/', { cookie: 'other=x' }],
  ])('refuses %s with 401', async (_case, path, headers: Record<string, string>) => {
    const answer = await send(server.port, path, headers);
    expect(answer.status).toBe(401);
    expect(answer.body).not.toContain(INDEX_HTML);
  });

  it('the first load with the token sets an HttpOnly, SameSite=Strict cookie and redirects without the token', async () => {
    const answer = await send(server.port, `/?token=${server.token}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/');
    expect(answer.headers['set-cookie']).toEqual([`${TOKEN_COOKIE}=${server.token}; HttpOnly; SameSite=Strict; Path=/`]);
  });

  it('the page then loads with the cookie, with CSP and hardening headers', async () => {
    const answer = await send(server.port, '/', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(INDEX_HTML);
    expect(answer.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws://127.0.0.1:${server.port} ws://localhost:${server.port}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
  });

  it.each([
    ['/tasks/abc?token=TOKEN&view=full', '/tasks/abc?view=full'],
    ['//evil.example/path?token=TOKEN', '/'],
    ['/\\evil.example?token=TOKEN', '/'],
  ])('redirects %s to %s (never off the site)', async (path, location) => {
    const answer = await send(server.port, path.replace('TOKEN', server.token));
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(location);
  });

  it.each([
    ['a foreign name', 'evil.example'],
    ['a rebound name with our port', 'attacker.example:PORT'],
    ['our address with another port', '127.0.0.1:1'],
    ['no port', '127.0.0.1'],
  ])('refuses a Host of %s with 403, even with the cookie', async (_case, host) => {
    const answer = await send(server.port, '/', { host: host.replace('PORT', String(server.port)), cookie });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain(INDEX_HTML);
  });

  it('answers to localhost too', async () => {
    const answer = await send(server.port, '/', { host: `localhost:${server.port}`, cookie, origin: `http://localhost:${server.port}` });
    expect(answer.status).toBe(200);
  });

  it.each([['http://evil.example'], ['null'], [`https://127.0.0.1:PORT`], [`http://127.0.0.1:1`]])('refuses Origin %s with 403, even with the cookie', async (value) => {
    const answer = await send(server.port, '/', { origin: value.replace('PORT', String(server.port)), cookie });
    expect(answer.status).toBe(403);
  });

  it('serves only GET and HEAD', async () => {
    expect((await send(server.port, '/', { cookie, origin }, 'POST')).status).toBe(405);
    const head = await send(server.port, '/assets/app.js', { cookie }, 'HEAD');
    expect(head).toMatchObject({ status: 200, body: '', headers: { 'content-length': '19', 'content-type': 'text/javascript; charset=utf-8' } });
  });
});

describe('static files', () => {
  it.each([
    ['/assets/app.js', 'text/javascript; charset=utf-8', 'console.log("app");'],
    ['/assets/app.css', 'text/css; charset=utf-8', 'body { margin: 0; }'],
    ['/index.html', 'text/html; charset=utf-8', INDEX_HTML],
    ['/tasks/123', 'text/html; charset=utf-8', INDEX_HTML],
    ['/assets', 'text/html; charset=utf-8', INDEX_HTML],
  ])('%s → %s', async (path, type, body) => {
    const answer = await send(server.port, path, { cookie });
    expect(answer).toMatchObject({ status: 200, body, headers: { 'content-type': type } });
  });

  it('an unknown asset is 404, not the page', async () => {
    expect((await send(server.port, '/assets/missing.js', { cookie })).status).toBe(404);
  });

  it.each([
    ['/../package.json', 403],
    ['/%2e%2e/package.json', 403],
    ['/%2E%2E/package.json', 403],
    ['/..%2fpackage.json', 403],
    ['/%2e%2e%2fpackage.json', 403],
    ['/assets/..%2f..%2fpackage.json', 403],
    ['/assets/%2e%2e/%2e%2e/secret.txt', 403],
    ['/..\\package.json', 403],
    ['/..%5cpackage.json', 403],
    ['/assets/leak.txt', 403],
    ['/%00/../secret.txt', 403],
    ['/index.html%00.js', 403],
    ['/%zz', 400],
    ['package.json', 400],
  ])('never serves a file outside the root: %s → %i', async (path, status) => {
    const answer = await send(server.port, path, { cookie });
    expect(answer.status).toBe(status);
    expect(answer.body).not.toContain(OUTSIDE_MARKER);
  });

  it.each(['//etc/passwd', '/etc/passwd', '/%2Fetc%2Fpasswd'])('an absolute path %s stays inside the root', async (path) => {
    const answer = await send(server.port, path, { cookie });
    expect(answer.body).not.toMatch(/root:/);
  });
});

describe('WebSocket upgrade', () => {
  it.each<[string, () => Record<string, string>, number]>([
    ['no token', () => ({ origin }), 401],
    ['a wrong cookie', () => ({ origin, cookie: `${TOKEN_COOKIE}=nope` }), 401],
    ['no Origin', () => ({ cookie }), 403],
    ['a foreign Origin', () => ({ cookie, origin: 'http://evil.example' }), 403],
    ['a foreign Host', () => ({ cookie, origin, host: 'evil.example' }), 403],
  ])('is refused with %s', async (_case, headers, status) => {
    await expect(BridgeClient.open(bridgeUrl, headers())).rejects.toThrow(`refused with ${status}`);
  });

  it('is refused on any other path', async () => {
    await expect(BridgeClient.open(`ws://127.0.0.1:${server.port}/other`, { cookie, origin })).rejects.toThrow('refused with 404');
  });
});

describe('the bridge socket', () => {
  it('answers app:info', async () => {
    const socket = await open();
    expect(await socket.invoke('app:info', {})).toEqual({ ok: true, value: expect.objectContaining({ mode: 'browser', canEditStdio: false, secretProtection: 'unavailable' }) });
  });

  it('a tools:call of the demo build streams tasks:updated events until it completes', async () => {
    const socket = await open();
    const isConnected = (servers: ServerView[]) => servers.some((entry) => entry.id === 'demo-extension' && entry.state?.status === 'connected');
    const listed = await socket.invoke('servers:list', {});
    if (!(listed.ok && isConnected(listed.value as ServerView[]))) {
      // Frames are kept from the moment the socket opened, so a change after the list is not missed.
      await socket.waitFor((frame) => frame.type === 'event' && frame.channel === 'servers:changed'
        && isConnected(eventChannels['servers:changed'].parse(frame.payload).servers) ? true : undefined);
    }
    const called = await socket.invoke('tools:call', { serverId: 'demo-extension', name: 'build', arguments: { durationMs: 400 } });
    if (!called.ok) throw new Error(called.error.message);
    const { task } = called.value as { task: TaskSummary };
    const completed = await socket.waitFor((frame) => {
      if (frame.type !== 'event' || frame.channel !== 'tasks:updated') return undefined;
      const { tasks } = eventChannels['tasks:updated'].parse(frame.payload);
      return tasks.find((update) => update.localId === task.localId && update.snapshot?.status === 'completed');
    });
    expect(completed).not.toHaveProperty('arguments');
    for (const frame of socket.frames) {
      if (frame.type === 'event') expect(eventChannels[frame.channel as EventChannel].safeParse(frame.payload).success).toBe(true);
    }
  });

  it('refuses stdio commands from the page', async () => {
    const socket = await open();
    const result = await socket.invoke('servers:save', { server: { name: 'x', transport: 'stdio', command: 'sh', args: ['-c', 'touch /tmp/pwned'] } });
    expect(result).toEqual({ ok: false, error: { message: expect.stringMatching(/Commands cannot be added/) } });
  });

  it('answers invalid requests that name an id with an error result', async () => {
    const socket = await open();
    expect(await socket.invoke('tasks:explode', {})).toEqual({ ok: false, error: { message: 'Unknown request.' } });
    socket.ws.send(JSON.stringify({ type: 'invoke', id: 41, channel: 123 }));
    socket.ws.send(JSON.stringify({ type: 'result', id: 42, result: { ok: true, value: 1 } }));
    for (const id of [41, 42]) {
      expect(await socket.waitFor((frame) => (frame.type === 'result' && frame.id === id ? frame.result : undefined))).toEqual({ ok: false, error: { message: 'The request frame is not valid.' } });
    }
  });

  it.each<[string, (socket: BridgeClient) => void, number]>([
    ['text that is not JSON', (socket) => socket.ws.send('{"type":"invoke",'), 1008],
    ['JSON without an id', (socket) => socket.ws.send('[1,2,3]'), 1008],
    ['a binary frame', (socket) => socket.ws.send(Buffer.from([1, 2, 3])), 1003],
    ['a frame over MAX_FRAME_BYTES', (socket) => socket.ws.send('x'.repeat(MAX_FRAME_BYTES + 1)), 1009],
  ])('closes a socket that sends %s; the server lives on', async (_case, sendGarbage, code) => {
    const socket = await open();
    sendGarbage(socket);
    expect((await socket.closed).code).toBe(code);
    const fresh = await open();
    expect((await fresh.invoke('app:info', {})).ok).toBe(true);
  });

  it('takes a burst of garbage from many sockets without failing', async () => {
    const noisy = await Promise.all(Array.from({ length: 10 }, () => open()));
    for (const socket of noisy) for (let index = 0; index < 50; index += 1) socket.ws.send(JSON.stringify({ type: 'invoke', id: index, channel: 'app:info', request: index % 2 === 0 ? {} : 'bad' }));
    await Promise.all(noisy.map((socket) => socket.waitFor((frame) => (frame.type === 'result' && frame.id === 49 ? true : undefined))));
    expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
