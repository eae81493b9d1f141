/**
 * Runs the real `mcp-task-monitor` executable (package.json `bin`) as a child process, the way a
 * script would: stdin a pipe (so not a terminal), stdout and stderr captured.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI_BIN = fileURLToPath(new URL('../../electron/cli/bin/mcp-task-monitor.js', import.meta.url));

/** How one command ended. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON lines (only with --json). */
  lines(): Record<string, unknown>[];
  /** The last JSON line: `{"type":"end",...}`. */
  end(): Record<string, unknown>;
}

/** Runs the client with `args`; `input` is written to its stdin, which is then closed. Killed after `timeoutMs` (default: before a test times out). */
export async function runCli(args: readonly string[], options: { input?: string; timeoutMs?: number } = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [CLI_BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  const lines = (): Record<string, unknown>[] => stdout.trim().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    code,
    stdout,
    stderr,
    lines,
    end: () => {
      const last = lines().at(-1);
      if (last?.type !== 'end') throw new Error(`No end line. stdout:\n${stdout}\nstderr:\n${stderr}`);
      return last;
    },
  };
}
