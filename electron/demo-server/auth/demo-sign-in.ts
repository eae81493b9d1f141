/**
 * The demo sign-in of `npm start -- --demo-auth` / `npm run serve -- --demo-auth`: the demo
 * authorization server and, next to it, the extension demo server over HTTP requiring its access
 * tokens, both in the calling process on loopback ports of their own. The app adds the server for
 * the session, so a user can try sign-in (login and consent pages, refresh, step-up for `deploy`)
 * without an account anywhere. Both end with `close()`; everything they hold is in memory.
 */
import { createExtensionServerCore } from '../extension/extension-server.js';
import { serveExtensionOverHttp } from '../extension/http.js';
import type { Logger } from '../log.js';
import { startAuthorizationServer } from './authorization-server.js';
import { bearerTokenGate } from './protected-resource.js';


/**
 * Access tokens live two minutes: short enough that a few minutes of use show a refresh, long
 * enough not to be noise.
 */
const DEMO_ACCESS_TOKEN_TTL_S = 120;

/** A running demo sign-in setup. */
export interface DemoSignIn {
  /** The authorization server's issuer (`http://127.0.0.1:<port>`). */
  readonly issuer: string;
  /** The MCP endpoint that requires sign-in (`http://127.0.0.1:<port>/mcp`). */
  readonly url: string;
  /** Stops the MCP server, then the authorization server. Safe to call twice. */
  close(): Promise<void>;
}

/** Only what an operator should see: the demo servers' routine info lines would clutter the app's terminal. */
function quietLogger(name: string): Logger {
  const write = (level: string) => (message: string) => process.stderr.write(`[${name}] ${level}: ${message}\n`);
  return { debug: () => undefined, info: () => undefined, warn: write('warn'), error: write('error') };
}

/** Starts the authorization server and the MCP server that trusts it. */
export async function startDemoSignIn(): Promise<DemoSignIn> {
  const log = quietLogger('demo-sign-in');
  const authorizationServer = await startAuthorizationServer({ accessTokenTtlSeconds: DEMO_ACCESS_TOKEN_TTL_S });
  try {
    const server = await serveExtensionOverHttp({ port: 0, gate: bearerTokenGate(authorizationServer.issuer, log) }, log, createExtensionServerCore(log));
    const { url } = server;
    if (url === undefined) throw new Error('the demo sign-in server has no URL');
    let closing: Promise<void> | undefined;
    return {
      issuer: authorizationServer.issuer,
      url,
      close: () =>
        (closing ??= (async () => {
          await server.close();
          await authorizationServer.close();
        })()),
    };
  } catch (error) {
    await authorizationServer.close();
    throw error;
  }
}
