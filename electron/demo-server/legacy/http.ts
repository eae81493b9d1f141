/**
 * The legacy server over Streamable HTTP with sessions
 * (docs/protocol-notes.md#legacy-sessions-and-transports): the SDK 1.x
 * `StreamableHTTPServerTransport`, one transport and `McpServer` per `Mcp-Session-Id`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Logger } from '../log.js';
import { listenOnLoopback, type HttpListenOptions } from '../loopback-http.js';
import { closeOnce, type RunningServer } from '../running-server.js';
import { createLegacyServerCore, type LegacyServerCore } from './legacy-server.js';

/** The live sessions of one legacy HTTP server. */
class Sessions {
  private readonly transports = new Map<string, StreamableHTTPServerTransport>();

  constructor(
    private readonly core: LegacyServerCore,
    private readonly log: Logger,
  ) {}

  /** Routes a request to its session; a request without a session id may open one. `parsedBody`: see McpRequestHandler. */
  async handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void> {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId !== 'string') return this.open(req, res, parsedBody);
    const transport = this.transports.get(sessionId);
    if (transport === undefined) {
      // 404 tells a 2025 client to initialize again
      // (docs/protocol-notes.md#legacy-sessions-and-transports).
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
      return;
    }
    await transport.handleRequest(req, res, parsedBody);
  }

  /** Closes every session; their tasks end with them. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.transports.values()].map((transport) => transport.close()));
  }

  /**
   * Hands the request to a fresh session. Only an `initialize` establishes it; anything else is
   * refused by the fresh transport (400 "Server not initialized" — what a modern client's era
   * probe sees, docs/protocol-notes.md#era-detection) and the unused session is dropped at once.
   */
  private async open(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    const server = this.core.createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        this.transports.set(id, transport);
      },
    });
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && this.transports.delete(id)) this.core.endSession(id);
    };
    server.server.onerror = (error) => this.log.debug(`http session: ${error.message}`);
    await server.connect(transport);
    await transport.handleRequest(req, res, parsedBody);
    if (transport.sessionId === undefined) await server.close();
  }
}

/** Serves the 2025-11-25 form at `http://127.0.0.1:<port>/mcp` (port 0 = any free port; with a gate for `--auth`). */
export async function serveLegacyOverHttp(listen: HttpListenOptions, log: Logger): Promise<RunningServer> {
  const core = createLegacyServerCore(log);
  const sessions = new Sessions(core, log);
  const http = await listenOnLoopback(listen, (req, res, parsedBody) => sessions.handle(req, res, parsedBody), (error) => log.error(`http: ${String(error)}`));
  return {
    url: http.url,
    close: closeOnce(async () => {
      await sessions.closeAll();
      core.dispose();
      await http.close();
    }),
  };
}
