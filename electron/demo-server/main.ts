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
 */
import { bearerTokenGate } from './auth/protected-resource.js';
import { USAGE, parseCliOptions, type CliOptions } from './cli-options.js';
import { serveExtensionOverHttp } from './extension/http.js';
import { serveExtensionOverStdio } from './extension/stdio.js';
import { serveLegacyOverHttp } from './legacy/http.js';
import { serveLegacyOverStdio } from './legacy/stdio.js';
import { createStderrLogger, type Logger } from './log.js';
import type { RunningServer } from './running-server.js';

/** How long a clean shutdown may take before the process is ended anyway. */
const SHUTDOWN_GRACE_MS = 3_000;

function start(options: CliOptions, log: Logger): Promise<RunningServer> {
  const listen = { port: options.port, ...(options.auth === undefined ? {} : { gate: bearerTokenGate(options.auth, log) }) };
  if (options.form === 'extension') {
    return options.transport === 'stdio' ? Promise.resolve(serveExtensionOverStdio(log)) : serveExtensionOverHttp(listen, log);
  }
  return options.transport === 'stdio' ? serveLegacyOverStdio(log) : serveLegacyOverHttp(listen, log);
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
  const server = await start(options, log);

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
  if (options.transport === 'stdio') process.stdin.once('end', () => stop('stdin closed'));

  if (server.url !== undefined) process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  const auth = options.auth === undefined ? '' : `, access tokens from ${options.auth} required`;
  log.info(`serving ${options.form} form over ${options.transport}${server.url === undefined ? '' : ` at ${server.url}`}${auth}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
