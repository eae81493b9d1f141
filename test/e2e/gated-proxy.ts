/**
 * A loopback HTTP proxy in front of an MCP endpoint that holds back requests of one MCP method
 * (by their `Mcp-Method` header) until the test opens the gate. It makes a transient state
 * observable without timing luck: e.g. a held `tasks/cancel` keeps a task in "cancel requested"
 * until the test has seen it, then the server gets the request and the task really ends.
 * Everything else (SSE streams included) passes straight through.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatedProxy {
  /** The MCP endpoint to configure instead of the target's. */
  readonly url: string;
  /** Resolves once a request of the held method has arrived (and is being held). */
  held(): Promise<void>;
  /** Forwards the held requests and every later one of that method. */
  open(): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 for `target` (an http://127.0.0.1 URL) that holds `method`. */
export async function startGatedProxy(target: string, method: string): Promise<GatedProxy> {
  const upstream = new URL(target);
  let isOpen = false;
  const waiting: (() => void)[] = [];
  let markHeld!: () => void;
  const firstHeld = new Promise<void>((resolve) => (markHeld = resolve));

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const request = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: upstream.host } },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    request.on('error', () => outgoing.destroy());
    outgoing.on('close', () => request.destroy());
    incoming.pipe(request);
  };

  const server: Server = createServer((incoming, outgoing) => {
    if (isOpen || incoming.headers['mcp-method'] !== method) {
      forward(incoming, outgoing);
      return;
    }
    // Hold the body too: pause the request until the gate opens.
    incoming.pause();
    waiting.push(() => forward(incoming, outgoing));
    markHeld();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    held: () => firstHeld,
    open() {
      isOpen = true;
      for (const release of waiting.splice(0)) release();
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
