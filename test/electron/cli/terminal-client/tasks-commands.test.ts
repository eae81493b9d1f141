/**
 * `mcp-task-monitor tasks …` on a data folder, each command its own process: a task started by
 * `call` without --watch is listed, shown, followed to its end or cancelled by later commands;
 * one command at a time holds the folder.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../../../electron/host/data-folder-lock.js';
import { CLI_BIN, runCli } from '../../../helpers/cli-process.js';
import { startDemoServer, stopAllDemoServers } from '../../../helpers/demo-server-process.js';
import { tempDir } from '../../../host/host-harness.js';

const temp = tempDir('mtm-cli-tasks-');
const data = join(temp.dir, 'data');

let extensionUrl: string;
let legacyUrl: string;
beforeAll(async () => {
  [extensionUrl, legacyUrl] = await Promise.all([
    startDemoServer({ form: 'extension', transport: 'http' }).then((server) => server.url!),
    startDemoServer({ form: 'legacy', transport: 'http' }).then((server) => server.url!),
  ]);
});
afterAll(async () => {
  await stopAllDemoServers();
  temp.cleanup();
});

/** Starts a task with `call` (no --watch) and returns its local id. */
async function startTask(url: string, tool: string, args: Record<string, unknown>): Promise<string> {
  const run = await runCli(['call', url, tool, '--args', JSON.stringify(args), '--json', '--data', data]);
  expect(run.code, run.stderr).toBe(8);
  const end = run.end();
  expect(end).toMatchObject({ outcome: 'not-finished', exitCode: 8, message: expect.stringContaining(`tasks show ${String(end.task)} --watch`) });
  return String(end.task);
}

describe('tasks', () => {
  it.each([
    ['the tasks extension', () => extensionUrl],
    ['2025-11-25 (the HTTP session rejoined)', () => legacyUrl],
  ])('follows a task started by an earlier command to its end (%s)', async (_case, url) => {
    const id = await startTask(url(), 'build', { durationMs: 1_500, project: 'later' });

    const listed = await runCli(['tasks', 'list', '--json', '--data', data]);
    expect(listed.code).toBe(0);
    expect(listed.lines()).toContainEqual(expect.objectContaining({ type: 'task', id, tool: 'build', server: url() }));

    const shown = await runCli(['tasks', 'show', id.slice(0, 8), '--data', data]);
    expect(shown.code).toBe(8);
    expect(shown.stdout).toContain(`Task:           ${id}`);
    expect(shown.stdout).toContain('Arguments:      {"durationMs":1500,"project":"later"}');

    const followed = await runCli(['tasks', 'show', id, '--watch', '--json', '--data', data]);
    expect(followed.code, followed.stderr).toBe(0);
    const result = followed.lines().find((line) => line.type === 'result') as { result: { structuredContent: unknown } } | undefined;
    expect(result?.result.structuredContent).toMatchObject({ project: 'later' });
    expect(followed.end()).toMatchObject({ outcome: 'completed', task: id });

    const done = await runCli(['tasks', 'show', id, '--json', '--data', data]);
    expect(done.code).toBe(0);
    expect(done.lines()[0]).toMatchObject({ id, state: 'completed', result: { structuredContent: { project: 'later' } } });
  }, 60_000);

  it('answers the questions of a task it follows later, by the policy given then', async () => {
    const id = await startTask(extensionUrl, 'deploy', { durationMs: 400 });
    const answers = join(temp.dir, 'deploy.json');
    writeFileSync(answers, JSON.stringify({ confirm: true, environment: 'staging' }));
    const run = await runCli(['tasks', 'show', id, '--watch', '--answer', `@${answers}`, '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.lines()).toContainEqual(expect.objectContaining({ type: 'question', task: id, answer: 'accepted' }));
  }, 60_000);

  it('cancels a running task and exits 3 once the server confirms it', async () => {
    const id = await startTask(extensionUrl, 'sleep', {});
    const run = await runCli(['tasks', 'cancel', id, '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(3);
    expect(run.end()).toMatchObject({ outcome: 'cancelled', task: id });
    const again = await runCli(['tasks', 'cancel', id, '--data', data]);
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('already ended; nothing was sent');
  }, 60_000);

  it('stops following on Ctrl+C (SIGINT), releasing the folder, while the task goes on on its server', async () => {
    const child = spawn(process.execPath, [CLI_BIN, 'call', extensionUrl, 'sleep', '--watch', '--json', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    const started = new Promise<void>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('"state":"working"')) resolve();
      });
    });
    await started;
    child.kill('SIGINT');
    const [code] = (await once(child, 'close')) as [number | null];
    expect(code).toBe(8);
    const end = JSON.parse(stdout.trim().split('\n').at(-1)!) as { outcome: string; task: string; message: string };
    expect(end).toMatchObject({ outcome: 'not-finished', message: expect.stringContaining('Stopped following') });
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);
    const later = await runCli(['tasks', 'show', end.task, '--json', '--data', data]);
    expect(later.lines()[0]).toMatchObject({ id: end.task, state: 'working' });
    expect((await runCli(['tasks', 'cancel', end.task, '--data', data])).code).toBe(3);
  }, 60_000);

  it('ends quietly, releasing the folder, when the reader of its output goes away (| head -1)', async () => {
    await startTask(extensionUrl, 'build', { durationMs: 100 });
    const child = spawn(process.execPath, [CLI_BIN, 'tasks', 'list', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, 'close')) as [number | null];
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);
  }, 30_000);

  it('says plainly when a task is not in the folder', async () => {
    const run = await runCli(['tasks', 'show', 'no-such-task', '--data', data]);
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('No task no-such-task');
  });

  it('refuses to run while another process holds the data folder, naming it', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(join(data, LOCK_FILE), `${holder.pid}\n`);
      const run = await runCli(['tasks', 'list', '--data', data]);
      expect(run.code).toBe(6);
      expect(run.stderr).toContain(`in use by another MCP Task Monitor process (pid ${holder.pid})`);
    } finally {
      holder.kill();
      await once(holder, 'exit');
    }
    // The holder is gone: its lock is stale and the next command takes the folder.
    expect((await runCli(['tasks', 'list', '--data', data])).code).toBe(0);
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);
  });
});
