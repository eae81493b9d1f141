/**
 * `--log <file>` and `tasks export`, run as the real executable against the demo server over
 * HTTP: the log is the server's console and protocol log as JSON lines, header values redacted;
 * the export is one JSON document read from the data folder alone (record, result, exchange).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../../../electron/cli/terminal-client/command-line.js';
import { UsageError } from '../../../../electron/cli/terminal-client/cli-errors.js';
import { runCli } from '../../../helpers/cli-process.js';
import { startDemoServer, stopAllDemoServers } from '../../../helpers/demo-server-process.js';
import { tempDir } from '../../../host/host-harness.js';

const temp = tempDir('mtm-cli-observe-');
const data = join(temp.dir, 'data');
const SECRET = 'Bearer cli-secret-24680';

let url: string;
let config: string;
beforeAll(async () => {
  url = (await startDemoServer({ form: 'legacy', transport: 'http' })).url!;
  config = join(temp.dir, 'servers.json');
  writeFileSync(config, JSON.stringify([{ id: 'demo', name: 'demo', transport: 'http', url, headers: { Authorization: SECRET } }]));
});
afterAll(async () => {
  await stopAllDemoServers();
  temp.cleanup();
});

describe('--log and tasks export', () => {
  it('writes the server\'s log as JSON lines when a call ends, and exports the task from the data folder', async () => {
    const logFile = join(temp.dir, 'call.log');
    const run = await runCli(['call', 'demo', 'build', '--config', config, '--args', '{"durationMs":300,"project":"logged"}', '--watch', '--json', '--data', data, '--log', logFile]);
    expect(run.code, run.stderr).toBe(0);
    const id = String(run.end().task);
    const logText = readFileSync(logFile, 'utf8');
    expect(logText).not.toContain(SECRET);
    const lines = logText.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; method?: string; source?: string; text?: string; direction?: string });
    expect(lines.filter((line) => line.type === 'protocol').map((line) => line.method)).toEqual(expect.arrayContaining(['initialize', 'tools/call', 'tasks/result']));
    expect(lines.some((line) => line.type === 'console' && line.source === 'connection' && /^Connected/.test(line.text ?? ''))).toBe(true);

    const out = join(temp.dir, 'task.json');
    const exported = await runCli(['tasks', 'export', id.slice(0, 8), '--out', out, '--data', data]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(`Exported task ${id} to ${out}.`);
    const document = JSON.parse(readFileSync(out, 'utf8')) as { task: { localId: string; legacy?: unknown }; result: unknown; exchange: { method: string }[]; console: unknown[]; app: { name: string } };
    expect(document).toMatchObject({ app: { name: 'mcp-task-monitor' }, task: { localId: id }, result: { structuredContent: { project: 'logged' } }, console: [] });
    expect(document.task.legacy).toBeUndefined();
    expect(document.exchange.map((line) => line.method)).toContain('tasks/result');
    expect(readFileSync(out, 'utf8')).not.toContain(SECRET);

    const toStdout = await runCli(['tasks', 'export', id, '--data', data]);
    expect(toStdout.code).toBe(0);
    expect(JSON.parse(toStdout.stdout)).toEqual({ ...document, exportedAt: expect.any(String) });
    const asJson = await runCli(['tasks', 'export', id, '--json', '--data', data]);
    expect(asJson.lines()[0]).toMatchObject({ type: 'export', document: { task: { localId: id } } });
  }, 60_000);

  it.each<[string, string[], RegExp]>([
    ['--log on a command that does not connect', ['tasks', 'list', '--log', 'x'], /tasks list does not take --log/],
    ['--log on tasks show without --watch', ['tasks', 'show', 'abcd', '--log', 'x'], /--log needs --watch/],
    ['--out on another command', ['tasks', 'show', 'abcd', '--out', 'x'], /does not take --out/],
    ['tasks export without an id', ['tasks', 'export'], /missing <id>/],
  ])('refuses %s', (_case, argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError);
    expect(() => parseCommandLine(argv)).toThrow(message);
  });

  it('reads --log and --out where they belong', () => {
    expect(parseCommandLine(['tools', 'demo', '--log', 'l.jsonl'])).toMatchObject({ kind: 'tools', logFile: 'l.jsonl' });
    expect(parseCommandLine(['tasks', 'export', 'abcd', '--out', 'o.json'])).toMatchObject({ kind: 'tasks-export', id: 'abcd', out: 'o.json' });
  });
});
