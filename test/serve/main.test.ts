/**
 * `electron/serve/main.ts` as a real child process, as `npm run serve` runs it after building:
 * one line with the address, a working token, and a graceful stop on SIGTERM and SIGINT that
 * also ends the server processes it started. Plus its two ways to refuse starting.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { send, siteFixture } from './serve-fixture.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const fixture = siteFixture();
const started: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => fixture.cleanup());

function serve(args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/serve/main.ts', ...args], { cwd: ROOT, stdio: 'pipe' });
  started.push(child);
  return child;
}

async function exited(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

/** Live (not zombie) demo-server processes whose parent is `pid`, from /proc. */
function demoServersOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const isDemo = readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('demo-server/main.ts');
      if (Number(ppid) === pid && state !== 'Z' && isDemo) children.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  for (const begun = Date.now(); !check(); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (Date.now() - begun > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('npm run serve (electron/serve/main.ts)', () => {
  it.runIf(process.platform === 'linux').each(['SIGTERM', 'SIGINT'] as const)('prints one line with the address; on %s it stops cleanly (exit 0) and leaves no server process behind', async (signal) => {
    const child = serve(['--data', `${fixture.dataDir}-${signal}`, '--ui', fixture.root]);
    const exit = exited(child);
    const lines = createInterface({ input: child.stdout });
    const [line] = (await once(lines, 'line')) as [string];
    const match = /open (http:\/\/127\.0\.0\.1:(\d+)\/\?token=[A-Za-z0-9_-]{43}) \(Ctrl\+C stops it\)$/.exec(line);
    expect(match, line).not.toBeNull();
    const address = new URL(match![1]!);
    expect((await send(Number(match![2]), `${address.pathname}${address.search}`)).status).toBe(302);

    const pid = child.pid!;
    await until(() => demoServersOf(pid).length === 2, 'the two demo servers to start');
    const servers = demoServersOf(pid);
    child.kill(signal);
    const { code } = await exit;
    expect(code).toBe(0);
    await until(() => servers.every((pid) => !isAlive(pid)), 'the demo servers to end', 5_000);
    await expect(send(Number(match![2]), '/')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('explains how to build the UI when it is missing', async () => {
    const { code, stderr } = await exited(serve(['--data', fixture.dataDir, '--ui', `${fixture.root}-missing`]));
    expect(code).toBe(1);
    expect(stderr).toMatch(/has not been built: .*index\.html is missing\. Run `npm run serve`/);
  });

  it('refuses a bad command line with its usage', async () => {
    const { code, stderr } = await exited(serve(['--port', 'eighty']));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--port must be a port number[\s\S]*Usage: npm run serve/);
  });
});
