/**
 * Entry point of the embedded demo MCP servers:
 *
 *   node --import tsx electron/demo-server/main.ts --form extension|legacy --transport stdio|http [--port N] [--auth ISSUER]
 *
 * - `extension`: protocol 2026-07-28 with the Tasks extension
 *   (docs/protocol-notes.md#the-tasks-extension-2026-07-28), server "demo-extension".
 * - `legacy`: protocol 2025-11-25 with experimental tasks
 *   (docs/protocol-notes.md#the-experimental-tasks-of-2025-11-25), server "demo-legacy".
 *
 * In HTTP mode (127.0.0.1 only) exactly one line `{"url":"http://127.0.0.1:PORT/mcp"}` is written
 * to stdout once the server listens. Logs go to stderr. The process exits cleanly on SIGTERM,
 * SIGINT, and — on stdio — when stdin ends. `--auth ISSUER` (HTTP only) makes the endpoint an
 * OAuth protected resource that accepts only access tokens from ISSUER (auth/protected-resource.ts).
 *
 * Run as an Electron utility process (the packaged app, `process.parentPort` present) there is
 * no stdin pipe: what the app writes arrives as messages instead (message-stdin.ts).
 */
import { bearerTokenGate } from './auth/protected-resource.js';
import { USAGE, parseCliOptions, type CliOptions } from './cli-options.js';
import { serveExtensionOverHttp } from './extension/http.js';
import { serveExtensionOverStdio } from './extension/stdio.js';
import { serveLegacyOverHttp } from './legacy/http.js';
import { serveLegacyOverStdio } from './legacy/stdio.js';
import { createStderrLogger, type Logger } from './log.js';
import { messageStdinReader, type MessagePortLike } from './message-stdin.js';
import type { RunningServer, StdioStreams } from './running-server.js';

/** How long a clean shutdown may take before the process is ended anyway. */
const SHUTDOWN_GRACE_MS = 3_000;

/** This process's stdio; in a utility process, stdin is read from the parent's messages. */
function ownStdio(): StdioStreams {
  // Electron adds `parentPort` to `process` in utility processes only; Node's typings lack it.
  const { parentPort } = process as { parentPort?: MessagePortLike | null };
  return { stdin: parentPort ? messageStdinReader(parentPort) : process.stdin, stdout: process.stdout };
}

/** Starts the server: over `stdio` when given, else over HTTP. */
function start(options: CliOptions, log: Logger, stdio: StdioStreams | undefined): Promise<RunningServer> {
  if (stdio !== undefined) return options.form === 'extension' ? Promise.resolve(serveExtensionOverStdio(log, stdio)) : serveLegacyOverStdio(log, stdio);
  const listen = { port: options.port, ...(options.auth === undefined ? {} : { gate: bearerTokenGate(options.auth, log) }) };
  return options.form === 'extension' ? serveExtensionOverHttp(listen, log) : serveLegacyOverHttp(listen, log);
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const log = createStderrLogger(options.form === 'extension' ? 'demo-extension' : 'demo-legacy');
  const stdio = options.transport === 'stdio' ? ownStdio() : undefined;
  const server = await start(options, log, stdio);

  let stopping = false;
  const stop = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    log.info(`shutting down (${reason})`);
    // Everything is closed below, so the process ends on its own; this only guards against a leak.
    setTimeout(() => {
      log.warn('handles still open after shutdown; exiting anyway');
      process.exit(0);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().catch((error: unknown) => {
      log.error(`shutdown failed: ${String(error)}`);
      process.exitCode = 1;
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  stdio?.stdin.once('end', () => stop('stdin closed'));

  if (server.url !== undefined) process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  const auth = options.auth === undefined ? '' : `, access tokens from ${options.auth} required`;
  log.info(`serving ${options.form} form over ${options.transport}${server.url === undefined ? '' : ` at ${server.url}`}${auth}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
