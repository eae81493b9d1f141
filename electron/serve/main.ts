/**
 * `npm run serve`: the app in a browser. Builds nothing itself (the npm script runs `vite build`
 * first), starts the host and the loopback server, and prints one line: the address to open,
 * with the per-launch token. Logs go to stderr. Ctrl+C (SIGINT) or SIGTERM stop it gracefully:
 * sockets closed, server process trees ended, stores flushed.
 */
import { demoSignInServerConfig } from '../demo-server/auth/demo-sign-in-config.js';
import { startDemoSignIn, type DemoSignIn } from '../demo-server/auth/demo-sign-in.js';
import { defaultDemoServers } from '../demo-server/default-servers.js';
import { createConsoleLogger } from '../node/console-logger.js';
import { startBrowserServer } from './browser-server.js';
import { USAGE, UsageError, readServeOptions } from './cli-options.js';

let options;
try {
  options = await readServeOptions(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options.isHelp) {
  console.log(USAGE);
  process.exit(0);
}
for (const note of options.notes) console.error(`Note: ${note}`);

let server;
let demoSignIn: DemoSignIn | undefined;
try {
  demoSignIn = options.demoAuth ? await startDemoSignIn() : undefined;
  server = await startBrowserServer({
    dataDir: options.dataDir,
    port: options.port,
    ...(options.staticRoot !== undefined ? { staticRoot: options.staticRoot } : {}),
    defaultServers: defaultDemoServers(),
    configuredServers: [
      ...options.configuredServers,
      ...(demoSignIn === undefined ? [] : [{ config: demoSignInServerConfig(demoSignIn.url), origin: 'command-line' as const }]),
    ],
    logger: createConsoleLogger('warn'),
  });
} catch (error) {
  console.error(`MCP Task Monitor could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (demoSignIn !== undefined) {
  console.error(`Demo sign-in: the server "${demoSignInServerConfig(demoSignIn.url).name}" needs sign-in at ${demoSignIn.issuer} (any login and password pass).`);
}
console.log(`MCP Task Monitor is running: open ${server.url} (Ctrl+C stops it)`);

const running = server;
const stopDemoSignIn = demoSignIn;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // A second signal while closing ends the process at once.
    process.once(signal, () => process.exit(1));
    void running.close().then(() => stopDemoSignIn?.close()).then(() => process.exit(0), (error: unknown) => {
      console.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  });
}
