/**
 * Browser mode: the same host core as the desktop app, served to a browser on 127.0.0.1 — the
 * built renderer over HTTP and the IPC contract over one WebSocket at BRIDGE_SOCKET_PATH. Every
 * request and the upgrade pass the access checks first (access-guard.ts, SECURITY §4); the UI
 * cannot add, change or approve stdio commands here: those come from the operator only.
 */
import { STATUS_CODES, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { BRIDGE_SOCKET_PATH } from '../../shared/ipc/socket-protocol.js';
import { createConsoleLogger } from '../engine/console-logger.js';
import type { Logger } from '../engine/index.js';
import { createHost, type CreateHostOptions, type OperatorServer } from '../host/create-host.js';
import { sessionOnlySecretStore } from '../host/secret-stores.js';
import { AccessGuard, createAccessToken, locationWithoutToken, splitUrl } from './access-guard.js';
import { securityHeaders } from './security-headers.js';
import { SocketBridge } from './socket-bridge.js';
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
  const host = await createHost({
    dataDir: options.dataDir,
    mode: 'browser',
    secretStore: sessionOnlySecretStore,
    logger,
    ...(options.configuredServers !== undefined ? { configuredServers: options.configuredServers } : {}),
    ...(options.ports !== undefined ? { ports: options.ports } : {}),
  });
  const server = createServer();
  let port: number;
  try {
    port = await listen(server, options.port ?? 0);
  } catch (error) {
    await host.dispose();
    throw error;
  }

  // The checks need the port, so handlers are attached after listening: this runs in the
  // continuation of `listen`, before the event loop can accept a connection.
  const token = createAccessToken();
  const guard = new AccessGuard(token, port);
  const headers = securityHeaders(port);
  const bridge = new SocketBridge(host, logger);
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
    const refusal = !verdict.ok ? verdict.status : splitUrl(request.url ?? '/').path !== BRIDGE_SOCKET_PATH ? 404 : undefined;
    if (refusal === undefined) bridge.accept(request, socket, head);
    else socket.end(`HTTP/1.1 ${refusal} ${STATUS_CODES[refusal]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });

  async function handleRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const verdict = guard.check(request, { isOriginRequired: false });
    if (!verdict.ok) {
      response.writeHead(verdict.status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end(verdict.reason);
    } else if (verdict.isTokenInQuery) {
      response.writeHead(302, { ...headers, 'Set-Cookie': guard.cookie(), Location: locationWithoutToken(request.url ?? '/') }).end();
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
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
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
