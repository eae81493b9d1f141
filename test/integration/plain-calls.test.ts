/**
 * Plain calls are entries from the click to their end, against real servers: server-everything's
 * `trigger-long-running-operation` (a plain 2025-11-25 call with progress) over a real stdio pipe
 * whose every line to the server is recorded, and over Streamable HTTP behind a recording proxy;
 * a call in flight when the engine stops is never resent (plain: interrupted; may be a task:
 * outcome unknown); the demo server's 2025-11-25 build reports progress for the task's life.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/index.js';
import type { ServerConfig } from '../../shared/server-config.js';
import { isTaskFinished, type TaskProgress } from '../../shared/task-model.js';
import { startCountingProxy, type CountingProxy } from '../helpers/counting-proxy.js';
import { demoServerCommand, startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { freePort, startEverythingHttp, type EverythingHttp } from '../helpers/everything-http.js';
import { nodeEngine, pollUntil, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';
import { lastAppNote } from '../helpers/app-notes.js';

const require = createRequire(import.meta.url);
const everythingMain = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const LONG = 'trigger-long-running-operation';

/**
 * Runs server-everything over stdio behind a tap that appends every line the client writes to
 * `log` (JSON lines) before passing it on: what the engine really sent.
 */
function tappedEverything(id: string, log: string): ServerConfig {
  const tap = `
    const { spawn } = require('node:child_process');
    const { appendFileSync } = require('node:fs');
    const [main, log] = process.argv.slice(1);
    const child = spawn(process.execPath, [main, 'stdio'], { stdio: ['pipe', 'inherit', 'inherit'] });
    let rest = '';
    process.stdin.on('data', (chunk) => {
      rest += chunk.toString('utf8');
      const lines = rest.split('\\n');
      rest = lines.pop();
      for (const line of lines) appendFileSync(log, line + '\\n');
      child.stdin.write(chunk);
    });
    process.stdin.on('end', () => child.stdin.end());
    child.on('exit', (code) => process.exit(code ?? 0));
  `;
  return { id, name: 'Everything (tapped)', transport: 'stdio', command: process.execPath, args: ['-e', tap, everythingMain, log] };
}

/** The JSON-RPC messages in a tap's log. */
function sentMessages(log: string): Record<string, unknown>[] {
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
}

const toolCalls = (messages: Record<string, unknown>[], name: string) =>
  messages.filter((message) => message.method === 'tools/call' && (message.params as { name?: string }).name === name);

/** Every progress value the entry `id` showed, in order. */
function progressOf(engine: Engine, id: () => string | undefined): TaskProgress[] {
  const seen: TaskProgress[] = [];
  engine.onDidUpdateTask((task) => {
    if (task.localId === id() && task.progress !== undefined && seen.at(-1)?.at !== task.progress.at) seen.push(task.progress);
  });
  return seen;
}

const engines: Engine[] = [];
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => stopAllDemoServers());

function scratch(): { data: string; log: string } {
  const data = tempDataDir();
  const logs = mkdtempSync(join(tmpdir(), 'mtm-tap-'));
  cleanups.push(data.cleanup, () => rmSync(logs, { recursive: true, force: true }));
  return { data: data.dir, log: join(logs, 'sent.jsonl') };
}

async function startEngine(data: string, config: ServerConfig): Promise<Engine> {
  const engine = nodeEngine(data);
  engines.push(engine);
  await engine.start([config]);
  await waitForServer(engine, config.id);
  return engine;
}

/** The entry of the newest call of `tool` on the wire. */
async function entryOnTheWire(engine: Engine, tool: string): Promise<string> {
  let id: string | undefined;
  await pollUntil(() => (id = engine.listTasks().find((task) => task.toolName === tool && !isTaskFinished(task))?.localId) !== undefined, `a ${tool} entry`);
  return id!;
}

