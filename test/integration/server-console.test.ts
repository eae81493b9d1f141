/**
 * The server console against real servers over real stdio pipes: the stderr of a server that
 * writes and then fails (in order, cleaned, its configured secret redacted) with the connection's
 * events; `notifications/message` at levels with `logging/setLevel` on server-everything
 * (2025-11-25, offers logging), changed without a reconnect; and the 2026-07-28 per-request
 * `_meta` level on a server that logs only what that key asks for.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig, ServerState } from '../../shared/server-config.js';
import { LOG_LEVELS, type ConsoleEntry } from '../../shared/server-log.js';
import { createConsoleLogger } from '../../electron/node/console-logger.js';
import { createEngine, type Engine } from '../../electron/engine/index.js';
import { createNodePorts } from '../../electron/engine/node-ports.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { everythingStdioConfig } from '../helpers/everything-http.js';
import { nodeEngine, pollUntil, tempDataDir, waitForServer, waitForServerState } from '../helpers/engine-harness.js';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const engines: Engine[] = [];
const dataDirs: ReturnType<typeof tempDataDir>[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.dispose()));
  for (const data of dataDirs.splice(0)) data.cleanup();
});

function dataDir(): string {
  const data = tempDataDir();
  dataDirs.push(data);
  return data.dir;
}

const severity = (entry: ConsoleEntry): number => LOG_LEVELS.indexOf(entry.level!);

describe('the server console', () => {
  it('shows what a failing stdio server wrote to stderr, in order and cleaned, with the connection events; its env value is redacted', async () => {
    const dir = dataDir();
    const script = join(dir, 'fails.cjs');
    writeFileSync(script, [
      "process.stderr.write('\\u001b[31mstarting up\\u001b[0m\\n');",
      "process.stderr.write('reading config\\tfrom /etc/demo\\n');",
      "process.stderr.write('token is ' + process.env.API_TOKEN + '\\n');",
      "process.stderr.write('Error: cannot open database\\u200b\\n');",
      "process.stderr.write('last words without a newline');",
      'process.exit(3);',
    ].join('\n'));
    const clock = new FakeClock();
    const engine = createEngine({ ...createNodePorts(dir, createConsoleLogger('error')), clock, random: () => 0 });
    engines.push(engine);
    const config: ServerConfig = { id: 'fails', name: 'Fails', transport: 'stdio', command: process.execPath, args: [script], env: { API_TOKEN: 'tok-secret-777' } };
    await engine.start([config]);
    await waitForServerState(engine, 'fails', (state: ServerState) => state.status === 'reconnecting' && state.nextRetryAt !== undefined, 20_000, 'the failed start');

    const lines = engine.serverConsole('fails');
    expect(lines.filter((line) => line.source === 'stderr').map((line) => line.text)).toEqual([
      'starting up',
      'reading config  from /etc/demo',
      'token is [redacted]',
      'Error: cannot open database',
      'last words without a newline',
    ]);
    const events = lines.filter((line) => line.source === 'connection').map((line) => line.text);
    expect(events[0]).toMatch(/^Connecting to .*fails\.cjs…$/);
    expect(events.at(-1)).toMatch(/^The server exited with code 3 \(Error: cannot open database\): .*Reconnecting in \d+ s\.$/);
    // Sequence numbers increase, and a reader can page with them.
    const seqs = lines.map((line) => line.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(engine.serverConsole('fails', { afterSeq: seqs.at(-2)! })).toEqual([lines.at(-1)]);
    expect(engine.serverConsole('fails', { search: 'DATABASE' }).map((line) => line.source)).toEqual(['stderr', 'connection']);
    expect(JSON.stringify(lines)).not.toContain('tok-secret-777');
  });

  it('shows server-everything\'s log messages at the level set with logging/setLevel, and changes it without reconnecting', async () => {
    const engine = nodeEngine(dataDir());
    engines.push(engine);
    const config: ServerConfig = { ...everythingStdioConfig('everything'), logLevel: 'notice' };
    await engine.start([config]);
    const connected = await waitForServer(engine, 'everything');
    expect(connected).toMatchObject({ era: 'legacy', logging: true });
    const setLevels = () => engine.protocolLog('everything').filter((entry) => entry.method === 'logging/setLevel');
    await pollUntil(() => setLevels().some((entry) => entry.kind === 'response'), 'the answer to logging/setLevel');
    expect(setLevels()[0]).toMatchObject({ direction: 'sent', kind: 'request', message: { params: { level: 'notice' } } });
    expect(setLevels()[1]).toMatchObject({ direction: 'received', kind: 'response' });
    expect(setLevels()[1]!.durationMs).toBeGreaterThanOrEqual(0);

    await engine.callTool('everything', 'toggle-simulated-logging', {});
    const logs = () => engine.serverConsole('everything').filter((line) => line.source === 'log');
    // One message now, one every 5 s, at random levels: those under `notice` never arrive.
    await pollUntil(() => logs().length >= 1, 'a log message', 30_000);
    for (const line of logs()) {
      expect(severity(line)).toBeGreaterThanOrEqual(LOG_LEVELS.indexOf('notice'));
      expect(line.text).toMatch(/-level message|level-message/);
    }
    expect(engine.serverConsole('everything', { search: logs()[0]!.text.toUpperCase() })).toEqual([logs()[0]]);

    const before = engine.serverConsole('everything').at(-1)!.seq;
    engine.updateServerSettings({ ...config, logLevel: 'emergency' });
    await pollUntil(() => setLevels().length === 4, 'the second logging/setLevel and its answer');
    expect(setLevels()[2]).toMatchObject({ direction: 'sent', message: { params: { level: 'emergency' } } });
    await engine.callTool('everything', 'toggle-simulated-logging', {});
    const later = engine.serverConsole('everything', { afterSeq: before });
    expect(later.filter((line) => line.source === 'connection')).toEqual([]);
    expect(later.filter((line) => line.source === 'log' && line.level !== 'emergency')).toEqual([]);
    expect(engine.listServers()[0]).toMatchObject({ status: 'connected' });
  }, 60_000);

  it('asks a 2026-07-28 server for its log level in every request\'s _meta: info by default, then the chosen one', async () => {
    const engine = nodeEngine(dataDir());
    engines.push(engine);
    const config: ServerConfig = { id: 'modern', name: 'Modern', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', 'test/fixtures/logging-modern-server.ts'], cwd: REPO_ROOT };
    await engine.start([config]);
    expect(await waitForServer(engine, 'modern')).toMatchObject({ era: 'modern', logging: true });

    expect((await engine.callTool('modern', 'chatter', {})).kind).toBe('result');
    const levelsSeen = () => engine.serverConsole('modern').filter((line) => line.source === 'log').map((line) => line.level);
    await pollUntil(() => levelsSeen().length === 7, 'the messages from info up');
    expect(levelsSeen()).toEqual(LOG_LEVELS.slice(1));
    const sent = engine.protocolLog('modern').filter((entry) => entry.method === 'tools/call' && entry.kind === 'request');
    expect(sent[0]!.message).toMatchObject({ params: { _meta: { 'io.modelcontextprotocol/logLevel': 'info' } } });

    engine.updateServerSettings({ ...config, logLevel: 'error' });
    const before = engine.serverConsole('modern').at(-1)!.seq;
    await engine.callTool('modern', 'chatter', {});
    const newLevels = () => engine.serverConsole('modern', { afterSeq: before }).filter((line) => line.source === 'log').map((line) => line.level);
    await pollUntil(() => newLevels().length === 4, 'the messages from error up');
    expect(newLevels()).toEqual(['error', 'critical', 'alert', 'emergency']);
    expect(engine.listServers()[0]).toMatchObject({ status: 'connected' });
  }, 40_000);

  it('keeps the console but records no protocol log when recording is off', async () => {
    const engine = createEngine({ ...createNodePorts(dataDir(), createConsoleLogger('warn')) }, { protocolLog: false });
    engines.push(engine);
    await engine.start([{ id: 'modern', name: 'Modern', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', 'test/fixtures/logging-modern-server.ts'], cwd: REPO_ROOT }]);
    await waitForServer(engine, 'modern');
    await engine.callTool('modern', 'chatter', {});
    await pollUntil(() => engine.serverConsole('modern').filter((line) => line.source === 'log').length === 7, 'the log messages');
    expect(engine.protocolLog('modern')).toEqual([]);
    expect(engine.exportServerLog('modern').trimEnd().split('\n').map((line) => (JSON.parse(line) as { type: string }).type)).not.toContain('protocol');
  }, 40_000);
});
