/**
 * Browser mode: the same host core as the desktop app, served to a browser on 127.0.0.1 — the
 * built renderer over HTTP and the IPC contract over one WebSocket at BRIDGE_SOCKET_PATH. Every
 * request and the upgrade pass the access checks first (access-guard.ts,
 * docs/security.md#browser-mode); the UI cannot add, change or approve stdio commands here: those
 * come from the operator only. Signing in to HTTP servers comes back to this origin
 * (sign-in-routes.ts).
 */
import { STATUS_CODES, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { IpcResult } from '../../shared/ipc/contract.js';
import { BRIDGE_SOCKET_PATH, SIGN_IN_CALLBACK_PATH, SIGN_IN_START_PATH } from '../../shared/ipc/socket-paths.js';
import type { Logger } from '../engine/index.js';
import { createHost, type CreateHostOptions, type Host, type OperatorServer } from '../host/create-host.js';
import { sessionOnlySecretStore } from '../host/secret-stores.js';
import { createConsoleLogger } from '../node/console-logger.js';
import { AccessGuard, createAccessToken, locationWithoutToken, splitUrl } from './access-guard.js';
import { securityHeaders } from './security-headers.js';
import { BrowserSignIn } from './sign-in-routes.js';
import { SocketHost } from './socket-host.js';
import { StaticSite } from './static-site.js';

/** Where `vite build` puts the renderer. */
export const DEFAULT_STATIC_ROOT = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
/** The only interface the server binds: never 0.0.0.0. */
const LOOPBACK = '127.0.0.1';

export interface BrowserServerOptions {
  /** The data folder (servers.json, tasks, results). */
  dataDir: string;
  /** The built renderer; default `dist/renderer` of this checkout. */
  staticRoot?: string;
  /** 0 (default): any free port. */
  port?: number;
  /** Our own servers, seeded on first start (`CreateHostOptions.defaultServers`). */
  defaultServers: CreateHostOptions['defaultServers'];
  /** Servers from the config file and the command line. */
  configuredServers?: readonly OperatorServer[];
  /** Default: warnings and errors as JSON lines on stderr. */
  logger?: Logger;
  /** Engine ports replacing the plain-Node ones (e.g. a task store set up differently). */
  ports?: CreateHostOptions['ports'];
}

/** A running browser-mode server. */
export interface BrowserServer {
  /** The address to open, token included: `http://127.0.0.1:PORT/?token=…`. */
  readonly url: string;
  readonly token: string;
  readonly port: number;
  /** Closes every socket and the HTTP server, then stops the host and its server processes. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts browser mode: checks that the UI is built (rejecting with how to build it), starts the
 * host on `dataDir`, then listens on 127.0.0.1.
 */
export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const logger = options.logger ?? createConsoleLogger('warn');
  const site = await StaticSite.open(options.staticRoot ?? DEFAULT_STATIC_ROOT);
  const server = createServer();
  // Listening first: sign-in's redirect address names the port.
  const port = await listen(server, options.port ?? 0);
  // The checks need the port too; until the host is ready every request is answered 503.
  const token = createAccessToken();
  const guard = new AccessGuard(token, port);
  const headers = securityHeaders(port);
  let ready: { bridge: SocketHost; signIn: BrowserSignIn } | undefined = undefined;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    handleRequest(request, response).catch((error: unknown) => {
      logger.error('request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!response.headersSent) response.writeHead(500, headers);
      response.end();
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const verdict = guard.check(request, { isOriginRequired: true });
    const refusal = !verdict.ok ? verdict.status : splitUrl(request.url ?? '/').path !== BRIDGE_SOCKET_PATH ? 404 : ready === undefined ? 503 : undefined;
    if (refusal === undefined) ready?.bridge.accept(request, socket, head);
    else socket.end(`HTTP/1.1 ${refusal} ${STATUS_CODES[refusal]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });

  let host: Host;
  try {
    host = await createHost({
      dataDir: options.dataDir,
      mode: 'browser',
      secretStore: sessionOnlySecretStore,
      logger,
      defaultServers: options.defaultServers,
      // The authorization server sends the browser back here (sign-in-routes.ts), not to a loopback listener of its own.
      signIn: { redirect: { kind: 'app', callbackUrl: `http://${LOOPBACK}:${port}${SIGN_IN_CALLBACK_PATH}` } },
      ...(options.configuredServers !== undefined ? { configuredServers: options.configuredServers } : {}),
      ...(options.ports !== undefined ? { ports: options.ports } : {}),
    });
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  const bridge = new SocketHost(host, logger);
  const signIn = new BrowserSignIn({
    startSignIn: (serverId) => host.dispatch('servers:sign-in', { id: serverId }) as Promise<IpcResult<{ authorizationUrl?: string }>>,
    completeSignIn: (params) => host.completeSignIn(params),
  }, headers);
  ready = { bridge, signIn };

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = splitUrl(request.url ?? '/').path;
    // The one route a cross-site navigation reaches: the Host rule, then the sign-in's own binding.
    const verdict = path === SIGN_IN_CALLBACK_PATH ? guard.checkHost(request) : guard.check(request, { isOriginRequired: false });
    if (!verdict.ok) {
      response.writeHead(verdict.status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(verdict.reason);
    } else if (ready === undefined) {
      response.writeHead(503, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '1' }).end('MCP Task Monitor is still starting.');
    } else if (path === SIGN_IN_CALLBACK_PATH) {
      await ready.signIn.callback(request, response);
    } else if (verdict.isTokenInQuery) {
      response.writeHead(302, { ...headers, 'Set-Cookie': guard.cookie(), Location: locationWithoutToken(request.url ?? '/') }).end();
    } else if (path === SIGN_IN_START_PATH) {
      await ready.signIn.start(request, response);
    } else if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
    } else {
      await site.serve(request, response, headers);
    }
  }

  let closing: Promise<void> | undefined;
  return {
    url: `http://${LOOPBACK}:${port}/?token=${token}`,
    token,
    port,
    close: () => (closing ??= (async () => {
      await bridge.close();
      await closeServer(server);
      await host.dispose();
    })()),
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
