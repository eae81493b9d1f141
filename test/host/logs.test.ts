/**
 * The console, protocol-log, exchange and export channels on a real host with real servers: an
 * HTTP demo server given a secret header value, and a stdio demo server given a secret
 * environment value that it writes to its own stderr at start. After a task on each, every
 * channel answers (checked against the contract), the logs really hold the traffic, and neither
 * secret crosses to the renderer — in no answer and no event — nor lands in any file of the data
 * folder. Bad requests are refused before the engine sees them; `logs:appended` names the
 * server and the tasks whose exchange changed; the log level is a setting saved in servers.json.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { isTaskFinished } from '../../shared/task-model.js';
import { SERVER_FILE } from '../../electron/host/server-file.js';
import { demoServerCommand, startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { invoke, invokeError, startTestHost, tempDir, waitForConnected, type TestHost } from './host-harness.js';

const HEADER_SECRET = `hdr-${randomBytes(12).toString('hex')}`;
const ENV_SECRET = `env-${randomBytes(12).toString('hex')}`;

/** Every file under `dir`, as bytes decoded loosely (a secret in any encoding of UTF-8 text shows). */
function everyFileText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');
}

describe('log channels on a real host', () => {
  const folders: (() => void)[] = [];
  let test: TestHost;
  const taskIds: Record<string, string> = {};

  beforeAll(async () => {
    const http = await startDemoServer({ form: 'legacy', transport: 'http' });
    const scratch = tempDir('mtm-leak-');
    folders.push(scratch.cleanup);
    // Runs before the demo server in the same process: the server's stderr carries the secret.
    const leak = join(scratch.dir, 'leak.mjs');
    writeFileSync(leak, "process.stderr.write(`starting with API_KEY=${process.env.API_KEY}\\n`);\n");
    const stdio = demoServerCommand({ form: 'extension', transport: 'stdio' });
    const servers: ServerConfig[] = [
      { id: 'web', name: 'Web', transport: 'http', url: http.url!, headers: { 'X-Api-Key': HEADER_SECRET } },
      { id: 'local', name: 'Local', transport: 'stdio', ...stdio, args: ['--import', leak, ...stdio.args], env: { API_KEY: ENV_SECRET } },
    ];
    const data = tempDir();
    folders.push(data.cleanup);
    test = await startTestHost({ dataDir: data.dir, defaultServers: servers });
    await waitForConnected(test, ['web', 'local']);
    for (const serverId of ['web', 'local']) {
      const outcome = await invoke(test.host, 'tools:call', { serverId, name: 'build', arguments: { durationMs: 300 } });
      if (outcome.kind !== 'task') throw new Error(`expected a task on ${serverId}, got ${outcome.kind}`);
      const id = outcome.task.localId;
      taskIds[serverId] = id;
      await test.events.waitFor(async () => {
        const task = await invoke(test.host, 'tasks:get', { localId: id });
        return task !== null && isTaskFinished(task) ? true : undefined;
      }, `the build on ${serverId} to finish`);
    }
  }, 60_000);

  afterAll(async () => {
    await test?.stop();
    await stopAllDemoServers();
    for (const cleanup of folders) cleanup();
  });

  it('answers with the traffic: the tools/call out, its answer back with a duration, HTTP facts on the HTTP server', async () => {
    const web = await invoke(test.host, 'logs:protocol', { serverId: 'web' });
    const call = web.find((entry) => entry.direction === 'sent' && entry.method === 'tools/call');
    expect(call).toMatchObject({ kind: 'request' });
    // The task's polls are its own (the tools/call itself is tied to the task once calls carry the task's local id as progressToken).
    expect(web.some((entry) => entry.method === 'tasks/get' && entry.localId === taskIds.web)).toBe(true);
    const answer = web.find((entry) => entry.direction === 'received' && entry.kind === 'response' && entry.id === call?.id);
    expect(answer?.durationMs).toBeGreaterThanOrEqual(0);
    expect(answer?.http?.status).toBe(200);
    // Paging: after the first entry, exactly the rest.
    const after = await invoke(test.host, 'logs:protocol', { serverId: 'web', afterSeq: web[0]!.seq });
    expect(after.map((entry) => entry.seq)).toEqual(web.slice(1).map((entry) => entry.seq));
    expect(await invoke(test.host, 'logs:protocol', { serverId: 'web', limit: 1 })).toHaveLength(1);

    const exchange = await invoke(test.host, 'tasks:exchange', { localId: taskIds.local! });
    expect(exchange.length).toBeGreaterThan(0);
    expect(exchange.every((line) => line.count >= 1 && typeof line.method === 'string')).toBe(true);
    // The extension server pushes its task's status: the exchange reads it step by step.
    expect(exchange.some((line) => line.method === 'notifications/tasks' && /Step \d\/5/.test(line.summary ?? ''))).toBe(true);
    const consoleLines = await invoke(test.host, 'logs:console', { serverId: 'local' });
    expect(consoleLines.some((entry) => entry.source === 'stderr' && entry.text.startsWith('starting with API_KEY='))).toBe(true);
    expect(consoleLines.some((entry) => entry.source === 'connection')).toBe(true);
    expect(await invoke(test.host, 'logs:console', { serverId: 'local', search: 'STARTING WITH' })).toHaveLength(1);

    const exported = await invoke(test.host, 'tasks:export', { localId: taskIds.web! });
    expect(JSON.parse(exported!)).toMatchObject({ task: { localId: taskIds.web }, exchange: expect.arrayContaining([expect.objectContaining({ method: 'tasks/get' })]) });
    expect(await invoke(test.host, 'tasks:export', { localId: 'no-such-task' })).toBeNull();
    const lines = (await invoke(test.host, 'logs:export', { serverId: 'web' })).trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string });
    expect(new Set(lines.map((line) => line.type))).toEqual(new Set(['console', 'protocol']));
  });

  it('never lets a configured secret cross: no answer, no event, no file of the data folder', async () => {
    const answers: unknown[] = [];
    for (const serverId of ['web', 'local']) {
      answers.push(
        await invoke(test.host, 'logs:console', { serverId }),
        await invoke(test.host, 'logs:protocol', { serverId }),
        await invoke(test.host, 'logs:export', { serverId }),
        await invoke(test.host, 'tasks:exchange', { localId: taskIds[serverId]! }),
        await invoke(test.host, 'tasks:export', { localId: taskIds[serverId]! }),
        await invoke(test.host, 'tasks:get', { localId: taskIds[serverId]! }),
      );
    }
    answers.push(await invoke(test.host, 'servers:list', {}), test.events.events);
    const crossed = JSON.stringify(answers);
    // The redaction really ran over a line that had the secret.
    expect(crossed).toContain('starting with API_KEY=[redacted]');
    for (const secret of [HEADER_SECRET, ENV_SECRET]) {
      expect(crossed).not.toContain(secret);
      expect(everyFileText(test.dir)).not.toContain(secret);
      expect(test.logger.text()).not.toContain(secret);
    }
  });

  it('names the server in logs:appended as its logs grow, and each task whose exchange changed with them', () => {
    const appended = test.events.of('logs:appended');
    const named = new Set(appended.flatMap((payload) => payload.serverIds));
    expect(named).toEqual(new Set(['web', 'local']));
    expect(new Set(appended.flatMap((payload) => payload.exchangeLocalIds))).toEqual(new Set([taskIds.web, taskIds.local]));
    // Not every report names a task: the console lines and the server's own traffic change no exchange.
    expect(appended.some((payload) => payload.exchangeLocalIds.length === 0)).toBe(true);
  });

  it.each([
    ['logs:console', { serverId: '' }, /serverId/],
    ['logs:console', { serverId: 'web', afterSeq: -1 }, /afterSeq/],
    ['logs:console', { serverId: 'web', limit: 0 }, /limit/],
    ['logs:console', { serverId: 'web', limit: 1_000_000 }, /limit/],
    ['logs:console', { serverId: 'web', search: 'x'.repeat(201) }, /search/],
    ['logs:protocol', { serverId: 'web', afterSeq: 1.5 }, /afterSeq/],
    ['logs:export', {}, /serverId/],
    ['tasks:exchange', { localId: 7 }, /id/],
    ['tasks:export', { localId: '' }, /id/],
    ['servers:update-settings', { id: 'web', logLevel: 'verbose' }, /logLevel/],
  ])('refuses %s %j', async (channel, request, reason) => {
    const error = await invokeError(test.host, channel, request);
    expect(error.message).toMatch(/is not valid/);
    expect(error.message).toMatch(reason);
  });

  it('keeps the log level as a setting in servers.json, shown in the view', async () => {
    const updated = await invoke(test.host, 'servers:update-settings', { id: 'local', logLevel: 'debug' });
    expect(updated).toMatchObject({ id: 'local', logLevel: 'debug', approved: true });
    const stored = JSON.parse(readFileSync(join(test.dir, SERVER_FILE), 'utf8')) as { servers: { config: Record<string, unknown> }[] };
    expect(stored.servers.find((server) => server.config.id === 'local')?.config.logLevel).toBe('debug');
    expect((await invoke(test.host, 'servers:list', {})).find((server) => server.id === 'web')?.logLevel).toBeUndefined();
  });
});

describe('a stored log level that cannot be read', () => {
  it('is reported and dropped, and the server loads without it', async () => {
    const data = tempDir();
    try {
      const config = { id: 'quiet', name: 'Quiet', transport: 'stdio', command: process.execPath, args: ['-e', ''], logLevel: 'loud' };
      writeFileSync(join(data.dir, SERVER_FILE), JSON.stringify({ schemaVersion: 1, servers: [{ config, origin: 'user' }] }));
      const test = await startTestHost({ dataDir: data.dir, defaultServers: [] });
      try {
        expect(test.host.info.storeProblems.join('\n')).toMatch(/log level of the server "Quiet" could not be read/);
        const view = (await invoke(test.host, 'servers:list', {})).find((server) => server.id === 'quiet');
        expect(view).toBeDefined();
        expect(view?.logLevel).toBeUndefined();
      } finally {
        await test.stop();
      }
    } finally {
      data.cleanup();
    }
  });
});
