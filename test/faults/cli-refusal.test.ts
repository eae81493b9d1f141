/**
 * `mcp-task-monitor call` (the real executable) when the task journal cannot be written: the
 * call is refused before anything is sent (counted on the server's side of the pipe), the
 * command says why and exits "could not run"; once the disk heals the same call goes out.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { demoServerCommand } from '../../electron/demo-server/default-servers.js';
import { EXIT_CODES } from '../../electron/cli/terminal-client/exit-codes.js';
import { runCli } from '../helpers/cli-process.js';
import { tempDir } from '../host/host-harness.js';

const LAUNCHER = fileURLToPath(new URL('../fixtures/counting-launcher.ts', import.meta.url));
const temp = tempDir('mtm-cli-refusal-');
afterAll(() => temp.cleanup());

it('refuses the call with a clear message, sends nothing, and sends it once the journal can be written again', async () => {
  const data = join(temp.dir, 'data');
  const countFile = join(temp.dir, 'calls.log');
  const { command, args, cwd } = demoServerCommand({ form: 'extension', transport: 'stdio' });
  const config = join(temp.dir, 'servers.json');
  writeFileSync(config, JSON.stringify([{ name: 'counted', transport: 'stdio', command: process.execPath, args: ['--import', 'tsx', LAUNCHER, countFile, command, ...args], cwd }]));
  const journal = join(data, 'tasks.journal');
  mkdirSync(journal, { recursive: true }); // a folder where the journal should be: every write of it fails (EISDIR)
  const received = (): string[] => (existsSync(countFile) ? readFileSync(countFile, 'utf8').split('\n').filter((line) => line !== '') : []);

  const refused = await runCli(['call', 'counted', 'build', '--args', '{"durationMs":100}', '--config', config, '--data', data]);

  expect(refused.code).toBe(EXIT_CODES['could-not-run']);
  expect(refused.stdout + refused.stderr).toMatch(
    /The call was not sent: it could not be saved first \(task changes are not saved in this session: the saved task list could not be opened \(EISDIR\), folder .+\)\. A call is only sent once it is saved/,
  );
  expect(received()).toEqual([]);

  rmdirSync(journal);
  const sent = await runCli(['call', 'counted', 'build', '--args', '{"durationMs":100}', '--config', config, '--data', data, '--json']);
  expect(sent.end()).toMatchObject({ type: 'end' });
  expect(received()).toEqual(['build']);
});
