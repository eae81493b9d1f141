/**
 * Starts the embedded demo MCP servers (electron/demo-server/main.ts) as real child processes,
 * for the demo-server tests and the engine's integration tests.
 *
 * - `demoServerCommand(options)` gives the command line only (`process.execPath` +
 *   `['--import', 'tsx', <abs main.ts>, ...]`, run from `cwd`), e.g. for an engine stdio config.
 * - `startDemoServer(options)` spawns it; in HTTP mode it resolves once the server printed its
 *   `{"url":…}` line. `stop()` ends it: stdio — stdin closed; HTTP — SIGTERM; SIGKILL if it hangs.
 * - `stopAllDemoServers()` stops every process this module started (use it in `afterAll`).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import {
  demoServerCommand,
  type DemoServerCommand,
  type DemoServerForm,
  type DemoServerTransport,
} from '../../electron/demo-server/default-servers.js';

export { demoServerCommand, type DemoServerCommand, type DemoServerForm, type DemoServerTransport };

export interface DemoServerOptions {
  form: DemoServerForm;
  transport: DemoServerTransport;
  /** HTTP only; 0 (default) = a free port picked by the server. */
  port?: number;
  /** HTTP only: the issuer whose access tokens the server requires (`--auth`). */
  auth?: string;
  /** The command line to run instead of the checkout's sources through tsx (e.g. the bundle under plain `node`). */
  run?: DemoServerCommand;
}

/** A running demo server process. */
export interface DemoServerProcess extends DemoServerCommand {
  /** The MCP endpoint in HTTP mode. */
  readonly url?: string;
  /** The process; on stdio its stdin/stdout are the MCP channel. */
  readonly child: ChildProcessWithoutNullStreams;
  /** Everything the server wrote to stderr so far (its log). */
  stderr(): string;
  /** Ends the process and resolves once it exited (idempotent). */
  stop(): Promise<void>;
}

const UrlLineSchema = z.object({ url: z.url() });
const running = new Set<DemoServerProcess>();

async function waitForExit(child: ChildProcessWithoutNullStreams, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  const timeout = new Promise<false>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
  return Promise.race([once(child, 'exit').then(() => true), timeout]);
}

async function readUrl(child: ChildProcessWithoutNullStreams, stderr: () => string, timeoutMs: number): Promise<string> {
  const lines = createInterface({ input: child.stdout });
  const timer = setTimeout(() => lines.close(), timeoutMs);
  try {
    for await (const line of lines) return UrlLineSchema.parse(JSON.parse(line)).url;
  } finally {
    clearTimeout(timer);
    lines.close();
  }
  throw new Error(`demo server printed no URL line within ${timeoutMs} ms; stderr:\n${stderr()}`);
}

/** Spawns a demo server; in HTTP mode waits (up to `startTimeoutMs`) for its URL. */
export async function startDemoServer(options: DemoServerOptions, startTimeoutMs = 20_000): Promise<DemoServerProcess> {
  const command = options.run ?? demoServerCommand(options);
  const child = spawn(command.command, command.args, { cwd: command.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let log = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (log += chunk));
  const stderr = () => log;

  let stopping: Promise<void> | undefined;
  const server: DemoServerProcess = {
    ...command,
    child,
    stderr,
    stop: () =>
      (stopping ??= (async () => {
        // stdio: closing stdin is the polite shutdown (docs/protocol-notes.md#transports); HTTP
        // servers get SIGTERM.
        if (options.transport === 'stdio') child.stdin.end();
        if (options.transport === 'http' || !(await waitForExit(child, 2_000))) child.kill('SIGTERM');
        if (!(await waitForExit(child, 3_000))) child.kill('SIGKILL');
        await waitForExit(child, 1_000);
        running.delete(server);
      })()),
  };
  running.add(server);
  if (options.transport === 'stdio') return server;
  try {
    return { ...server, url: await readUrl(child, stderr, startTimeoutMs) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Stops every demo server this module started and has not stopped yet. */
export async function stopAllDemoServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}
