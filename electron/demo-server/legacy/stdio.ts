/** The legacy server over stdio: one session for the life of the process (docs/protocol-notes.md#legacy-sessions-and-transports). */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from '../log.js';
import { closeOnce, type RunningServer, type StdioStreams } from '../running-server.js';
import { createLegacyServerCore } from './legacy-server.js';

/**
 * Serves the 2025-11-25 form on `stdio` (default: this process's stdin/stdout) until `close()`.
 * The 1.x stdio transport does not notice the end of stdin; the caller closes the server then.
 */
export async function serveLegacyOverStdio(log: Logger, stdio: StdioStreams = { stdin: process.stdin, stdout: process.stdout }): Promise<RunningServer> {
  const core = createLegacyServerCore(log);
  const server = core.createServer();
  server.server.onerror = (error) => log.debug(`stdio: ${error.message}`);
  await server.connect(new StdioServerTransport(stdio.stdin, stdio.stdout));
  return {
    close: closeOnce(async () => {
      core.dispose();
      await server.close();
    }),
  };
}
