/**
 * Who may talk to browser mode (docs/security.md#browser-mode), checked against the running host
 * with raw HTTP and WebSocket clients (a browser would not send a foreign Host): a missing or wrong
 * token is 401, a foreign Origin on the WebSocket upgrade is 403, a foreign Host is 403. Each
 * refusal has a control that the same request with the right credentials gets through.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_SOCKET_PATH, TOKEN_COOKIE } from '../../shared/ipc/socket-paths.js';
import { send } from '../serve/serve-fixture.js';
import { startAppProcess, type AppProcess } from './app-process.js';
import { snapshotUi } from './session.js';

/** The HTTP status the host answers a WebSocket upgrade with (101 when it accepts). */
function upgradeStatus(url: string, headers: Record<string, string>, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, ...(origin !== undefined ? { origin } : {}) });
    ws.on('upgrade', (response) => {
      resolve(response.statusCode ?? 0);
      ws.close();
    });
    ws.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
    });
    ws.on('error', (error) => reject(error));
  });
}

describe('browser mode access checks', () => {
  let dataDir: string;
  let app: AppProcess;
  let cookie: string;
  let socketUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mtm-e2e-'));
    app = await startAppProcess(join(dataDir, 'data'), ['--ui', snapshotUi(dataDir)]);
    cookie = `${TOKEN_COOKIE}=${app.token}`;
    socketUrl = `ws://127.0.0.1:${app.port}${BRIDGE_SOCKET_PATH}`;
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets the tokenized address in: a redirect that sets the cookie, then the page', async () => {
    const first = await send(app.port, `/?token=${app.token}`);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/');
    expect(String(first.headers['set-cookie'])).toContain(`${TOKEN_COOKIE}=${app.token}`);
    const page = await send(app.port, '/', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('refuses a missing token with 401', async () => {
    const answer = await send(app.port, '/');
    expect(answer.status).toBe(401);
    expect(answer.body).not.toContain('<script');
    expect(await upgradeStatus(socketUrl, {}, app.origin)).toBe(401);
  });

  it('refuses a wrong token with 401 (in the query and in the cookie)', async () => {
    const wrong = `${app.token.slice(0, -1)}${app.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await send(app.port, `/?token=${wrong}`)).status).toBe(401);
    expect((await send(app.port, '/', { cookie: `${TOKEN_COOKIE}=${wrong}` })).status).toBe(401);
    expect((await send(app.port, '/?token=')).status).toBe(401);
    expect(await upgradeStatus(`${socketUrl}?token=${wrong}`, {}, app.origin)).toBe(401);
  });

  it('refuses a WebSocket upgrade from a foreign Origin with 403, and one without Origin', async () => {
    // Control: the same upgrade from our own origin is accepted.
    expect(await upgradeStatus(socketUrl, { cookie }, app.origin)).toBe(101);
    expect(await upgradeStatus(socketUrl, { cookie }, 'http://evil.example')).toBe(403);
    expect(await upgradeStatus(socketUrl, { cookie }, `http://127.0.0.1:${app.port + 1}`)).toBe(403);
    expect(await upgradeStatus(socketUrl, { cookie }, 'null')).toBe(403);
    expect(await upgradeStatus(socketUrl, { cookie })).toBe(403);
  });

  it('refuses a foreign Host with 403, even with the right token (DNS rebinding)', async () => {
    expect((await send(app.port, '/', { cookie, host: `localhost:${app.port}` })).status).toBe(200);
    expect((await send(app.port, '/', { cookie, host: `evil.example:${app.port}` })).status).toBe(403);
    expect((await send(app.port, `/?token=${app.token}`, { host: 'evil.example' })).status).toBe(403);
    expect((await send(app.port, '/', { cookie, host: `127.0.0.1:${app.port + 1}` })).status).toBe(403);
    expect(await upgradeStatus(socketUrl, { cookie, host: `evil.example:${app.port}` }, app.origin)).toBe(403);
  });
});
