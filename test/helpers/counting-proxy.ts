/**
 * A loopback HTTP proxy in front of an MCP endpoint that records each request's `Mcp-Method`
 * and `Mcp-Name` headers and its JSON body, and streams responses through untouched (SSE included). Lets tests
 * see what the client really put on the wire, e.g. the task id in `Mcp-Name` on `tasks/*`, and
 * make the server unreachable for a while (`cut` / `restore`) or answer in its place with an HTTP
 * error (`answerWith` / `restore`) while it keeps running.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request seen by the proxy. */
export interface SeenRequest {
  method: string | undefined;
  name: string | undefined;
  /** The parsed JSON body, once it has fully arrived (undefined before, or when it is not JSON). */
  body?: unknown;
}

/** A running proxy: `url` to connect to, `seen` grows as requests pass. */
export interface CountingProxy {
  url: string;
  seen: SeenRequest[];
  count(method: string): number;
  /**
   * Starts an outage: every open connection (SSE streams included) is cut and new ones are
   * dropped as soon as they open, until `restore()`. The server behind keeps running.
   */
  cut(): void;
  /**
   * Answers every request itself with `status` and the JSON `body` (the server never sees them)
   * until `restore()`; open streams stay as they are.
   */
  answerWith(status: number, body: unknown): void;
  /** From now on, also holds requests whose `Mcp-Method` is `method` (recorded, never forwarded nor answered). */
  hold(method: string): void;
  /** Ends the outage (or the answers in the server's place): requests pass again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 forwarding to `target` (an http://127.0.0.1 URL). Requests whose
 * `Mcp-Method` is `hold` (or one of them) are recorded but never forwarded nor answered (a hung server).
 */
export async function startCountingProxy(target: string, hold: string | readonly string[] = []): Promise<CountingProxy> {
  const upstream = new URL(target);
  const held = new Set(typeof hold === 'string' ? [hold] : hold);
  const seen: SeenRequest[] = [];
  let answer: { status: number; body: string } | undefined;
  const server: Server = createServer((incoming, outgoing) => {
    const header = (name: string): string | undefined => {
      const value = incoming.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    if (incoming.method === 'POST') {
      const entry: SeenRequest = { method: header('mcp-method'), name: header('mcp-name') };
      seen.push(entry);
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        try {
          entry.body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // Not JSON: only the headers are recorded.
        }
      });
    }
    if (held.has(header('mcp-method') ?? '')) return;
    if (answer !== undefined) {
      const { status, body } = answer;
      incoming.resume().on('end', () => outgoing.writeHead(status, { 'content-type': 'application/json' }).end(body));
      return;
    }
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: upstream.pathname, method: incoming.method, headers: { ...incoming.headers, host: upstream.host } },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    outgoing.on('close', () => forward.destroy());
    incoming.pipe(forward);
  });
  const sockets = new Set<Socket>();
  let down = false;
  server.on('connection', (socket: Socket) => {
    if (down) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    seen,
    count: (method) => seen.filter((entry) => entry.method === method).length,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    answerWith(status, body) {
      answer = { status, body: JSON.stringify(body) };
    },
    hold(method) {
      held.add(method);
    },
    restore() {
      down = false;
      answer = undefined;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