describe('a long plain call (server-everything over stdio)', () => {
  it('shows increasing progress, cancels with notifications/cancelled, and a run to its end keeps its result across a restart', async () => {
    const { data, log } = scratch();
    const config = tappedEverything('everything', log);
    let engine = await startEngine(data, config);
    let current: string | undefined;
    const seen = progressOf(engine, () => current);

    const first = engine.callTool('everything', LONG, { duration: 6, steps: 6 });
    first.catch(() => undefined);
    current = await entryOnTheWire(engine, LONG);
    expect(engine.getTask(current)).toMatchObject({ phase: 'calling', plain: true });
    await waitForTask(engine, current, (task) => (task.progress?.progress ?? 0) >= 2, 20_000, 'progress 2/6');
    expect(seen.map((progress) => progress.progress)).toEqual([...seen.map((progress) => progress.progress)].sort((a, b) => a - b));
    expect(new Set(seen.map((progress) => progress.progress)).size).toBe(seen.length);
    expect(engine.getTask(current)?.progress).toMatchObject({ total: 6 });

    await engine.cancelTask(current);
    await expect(first).rejects.toThrow();
    const cancelled = engine.getTask(current)!;
    expect(cancelled).toMatchObject({ endReason: 'user-cancelled', hasResult: false });
    expect(lastAppNote(cancelled)).toContain('notifications/cancelled');
    const [sentCall] = toolCalls(sentMessages(log), LONG);
    expect((sentCall!.params as { _meta?: Record<string, unknown> })._meta?.progressToken).toBe(current);
    await pollUntil(() => sentMessages(log).some((message) => message.method === 'notifications/cancelled'), 'notifications/cancelled on the wire');
    const cancel = sentMessages(log).find((message) => message.method === 'notifications/cancelled')!;
    expect(cancel.params).toMatchObject({ requestId: sentCall!.id, reason: expect.any(String) });

    seen.length = 0;
    const second = engine.callTool('everything', LONG, { duration: 1, steps: 3 });
    current = await entryOnTheWire(engine, LONG);
    const outcome = await second;
    if (outcome.kind !== 'result') throw new Error(`expected a direct answer, got ${outcome.kind}`);
    expect(outcome.task).toMatchObject({ localId: current, endReason: 'answered', hasResult: true, plain: true });
    await pollUntil(() => engine.getTask(current)?.progress?.progress === 3, 'the last progress on the ended entry');
    expect(await engine.getResult(current)).toEqual(outcome.result);
    // The cancelled run stays cancelled: its late answer (if any) changed nothing.
    expect(engine.getTask(cancelled.localId)).toMatchObject({ endReason: 'user-cancelled', hasResult: false });

    await engine.dispose();
    engines.splice(engines.indexOf(engine), 1);
    engine = await startEngine(data, config);
    expect(engine.getTask(current)).toMatchObject({ endReason: 'answered', hasResult: true, progress: { progress: 3, total: 3 } });
    expect(await engine.getResult(current)).toEqual(outcome.result);
    expect(engine.getTask(cancelled.localId)).toMatchObject({ endReason: 'user-cancelled' });
    expect(toolCalls(sentMessages(log), LONG)).toHaveLength(2);
  }, 60_000);
});

