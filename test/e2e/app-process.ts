/**
 * The app in browser mode as a real child process (`electron/serve/main.ts`, or another entry
 * taking its options) on its own data folder, for end-to-end tests that stop, kill and restart
 * the host mid-task.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../../electron/serve/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** How long a graceful stop may take before the process is killed (the test then fails on its own terms). */
const STOP_TIMEOUT_MS = 10_000;

/** A running browser-mode host. */
export interface AppProcess {
  /** The address to open, token included. */
  readonly url: string;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly port: number;
  /** The per-launch access token. */
  readonly token: string;
  /** Everything the host wrote to stderr so far (its log), for failure messages. */
  stderr(): string;
  /** Graceful stop (SIGTERM): stores flushed, server trees ended. Idempotent; SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL — a crash: nothing flushed, nothing closed; resolves once the process is gone. Idempotent. */
  kill(): Promise<void>;
}

/** A browser-mode process that was started and may not have printed its address yet. */
export interface LaunchedApp {
  /**
   * Resolves once the address line is printed; rejects (after stopping it) when it is not — also
   * when it was killed before, so a test that kills it early must handle the rejection.
   */
  readonly ready: Promise<AppProcess>;
  /** Everything the host wrote to stderr so far. */
  stderr(): string;
  /** SIGKILL, at any moment of its start-up or run; resolves once the process is gone. Idempotent. */
  kill(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * The entry to run instead of `electron/serve/main.ts`; it must take the same options and print
   * the same address line. A `.ts` entry runs through tsx, a built `.js` one on plain node.
   */
  entry?: string;
}

/**
 * Starts browser mode on `dataDir` (extra CLI arguments optional, e.g. `--ui <dir>` or
 * `--server <json>`) and waits for its address line.
 */
export function startAppProcess(dataDir: string, extraArgs: readonly string[] = []): Promise<AppProcess> {
  return launchAppProcess(dataDir, extraArgs).ready;
}

/** Like `startAppProcess`, but hands over the process before it is ready, so a test can kill it while it starts. */
export function launchAppProcess(dataDir: string, extraArgs: readonly string[] = [], options: LaunchOptions = {}): LaunchedApp {
  const entry = options.entry ?? ENTRY;
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [...loader, entry, '--data', dataDir, '--port', '0', ...extraArgs], { cwd: ROOT, stdio: 'pipe' });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const exited = once(child, 'exit');

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= (async () => {
    if (hasExited()) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  })());
  let killing: Promise<void> | undefined;
  const kill = () => (killing ??= (async () => {
    if (hasExited()) return;
    child.kill('SIGKILL');
    await exited;
  })());
  return { ready: whenReady(child, () => stderr, stop, kill), stderr: () => stderr, kill };
}

async function whenReady(child: ChildProcessWithoutNullStreams, stderrSoFar: () => string, stop: () => Promise<void>, kill: () => Promise<void>): Promise<AppProcess> {
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`browser mode printed no address in 30 s; stderr:\n${stderrSoFar()}`)), 30_000);
      createInterface({ input: child.stdout }).on('line', (line) => {
        const match = /open (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(line);
        if (match === null) return;
        clearTimeout(timer);
        resolve(match[1]!);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`browser mode exited (${code}) before printing its address; stderr:\n${stderrSoFar()}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  // Keep draining stdout so the child never blocks on a full pipe.
  child.stdout.resume();
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token')!,
    stderr: stderrSoFar,
    stop,
    kill,
  };
}
