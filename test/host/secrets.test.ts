/**
 * HTTP header values are secrets (docs/security.md#secrets): they reach the server they belong to,
 * and nothing else — not servers.json in plain text, not the renderer (views, events), not the log.
 * A real HTTP endpoint records what the engine actually sends.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOnlySecretStore } from '../../electron/host/secret-stores.js';
import { encryptingSecretStore, invoke, startTestHost, tempDir, type TestHost } from './host-harness.js';

const SECRET = `Bearer sk-${randomBytes(16).toString('hex')}`;

/** An endpoint that records request headers and answers 401 (the engine keeps retrying, which is all we need). */
interface Recorder {
  url: string;
  seen: IncomingHttpHeaders[];
  close(): Promise<void>;
}

async function startRecorder(): Promise<Recorder> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.headers);
    request.resume();
    response.writeHead(401).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    seen,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** Waits until the recorder saw a request after `from` whose Authorization satisfies `check`. */
function waitForRequest(recorder: Recorder, from: number, check: (authorization: string | undefined) => boolean): Promise<true> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = (): void => {
      if (recorder.seen.slice(from).some((headers) => check(headers.authorization))) return resolve(true);
      if (Date.now() - started > 20_000) return reject(new Error('the endpoint never saw the expected request'));
      setTimeout(poll, 25);
    };
    poll();
  });
}

/** Everything a secret must never appear in. */
function leaks(test: TestHost): string {
  const files = readdirSync(test.dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
  return [...files, JSON.stringify(test.events.events), test.logger.text()].join('\n');
}

let recorder: Recorder;
const folders: (() => void)[] = [];
beforeAll(async () => {
  recorder = await startRecorder();
});
afterAll(async () => {
  await recorder.close();
  for (const cleanup of folders) cleanup();
});

function folder(): string {
  const temp = tempDir();
  folders.push(temp.cleanup);
  return temp.dir;
}

describe('header secrets in the desktop app', () => {
  it('are sent to their server, stored only encrypted, shown by name only, and survive a restart', async () => {
    const dir = folder();
    const key = randomBytes(32);
    const first = await startTestHost({ dataDir: dir, defaultServers: [], secretStore: encryptingSecretStore(key) });
    const from = recorder.seen.length;
    const saved = await invoke(first.host, 'servers:save', { server: { name: 'Web', transport: 'http', url: recorder.url, headers: { Authorization: SECRET } } });
    expect(saved).toMatchObject({ id: 'web', headerNames: ['Authorization'], approved: true });
    await waitForRequest(recorder, from, (authorization) => authorization === SECRET);
    expect(JSON.stringify(await invoke(first.host, 'servers:list', {}))).not.toContain(SECRET);
    await first.events.waitFor(() => first.events.of('servers:changed').length > 0 || undefined, 'a servers:changed event');
    await first.stop();
    expect(leaks(first)).not.toContain(SECRET);
    expect(readFileSync(join(dir, 'servers.json'), 'utf8')).toContain('protectedHeaders');

    const second = await startTestHost({ dataDir: dir, defaultServers: [], secretStore: encryptingSecretStore(key) });
    const again = recorder.seen.length;
    await waitForRequest(recorder, again, (authorization) => authorization === SECRET);

    // An edit that gives no headers keeps them on the same origin...
    const moved = await invoke(second.host, 'servers:save', { server: { id: 'web', name: 'Web', transport: 'http', url: `${recorder.url}?v=2` } });
    expect(moved.headerNames).toEqual(['Authorization']);
    const afterEdit = recorder.seen.length;
    await waitForRequest(recorder, afterEdit, (authorization) => authorization === SECRET);
    // ...but a secret never follows the server to another host unless entered again.
    const elsewhere = await invoke(second.host, 'servers:save', { server: { id: 'web', name: 'Web', transport: 'http', url: recorder.url.replace('127.0.0.1', 'localhost') } });
    expect(elsewhere.headerNames).toEqual([]);
    const afterMove = recorder.seen.length;
    await waitForRequest(recorder, afterMove, (authorization) => authorization === undefined);
    await second.stop();
    expect(leaks(second)).not.toContain(SECRET);
  });

  it('a value that can no longer be decrypted is reported by name, kept sealed, and not sent', async () => {
    const dir = folder();
    const first = await startTestHost({ dataDir: dir, defaultServers: [], secretStore: encryptingSecretStore(randomBytes(32)) });
    await invoke(first.host, 'servers:save', { server: { name: 'Web', transport: 'http', url: recorder.url, headers: { Authorization: SECRET } } });
    await first.stop();
    const sealed = readFileSync(join(dir, 'servers.json'), 'utf8');

    const reset = await startTestHost({ dataDir: dir, defaultServers: [], secretStore: encryptingSecretStore(randomBytes(32)) });
    expect(reset.host.info.storeProblems).toEqual([expect.stringMatching(/"Authorization" of the server "Web" could not be decrypted/)]);
    expect((await invoke(reset.host, 'servers:list', {}))[0]).toMatchObject({ headerNames: ['Authorization'] });
    const from = recorder.seen.length;
    await waitForRequest(recorder, from, (authorization) => authorization === undefined);
    await invoke(reset.host, 'servers:save', { server: { id: 'web', name: 'Web renamed', transport: 'http', url: recorder.url } });
    await reset.stop();
    const protectedValue = (text: string) => (JSON.parse(text) as { servers: { protectedHeaders?: Record<string, string> }[] }).servers[0]?.protectedHeaders;
    expect(protectedValue(readFileSync(join(dir, 'servers.json'), 'utf8'))).toEqual(protectedValue(sealed));
  });
});

describe('header secrets in browser mode', () => {
  it('from the operator or typed into the page, reach their server and are never written; the page\'s last for this session only', async () => {
    const dir = folder();
    const test = await startTestHost({
      dataDir: dir,
      mode: 'browser',
      secretStore: sessionOnlySecretStore,
      defaultServers: [],
      configuredServers: [{ config: { id: 'web', name: 'Web', transport: 'http', url: recorder.url, headers: { Authorization: SECRET } }, origin: 'config-file' }],
    });
    const from = recorder.seen.length;
    await waitForRequest(recorder, from, (authorization) => authorization === SECRET);
    expect((await invoke(test.host, 'servers:list', {}))[0]).toMatchObject({ headerNames: ['Authorization'], origin: 'config-file' });
    const typed = await invoke(test.host, 'servers:save', { server: { name: 'Other', transport: 'http', url: recorder.url, headers: { Authorization: SECRET } } });
    expect(typed).toMatchObject({ headerNames: ['Authorization'], sessionOnlyHeaderNames: ['Authorization'] });
    const sent = recorder.seen.length;
    await waitForRequest(recorder, sent, (authorization) => authorization === SECRET);
    await test.stop();
    expect(leaks(test)).not.toContain(SECRET);
  });
});