describe('cancelling a plain call over Streamable HTTP (2025-11-25)', () => {
  let everything: EverythingHttp | undefined;
  let proxy: CountingProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    await everything?.kill();
  });

  it('closes the request and POSTs notifications/cancelled too (closing alone is no cancel in 2025-11-25)', async () => {
    const { data } = scratch();
    everything = await startEverythingHttp(await freePort());
    proxy = await startCountingProxy(everything.url);
    const engine = await startEngine(data, { id: 'everything-http', name: 'Everything over HTTP', transport: 'http', url: proxy.url });
    const call = engine.callTool('everything-http', LONG, { duration: 10, steps: 10 });
    call.catch(() => undefined);
    const id = await entryOnTheWire(engine, LONG);
    await waitForTask(engine, id, (task) => task.progress !== undefined, 20_000, 'the first progress');
    await engine.cancelTask(id);
    await expect(call).rejects.toThrow();
    const note = lastAppNote(engine.getTask(id));
    expect(note).toBe('You cancelled the call: its request was closed and the server was sent notifications/cancelled. An answer arriving later is ignored.');
    const sentCall = proxy.seen.find((request) => (request.body as { method?: string } | undefined)?.method === 'tools/call');
    await pollUntil(() => proxy!.seen.some((request) => (request.body as { method?: string } | undefined)?.method === 'notifications/cancelled'), 'notifications/cancelled POSTed');
    const cancel = proxy.seen.find((request) => (request.body as { method?: string } | undefined)?.method === 'notifications/cancelled')!;
    expect((cancel.body as { params: unknown }).params).toMatchObject({ requestId: (sentCall!.body as { id: unknown }).id });
  }, 60_000);
});

describe('cancelling a plain call over Streamable HTTP (2026-07-28)', () => {
  let proxy: CountingProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
  });

  it('closes the request, which is the cancel there: no notifications/cancelled is sent', async () => {
    const { data } = scratch();
    const server = await startDemoServer({ form: 'extension', transport: 'http' });
    proxy = await startCountingProxy(server.url!);
    const engine = await startEngine(data, { id: 'ext-http', name: 'Extension over HTTP', transport: 'http', url: proxy.url });
    const call = engine.callTool('ext-http', 'scan', { durationMs: 20_000, files: 20 });
    call.catch(() => undefined);
    const id = await entryOnTheWire(engine, 'scan');
    await waitForTask(engine, id, (task) => task.progress !== undefined, 20_000, 'the first progress');
    await engine.cancelTask(id);
    await expect(call).rejects.toThrow();
    expect(lastAppNote(engine.getTask(id))).toBe('You cancelled the call: its request was closed. An answer arriving later is ignored.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(proxy.seen.filter((request) => (request.body as { method?: string } | undefined)?.method === 'notifications/cancelled')).toEqual([]);
  }, 60_000);
});

describe('a call in flight when the engine stops', () => {
  let proxy: CountingProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
  });

  it('a plain call ends interrupted and one that may be a task outcome unknown; neither is resent', async () => {
    const { data, log } = scratch();
    const plainServer = tappedEverything('everything', log);
    const extension = await startDemoServer({ form: 'extension', transport: 'http' });
    // The extension server never sees its call answered: the proxy holds every tools/call.
    proxy = await startCountingProxy(extension.url!, 'tools/call');
    const taskServer: ServerConfig = { id: 'ext', name: 'Extension demo', transport: 'http', url: proxy.url };
    const engine = nodeEngine(data);
    engines.push(engine);
    await engine.start([plainServer, taskServer]);
    await Promise.all([waitForServer(engine, 'everything'), waitForServer(engine, 'ext')]);
    engine.callTool('everything', LONG, { duration: 60, steps: 60 }).catch(() => undefined);
    engine.callTool('ext', 'build', { durationMs: 1_000 }).catch(() => undefined);
    const plainId = await entryOnTheWire(engine, LONG);
    const taskId = await entryOnTheWire(engine, 'build');
    await pollUntil(() => toolCalls(sentMessages(log), LONG).length === 1 && proxy!.count('tools/call') === 1, 'both calls on the wire');
    expect(engine.getTask(plainId)?.plain).toBe(true);
    expect(engine.getTask(taskId)?.plain).toBeUndefined();
    await engine.dispose();
    engines.splice(engines.indexOf(engine), 1);

    const next = nodeEngine(data);
    engines.push(next);
    await next.start([plainServer, taskServer]);
    await Promise.all([waitForServer(next, 'everything'), waitForServer(next, 'ext')]);
    const interrupted = next.getTask(plainId)!;
    expect(interrupted).toMatchObject({ phase: 'calling', endReason: 'interrupted' });
    expect(lastAppNote(interrupted)).toMatch(/^Interrupted — the server's answer could not be received/);
    expect(next.getTask(taskId)).toMatchObject({ phase: 'outcome-unknown' });
    expect(next.getTask(taskId)?.endReason).toBeUndefined();
    // Connected again, and still one call each: nothing was resent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(toolCalls(sentMessages(log), LONG)).toHaveLength(1);
    expect(proxy.count('tools/call')).toBe(1);
  }, 60_000);
});

