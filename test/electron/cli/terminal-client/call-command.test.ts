/**
 * `mcp-task-monitor call` as a script runs it: the real executable in a child process, against
 * real servers — both demo servers over HTTP and over stdio (named in a config file), an MRTR
 * server, server-everything and a hostile server — with each `--answer` policy.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServerCommand } from '../../../../electron/demo-server/default-servers.js';
import { runCli, type CliRun } from '../../../helpers/cli-process.js';
import { startDemoServer, stopAllDemoServers } from '../../../helpers/demo-server-process.js';
import { tempDir } from '../../../host/host-harness.js';

const require = createRequire(import.meta.url);
const everythingMain = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const fixture = (name: string): string => require.resolve(`../../../fixtures/${name}`);

/** Characters a terminal acts on or that hide or reorder text (line breaks and tabs aside). */
const RAW_HAZARDS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

const temp = tempDir('mtm-cli-call-');
const data = join(temp.dir, 'data');
const file = (name: string, value: unknown): string => {
  const path = join(temp.dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};
const config = file('servers.json', [
  { name: 'demo-legacy', transport: 'stdio', ...demoServerCommand({ form: 'legacy', transport: 'stdio' }) },
  { name: 'mrtr', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', fixture('mrtr-elicitation-server.ts')] },
  { name: 'everything', transport: 'stdio', command: process.execPath, args: [everythingMain, 'stdio'] },
  { name: 'hostile', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', fixture('hostile-server.ts')] },
]);
const deployAnswers = file('deploy.json', { confirm: true, environment: 'production', note: 'from a file' });

/** The structured content of the `result` line of a --json run. */
function structured(run: CliRun): unknown {
  const result = run.lines().find((line) => line.type === 'result')?.result as { structuredContent?: unknown } | undefined;
  return result?.structuredContent;
}

function questions(run: CliRun): Record<string, unknown>[] {
  return run.lines().filter((line) => line.type === 'question');
}

let legacyUrl: string;
let extensionUrl: string;
beforeAll(async () => {
  [legacyUrl, extensionUrl] = await Promise.all([
    startDemoServer({ form: 'legacy', transport: 'http' }).then((server) => server.url!),
    startDemoServer({ form: 'extension', transport: 'http' }).then((server) => server.url!),
  ]);
});
afterAll(async () => {
  await stopAllDemoServers();
  temp.cleanup();
});

describe('call, following a task to its end (--watch)', () => {
  it('prints each status and the result, and exits 0 once the task completed (2025-11-25 over HTTP)', async () => {
    const run = await runCli(['call', legacyUrl, 'build', '--args', '{"durationMs":400,"project":"cli"}', '--watch', '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    const tasks = run.lines().filter((line) => line.type === 'task');
    expect(tasks.map((line) => line.state)).toEqual(expect.arrayContaining(['working', 'completed']));
    expect(tasks.every((line) => line.tool === 'build' && line.server === legacyUrl && line.form === 'legacy')).toBe(true);
    expect(structured(run)).toMatchObject({ project: 'cli', steps: expect.any(Array) });
    expect(run.end()).toMatchObject({ outcome: 'completed', exitCode: 0, task: tasks[0]!.id });
    // Never the session credentials a 2025-11-25 task keeps.
    expect(run.lines().filter((line) => 'legacy' in line)).toEqual([]);
    expect(run.stdout).not.toContain('taskCapabilities');
  });

  it('reads as text for a person by default', async () => {
    const run = await runCli(['call', extensionUrl, 'build', '--args', '{"durationMs":300}', '--watch', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/build on http:\/\/127\.0\.0\.1:\d+\/mcp: Working — Step 1\/5/u);
    expect(run.stdout).toMatch(/: Completed/u);
    expect(run.stdout).toContain('Built demo-app in 300 ms');
  });

  it.each([
    ['the tasks extension over HTTP', () => extensionUrl, []],
    ['2025-11-25 over stdio, named in --config', () => 'demo-legacy', ['--config', config]],
  ])('answers a task\'s form from an answers file (%s)', async (_case, target, extra) => {
    const run = await runCli(['call', target(), 'deploy', '--args', '{"durationMs":400}', '--watch', '--answer', `@${deployAnswers}`, '--json', '--data', data, ...extra]);
    expect(run.code, run.stderr).toBe(0);
    expect(questions(run)).toEqual([expect.objectContaining({ method: 'elicitation/create', answer: 'accepted', message: 'Deploy service "web"?' })]);
    expect(structured(run)).toEqual({ service: 'web', started: true, environment: 'production', note: 'from a file' });
  });

  it('never accepts defaults that leave a required field empty: the form is cancelled, and says which field', async () => {
    const run = await runCli(['call', legacyUrl, 'deploy', '--args', '{"durationMs":400}', '--watch', '--answer', 'defaults', '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(questions(run)).toEqual([expect.objectContaining({ answer: 'cancelled', why: expect.stringContaining('confirm') })]);
    expect(structured(run)).toMatchObject({ started: false, action: 'cancel' });
  });

  it('declines under --answer decline', async () => {
    const run = await runCli(['call', extensionUrl, 'deploy', '--args', '{"durationMs":400}', '--watch', '--answer', 'decline', '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(structured(run)).toMatchObject({ started: false, action: 'decline' });
  });

  it('cancels, and says so, when there is neither a policy nor a terminal to ask on', async () => {
    const run = await runCli(['call', legacyUrl, 'deploy', '--args', '{"durationMs":400}', '--watch', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/asked "Deploy service "web"\?": cancelled \(no --answer policy was given and there is no terminal to ask on\)/u);
    expect(run.stdout).toContain('the user chose "cancel"');
  });

  it('asks a person field by field under --answer ask (answers piped on stdin), sending only what was typed', async () => {
    const run = await runCli(['call', legacyUrl, 'deploy', '--args', '{"durationMs":400}', '--watch', '--answer', 'ask', '--json', '--data', data], { input: 'f\nmaybe\ny\n2\nshipping it\n' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('asks: Deploy service "web"?');
    expect(run.stderr).toContain('Choose yes or no.');
    expect(structured(run)).toEqual({ service: 'web', started: true, environment: 'production', note: 'shipping it' });
  });

  it('declines a sampling request under a policy: no reply is written for the model', async () => {
    const run = await runCli(['call', legacyUrl, 'summarize_changes', '--watch', '--answer', 'defaults', '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(questions(run)).toEqual([expect.objectContaining({ method: 'sampling/createMessage', answer: 'declined' })]);
    expect(structured(run)).toMatchObject({ summarized: false, reason: 'User rejected sampling request' });
  });

  it('never consents to open a web page under a policy', async () => {
    const run = await runCli(['call', extensionUrl, 'open_dashboard', '--watch', '--answer', 'defaults', '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(structured(run)).toMatchObject({ started: false, action: 'cancel' });
  });

  it('answers server-everything\'s research question from a file (an independent 2025-11-25 server)', async () => {
    const answers = file('research.json', { interpretation: 'snake' });
    const run = await runCli(['call', 'everything', 'simulate-research-query', '--args', '{"topic":"python","ambiguous":true}', '--watch', '--answer', `@${answers}`, '--config', config, '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(questions(run)).toEqual([expect.objectContaining({ answer: 'accepted' })]);
    expect(JSON.stringify(run.lines().find((line) => line.type === 'result'))).toContain('snake');
  });

  it('shows a hostile server\'s text with every control, bidi and invisible character written out', async () => {
    const answers = file('chaos.json', { ok: true });
    const run = await runCli(['call', 'hostile', 'chaos', '--watch', '--answer', `@${answers}`, '--config', config, '--data', data], { timeoutMs: 90_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('chaos survived');
    expect(run.stdout).toContain('\\u{1B}[31mred');
    expect(RAW_HAZARDS.test(run.stdout)).toBe(false);
    expect(RAW_HAZARDS.test(run.stderr)).toBe(false);
  }, 90_000);
});

describe('call, a direct answer', () => {
  it('prints a plain result and exits 0', async () => {
    const run = await runCli(['call', extensionUrl, 'quick', '--args', '{"text":"hello"}', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('hello');
  });

  it('keeps a call answered at once in the data folder: tasks list and tasks show read it as a plain call, completed, with its result', async () => {
    const run = await runCli(['call', legacyUrl, 'quick', '--args', '{"text":"kept"}', '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    const end = run.lines().find((line) => line.type === 'end')!;
    expect(end).toMatchObject({ outcome: 'completed', exitCode: 0, task: expect.any(String) });
    const id = String(end.task);
    const list = await runCli(['tasks', 'list', '--data', data]);
    expect(list.stdout.split('\n').find((line) => line.startsWith(id))).toMatch(/Completed\s+quick/);
    const show = await runCli(['tasks', 'show', id, '--data', data]);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('plain call (no task can come of it)');
    expect(show.stdout).toContain('The server answered the call directly');
    expect(show.stdout).toMatch(/Result:\n\s+kept/);
  });

  it.each([
    ['a result', 'result', 0, 'Released version 2.'],
    ['a tool error', 'isError', 1, 'The release failed'],
  ])('answers the questions a call waits on (MRTR) even without --watch, then ends with %s', async (_case, retry, code, text) => {
    const answers = file('release.json', { confirm: true });
    const run = await runCli(['call', 'mrtr', 'release', '--args', JSON.stringify({ retry }), '--answer', `@${answers}`, '--config', config, '--data', data]);
    expect(run.code, run.stderr).toBe(code);
    expect(run.stderr).toContain('asked "Release version 2 to everyone?": accepted');
    expect(run.stdout).toContain(text);
  });

  it('answers each new round of a call that keeps asking, until the engine gives up on it (it never hangs)', async () => {
    const run = await runCli(['call', 'mrtr', 'release', '--answer', 'decline', '--config', config, '--data', data]);
    expect(run.code, run.stderr).toBe(5);
    expect(run.stderr.match(/asked "Release version 2 to everyone\?": declined/gu)?.length).toBeGreaterThan(1);
    expect(run.stderr).toContain('kept asking for input');
  });

  it('exits 4 when the call is refused after the answers', async () => {
    const answers = file('release.json', { confirm: true });
    const run = await runCli(['call', 'mrtr', 'release', '--args', '{"retry":"refuse"}', '--answer', `@${answers}`, '--config', config, '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(4);
    expect(run.end()).toMatchObject({ outcome: 'refused', exitCode: 4 });
  });
});

describe('call, questions asked during a plain call (no task)', () => {
  it('answers a form from a file: the server gets exactly those values, the form\'s defaults for the rest', async () => {
    const answers = file('ada.json', { name: 'Ada Lovelace', check: true });
    const run = await runCli(['call', 'everything', 'trigger-elicitation-request', '--answer', `@${answers}`, '--config', config, '--data', data]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('everything asked "Please provide inputs for the following fields:": accepted.');
    expect(run.stdout).toContain('- Name: Ada Lovelace');
    expect(run.stdout).toContain('"firstLine": "It was a dark and stormy night."');
  });

  it('asks a person for a sampling reply under --answer ask and sends what they wrote as a person\'s reply', async () => {
    const run = await runCli(['call', 'everything', 'trigger-sampling-request', '--args', '{"prompt":"Say hello","maxTokens":50}', '--answer', 'ask', '--config', config, '--data', data], { input: 'Hello from a person\n' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('asks for a reply as if from a model (sampling)');
    expect(run.stderr).toContain('user: Resource trigger-sampling-request context: Say hello');
    expect(run.stdout).toContain('"text": "Hello from a person"');
    expect(run.stdout).toContain('"model": "human (MCP Task Monitor)"');
  });
});

describe('call, when it cannot be made', () => {
  it('exits 4 when the server refuses the call (unknown tool)', async () => {
    const run = await runCli(['call', 'mrtr', 'no_such_tool', '--config', config, '--json', '--data', data]);
    expect(run.code, run.stderr).toBe(4);
    expect(run.end()).toMatchObject({ outcome: 'refused', message: expect.stringContaining('no_such_tool') });
  });

  it('exits 6 when the server cannot be reached', async () => {
    const run = await runCli(['call', 'http://127.0.0.1:9/mcp', 'build', '--data', data]);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/Could not connect to http:\/\/127\.0\.0\.1:9\/mcp/u);
  });

  it('exits 2 on a command line it cannot use, before anything runs', async () => {
    const run = await runCli(['call', 'mrtr', 'release', '--data', data]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--config');
  });
});
