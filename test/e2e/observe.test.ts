/**
 * Seeing what a server does, in the real UI (browser mode, Chromium), with real servers: an HTTP
 * demo server given a secret header value, a stdio server that offers logging and writes its own
 * secret environment value to stderr, and a stdio server that cannot start.
 * - the failing server's console shows its stderr and the connection's events;
 * - log levels: at `error` only error and above arrive, at `debug` every level does;
 * - a task's Activity shows its exchange (each line expands to its JSON, with Copy as JSON);
 * - both exports download and parse;
 * - no configured secret is in the page, in any frame the page received from the host, or in
 *   any file of the data folder.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskFinished } from '../../shared/task-model.js';
import { startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { AppPage } from './pages/app-page.js';
import { ServerActivityPart, TaskActivityPart } from './pages/activity-page.js';
import { startSession, type Session } from './session.js';
import { withStatus, withText } from './wait.js';

const HEADER_SECRET = `hdr-${randomBytes(12).toString('hex')}`;
const ENV_SECRET = `env-${randomBytes(12).toString('hex')}`;
const LOGGING_SERVER = fileURLToPath(new URL('./logging-server.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function everyFileText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');
}

/** The attribute `name` of every element `locator` matches, in order. */
async function attributes(locator: Locator, name: string): Promise<(string | null)[]> {
  return Promise.all((await locator.all()).map((element) => element.getAttribute(name)));
}

describe('the console, the protocol view and the exports', () => {
  let session: Session;
  /** Every WebSocket frame the page received from the host. */
  const frames: string[] = [];

  beforeAll(async () => {
    const http = await startDemoServer({ form: 'legacy', transport: 'http' });
    session = await startSession([
      '--server', JSON.stringify({ id: 'web', name: 'Web', transport: 'http', url: http.url, headers: { 'X-Api-Key': HEADER_SECRET } }),
      '--server', JSON.stringify({ id: 'logs', name: 'Logs', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', LOGGING_SERVER], cwd: ROOT, env: { API_KEY: ENV_SECRET } }),
      '--server', JSON.stringify({ id: 'broken', name: 'Broken', transport: 'stdio', command: process.execPath, args: ['/nonexistent.js'] }),
    ]);
    // A page that records what it receives from its first frame on.
    const page = await session.context.newPage();
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
    await session.page.close();
    session.page = page;
    session.ui = new AppPage(page);
    await session.ui.open(session.app.url);
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await stopAllDemoServers();
  });

  it('shows the stderr of a stdio server that cannot start, and the connection events', async () => {
    const { ui } = session;
    await ui.show('servers');
    const activity = new ServerActivityPart((await ui.servers.open('broken')).root);
    await activity.open();
    await withText(activity.console.lines, /Error: Cannot find module '\/nonexistent\.js'/).first().waitFor();
    await activity.console.lines.and(ui.page.locator('[data-source="connection"]')).first().waitFor();
    await activity.console.source.selectOption('stderr');
    const sources = await attributes(activity.console.lines, 'data-source');
    expect(new Set(sources)).toEqual(new Set(['stderr']));
  }, 60_000);

  it('sends fewer log messages at a higher level and all at debug', async () => {
    const { ui } = session;
    await ui.show('servers');
    const card = await ui.servers.open('logs');
    await withStatus(card.state, 'connected').waitFor();
    const activity = new ServerActivityPart(card.root);
    await activity.open();
    await activity.logLevel.selectOption('error');
    await expect.poll(() => activity.logLevel.inputValue()).toBe('error');

    for (const [tag, level, expected] of [
      ['first', 'error', ['error', 'critical', 'alert', 'emergency']],
      ['second', 'debug', ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']],
    ] as const) {
      if (level === 'debug') {
        await ui.show('servers');
        await ui.servers.open('logs');
        await activity.open();
        await activity.logLevel.selectOption('debug');
        await expect.poll(() => activity.logLevel.inputValue()).toBe('debug');
      }
      await ui.show('launcher');
      await ui.launcher.run('logs', 'log_each_level', { tag });
      // A direct answer opens its entry.
      await ui.detail.waitForTask();
      await withStatus(ui.detail.badge, 'completed').waitFor();
      await ui.show('servers');
      await ui.servers.open('logs');
      await activity.open();
      await withText(activity.console.lines, `${tag} emergency line`).waitFor();
      const levels = await attributes(withText(activity.console.lines, `${tag} `), 'data-level');
      expect(levels).toEqual(expected);
    }
    // The server's own stderr line went through the redaction.
    await withText(activity.console.lines, 'started with API_KEY=[redacted]').waitFor();
  }, 90_000);

  it('shows a task\'s exchange, each line expanding to its JSON with Copy as JSON, and exports the task', async () => {
    const { ui, page } = session;
    await ui.show('launcher');
    await ui.launcher.run('web', 'build', { durationMs: '600' });
    const taskId = await ui.detail.waitForTask();
    await withStatus(ui.detail.badge, 'completed').waitFor({ timeout: 30_000 });
    const activity = new TaskActivityPart(page);
    const polls = activity.exchange('tasks/result');
    await polls.first().waitFor();
    const line = activity.exchangeLines.first();
    await line.locator('summary').click();
    await line.getByTestId('exchange-copy').first().waitFor();
    await line.getByRole('list', { name: /sent/ }).first().waitFor();

    const download = page.waitForEvent('download');
    await activity.exportButton.click();
    const file = await (await download).path();
    const document = JSON.parse(readFileSync(file, 'utf8')) as { task: { localId: string }; exchange: { method: string }[] };
    expect(document.task.localId).toBe(taskId);
    expect(document.exchange.map((entry) => entry.method)).toContain('tasks/result');
    for (const secret of [HEADER_SECRET, ENV_SECRET]) expect(readFileSync(file, 'utf8')).not.toContain(secret);
    expect(isTaskFinished(document.task as never)).toBe(true);
  }, 60_000);

  it('exports a server\'s log as JSON lines, and its protocol log expands a message with Copy as JSON', async () => {
    const { ui, page } = session;
    await ui.show('servers');
    const activity = new ServerActivityPart((await ui.servers.open('web')).root);
    await activity.open();
    const message = activity.protocolLines.first();
    await message.locator('summary').click();
    await message.getByTestId('protocol-copy').waitFor();
    const download = page.waitForEvent('download');
    await activity.exportButton.click();
    const text = readFileSync(await (await download).path(), 'utf8');
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; method?: string });
    expect(new Set(lines.map((line) => line.type))).toEqual(new Set(['console', 'protocol']));
    expect(lines.some((line) => line.method === 'tools/call')).toBe(true);
    for (const secret of [HEADER_SECRET, ENV_SECRET]) expect(text).not.toContain(secret);
  }, 60_000);

  it('never shows a configured secret: not in the page, not in what it received, not in the data folder', async () => {
    const { page } = session;
    expect(frames.length).toBeGreaterThan(10);
    const received = frames.join('\n');
    // The redacted stderr line did reach the page.
    expect(received).toContain('started with API_KEY=[redacted]');
    for (const secret of [HEADER_SECRET, ENV_SECRET]) {
      expect(await page.content()).not.toContain(secret);
      expect(received).not.toContain(secret);
    }
    // A graceful stop writes everything it holds (the exchanges included) before the folder is read.
    await session.app.stop();
    const files = everyFileText(session.dataDir);
    expect(files).toContain('tasks/result');
    for (const secret of [HEADER_SECRET, ENV_SECRET]) expect(files).not.toContain(secret);
  }, 60_000);
});
