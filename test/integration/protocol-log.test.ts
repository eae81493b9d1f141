/**
 * The protocol log and the task exchange against the demo servers over real stdio pipes and real
 * HTTP sockets: both directions, the method of each response, durations, the HTTP status with
 * `Mcp-Session-Id` (2025-11-25) and `Mcp-Name` (2026-07-28); and redaction: configured header
 * values and an environment value (which the stdio server also writes to its stderr) appear
 * nowhere in the logs, the exports or any file of the data folder.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { ExchangeLineSchema, type ProtocolEntry } from '../../shared/server-log.js';
import { isTaskFinished } from '../../shared/task-model.js';
import type { Engine } from '../../electron/engine/index.js';
import { demoServerCommand, startDemoServer, stopAllDemoServers } from '../helpers/demo-server-process.js';
import { nodeEngine, tempDataDir, waitForServer, waitForTask } from '../helpers/engine-harness.js';

const HEADER_SECRETS = { Authorization: 'Bearer hdr-secret-123456', 'X-Api-Key': 'apikey-secret-654321' };
const ENV_SECRET = 'env-secret-abcdef';
const SECRETS = [...Object.values(HEADER_SECRETS), ENV_SECRET];

afterAll(stopAllDemoServers);

/** Every file under `dir`, as bytes joined (the data folder, grepped whole). */
function folderBytes(dir: string): string {
  return readdirSync(dir).map((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? folderBytes(path) : readFileSync(path, 'latin1');
  }).join('\n');
}

describe('the protocol log of real servers', () => {
  let engine: Engine;
  const data = tempDataDir();
  afterAll(() => data.cleanup());

  it('records both directions on stdio and HTTP with methods, durations, HTTP facts and tasks; no configured secret is kept anywhere', async () => {
    const legacyHttp = await startDemoServer({ form: 'legacy', transport: 'http' });
    const extensionHttp = await startDemoServer({ form: 'extension', transport: 'http' });
    const stdio = demoServerCommand({ form: 'legacy', transport: 'stdio' });
    const preload = join(data.dir, 'say-secret.cjs');
    writeFileSync(preload, "process.stderr.write('my secret is ' + process.env.DEMO_SECRET + '\\n');\n");
    const configs: ServerConfig[] = [
      { id: 'legacy-http', name: 'Legacy HTTP', transport: 'http', url: legacyHttp.url!, headers: HEADER_SECRETS },
      { id: 'extension-http', name: 'Extension HTTP', transport: 'http', url: extensionHttp.url!, headers: HEADER_SECRETS },
      { ...stdio, id: 'legacy-stdio', name: 'Legacy stdio', transport: 'stdio', env: { DEMO_SECRET: ENV_SECRET, NODE_OPTIONS: `--require ${preload}` } },
    ];
    engine = nodeEngine(data.dir);
    await engine.start(configs);
    const taskIds: Record<string, string> = {};
    for (const config of configs) {
      await waitForServer(engine, config.id);
      const outcome = await engine.callTool(config.id, 'build', { durationMs: 400, project: 'observed' });
      if (outcome.kind !== 'task') throw new Error('build did not become a task');
      taskIds[config.id] = outcome.task.localId;
      await waitForTask(engine, outcome.task.localId, isTaskFinished, 20_000, 'build to finish');
    }

    for (const config of configs) {
      const log = engine.protocolLog(config.id);
      expect(new Set(log.map((entry) => entry.direction))).toEqual(new Set(['sent', 'received']));
      // The handshake is in it: the first message sent opens the connection.
      expect(log.find((entry) => entry.direction === 'sent')?.method).toMatch(/^(initialize|server\/discover)$/);
      const call = log.find((entry) => entry.method === 'tools/call' && entry.kind === 'request')!;
      const answer = log.find((entry) => entry.kind === 'response' && entry.id === call.id)!;
      expect(call).toMatchObject({ direction: 'sent', message: { params: { name: 'build' } } });
      expect(answer).toMatchObject({ direction: 'received', method: 'tools/call' });
      expect(answer.durationMs).toBeGreaterThanOrEqual(0);
      expect(answer.bytes).toBe(Buffer.byteLength(JSON.stringify(answer.message)));
      const seqs = log.map((entry) => entry.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      if (config.transport === 'http') expect(answer.http?.status).toBe(200);
      else expect(answer.http).toBeUndefined();
      // The task's own traffic (its polls or the server's pushes about it) is attributed to it.
      const ofTask = engine.protocolLog(config.id, { localId: taskIds[config.id] });
      expect(ofTask.filter((entry) => entry.direction === 'received').length).toBeGreaterThan(0);
      expect(ofTask.every((entry: ProtocolEntry) => entry.localId === taskIds[config.id])).toBe(true);
    }
    const legacyPoll = engine.protocolLog('legacy-http').find((entry) => entry.method === 'tasks/get' && entry.kind === 'response')!;
    expect(legacyPoll).toMatchObject({ localId: taskIds['legacy-http'], http: { status: 200, sessionId: expect.stringMatching(/\S/) } });
    expect(legacyPoll.durationMs).toBeGreaterThanOrEqual(0);
    const modernCall = engine.protocolLog('extension-http').find((entry) => entry.method === 'tools/call' && entry.kind === 'request')!;
    expect(modernCall.http?.mcpName).toBe('build');
    expect(engine.serverConsole('legacy-stdio').map((line) => line.text)).toContain('my secret is [redacted]');

    const exchange = await engine.taskExchange(taskIds['legacy-stdio']!);
    expect(exchange.map((line) => ExchangeLineSchema.parse(line).method)).toEqual(expect.arrayContaining(['tasks/result']));
    const exported = await engine.exportTask(taskIds['legacy-stdio']!);
    const document = JSON.parse(JSON.stringify(exported)) as Record<string, unknown>;
    expect(document).toMatchObject({ app: { name: 'mcp-task-monitor' }, task: { localId: taskIds['legacy-stdio'] }, result: { structuredContent: { project: 'observed' } } });
    expect(document.task).not.toHaveProperty('legacy');
    expect(document.task).not.toHaveProperty('timeline');
    expect(Array.isArray(document.timeline) && Array.isArray(document.exchange) && Array.isArray(document.console)).toBe(true);
    const serverLogs = configs.map((config) => engine.exportServerLog(config.id));
    for (const text of serverLogs) {
      const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; at: number });
      expect(new Set(lines.map((line) => line.type))).toEqual(new Set(['console', 'protocol']));
      expect(lines.map((line) => line.at)).toEqual(lines.map((line) => line.at).sort((a, b) => a - b));
    }

    await engine.dispose();
    const everything = [
      folderBytes(data.dir),
      JSON.stringify(exported),
      ...serverLogs,
      ...configs.map((config) => JSON.stringify([engine.protocolLog(config.id), engine.serverConsole(config.id)])),
    ].join('\n');
    // The exchanges were written when the tasks ended: the folder holds them.
    expect(readdirSync(join(data.dir, 'exchanges')).filter((name) => name.endsWith('.json'))).toHaveLength(3);
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/authorization/i);
  }, 90_000);
});