describe.each(['stdio', 'http'] as const)('a 2025-11-25 task whose server reports progress (the demo build over %s)', (transport) => {
  it('follows the progress over the task\'s life, to 5/5', async () => {
    const { data } = scratch();
    let config: ServerConfig;
    if (transport === 'http') {
      const server = await startDemoServer({ form: 'legacy', transport: 'http' });
      config = { id: 'legacy', name: 'Legacy demo', transport: 'http', url: server.url! };
    } else {
      const { command, args, cwd } = demoServerCommand({ form: 'legacy', transport: 'stdio' });
      config = { id: 'legacy', name: 'Legacy demo', transport: 'stdio', command, args, cwd };
    }
    const engine = await startEngine(data, config);
    const entry: { id?: string } = {};
    const seen = progressOf(engine, () => entry.id);
    const outcome = await engine.callTool('legacy', 'build', { durationMs: 2_000, project: 'progress' });
    if (outcome.kind !== 'task') throw new Error(`expected a task, got ${outcome.kind}`);
    const id = (entry.id = outcome.task.localId);
    expect(outcome.task.plain).toBeUndefined();
    const done = await waitForTask(engine, id, (task) => task.snapshot?.status === 'completed', 20_000, 'the build to complete');
    await pollUntil(() => engine.getTask(id)?.progress?.progress === 5, 'progress 5/5');
    expect(engine.getTask(id)?.progress).toMatchObject({ progress: 5, total: 5 });
    // Seen while the task ran (a task, not the call), increasing.
    expect(seen.length).toBeGreaterThanOrEqual(3);
    const values = seen.map((progress) => progress.progress);
    expect(values).toEqual([...new Set(values)].sort((a, b) => a - b));
    expect(seen.some((progress) => progress.message?.startsWith('Step ') === true)).toBe(true);
    expect(done.phase).toBe('task');
  }, 60_000);
});

describe.each(['legacy', 'extension'] as const)('the demo server\'s plain scan (%s, stdio)', (form) => {
  it('is a plain call whose progress follows it to its answer', async () => {
    const { data } = scratch();
    const { command, args, cwd } = demoServerCommand({ form, transport: 'stdio' });
    const engine = await startEngine(data, { id: 'demo', name: 'Demo', transport: 'stdio', command, args, cwd });
    const entry: { id?: string } = {};
    const seen = progressOf(engine, () => entry.id);
    const call = engine.callTool('demo', 'scan', { durationMs: 1_500, files: 5 });
    entry.id = await entryOnTheWire(engine, 'scan');
    const outcome = await call;
    if (outcome.kind !== 'result') throw new Error(`expected a direct answer, got ${outcome.kind}`);
    // A 2025-11-25 tool without taskSupport is plain; an extension server could answer with a task.
    expect(outcome.task.plain).toBe(form === 'legacy' ? true : undefined);
    expect(outcome.result).toMatchObject({ structuredContent: { files: 5 } });
    await pollUntil(() => engine.getTask(entry.id!)?.progress?.progress === 5, 'progress 5/5');
    expect(engine.getTask(entry.id)).toMatchObject({ endReason: 'answered', progress: { progress: 5, total: 5, message: 'Scanned file 5/5' } });
    const values = seen.map((progress) => progress.progress);
    expect(values.length).toBeGreaterThanOrEqual(3);
    expect(values).toEqual([...new Set(values)].sort((a, b) => a - b));
  }, 30_000);
});
