/**
 * The extension server over Streamable HTTP: the SDK's `createMcpHandler` (stateless, modern
 * era only) with task subscriptions served in front of it, on a loopback listener.
 */
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { Logger } from '../log.js';
import { listenOnLoopback, type HttpListenOptions } from '../loopback-http.js';
import { closeOnce, type RunningServer } from '../running-server.js';
import { createExtensionServerCore, type ExtensionServerCore } from './extension-server.js';
import { serveTaskListen } from './http-listen.js';

/**
 * Serves the extension form at `http://127.0.0.1:<port>/mcp` (port 0 = any free port; with a gate
 * for `--auth`); `core` defaults to the demo's own (a test passes one built from parts it watches).
 */
export async function serveExtensionOverHttp(listen: HttpListenOptions, log: Logger, core: ExtensionServerCore = createExtensionServerCore(log)): Promise<RunningServer> {
  const reportError = (error: unknown): void => log.debug(`http: ${String(error)}`);
  // `legacy: 'reject'`: this server speaks 2026-07-28 only; 2025-era POSTs get -32022 naming it.
  const sdk = createMcpHandler(core.factory, { legacy: 'reject', onerror: reportError });
  const handle = toNodeHandler(
    { fetch: async (request) => (await serveTaskListen(request, core.subscriptions)) ?? sdk.fetch(request) },
    { onerror: reportError },
  );
  const http = await listenOnLoopback(listen, (req, res, parsedBody) => handle(req, res, parsedBody), (error) => log.error(`http: ${String(error)}`));
  return {
    url: http.url,
    close: closeOnce(async () => {
      core.dispose();
      await sdk.close();
      await http.close();
    }),
  };
}
