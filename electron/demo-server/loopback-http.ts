/**
 * The HTTP listener both demo servers share: bound to 127.0.0.1 only, with the SDK's Host and
 * Origin guards against DNS rebinding (docs/security.md#browser-mode), serving the MCP endpoint at
 * `/mcp`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localhostHostValidation, localhostOriginValidation } from '@modelcontextprotocol/node';
import type { RequestGate, RequestGateFactory } from './auth/protected-resource.js';

/**
 * How long open responses (e.g. an SSE stream writing its graceful end) may take to finish when
 * the server closes. Short, and needed as a bound anyway: Node 20 keeps a connection whose client
 * aborted an SSE response in its active set until it is destroyed explicitly.
 */
const CLOSE_GRACE_MS = 250;

/** The path of the MCP endpoint. */
export const MCP_PATH = '/mcp';

/** A listening loopback HTTP server. */
export interface LoopbackHttpServer {
  /** `http://127.0.0.1:PORT/mcp`. */
  readonly url: string;
  /** Stops accepting, lets open responses finish briefly, then drops what is left; resolves once closed. */
  close(): Promise<void>;
}

/**
 * Handles one request to the MCP endpoint; must answer it. `parsedBody` is the JSON body when the
 * request gate already read it (the request stream is then consumed).
 */
export type McpRequestHandler = (req: IncomingMessage, res: ServerResponse, parsedBody?: unknown) => Promise<void>;

/** Where to listen: a port (0 = any free port), optionally with a gate in front of every request (`--auth`). */
export type HttpListenOptions = number | { readonly port: number; readonly gate?: RequestGateFactory };

/**
 * Listens on 127.0.0.1 (`listen`: the port, or the port and a request gate). Requests with a
 * foreign Host or Origin get 403 first; then the gate (if any) may answer; requests to other
 * paths than the MCP endpoint get 404.
 */
export async function listenOnLoopback(listen: HttpListenOptions, handle: McpRequestHandler, onError: (error: unknown) => void): Promise<LoopbackHttpServer> {
  const { port, gate: gateFactory } = typeof listen === 'number' ? { port: listen, gate: undefined } : listen;
  const hostAllowed = localhostHostValidation();
  const originAllowed = localhostOriginValidation();
  // Built once the port is known; nobody can know the URL before that, so no request meets it unset.
  let gate: RequestGate | undefined = undefined;
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const decision = gate === undefined ? undefined : await gate.admit(req, res, pathname);
    if (decision?.answered === true) return;
    if (pathname !== MCP_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    await handle(req, res, decision?.parsedBody);
  };
  const server = createServer((req, res) => {
    if (!hostAllowed(req, res) || !originAllowed(req, res)) return;
    serve(req, res).catch((error: unknown) => {
      onError(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: boundPort } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${boundPort}${MCP_PATH}`;
  gate = gateFactory?.(url);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        // Idle keep-alive sockets go now; streams still flushing their last events get a grace period.
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
