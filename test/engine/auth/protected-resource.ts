/**
 * A protected MCP endpoint for sign-in tests: a loopback HTTP proxy in front of a real demo MCP
 * server that demands a bearer token (MCP authorization spec): no or a refused token → 401 with
 * `WWW-Authenticate: Bearer resource_metadata=…, scope=…`; a `tools/call` of a guarded tool
 * without its scope → 403 `insufficient_scope` naming the scopes needed. It serves its RFC 9728
 * metadata, and records every Authorization header it got. The token check is the test's.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a token is judged: its granted scopes, or undefined when it is refused. */
export type TokenCheck = (token: string) => Promise<{ scope: string } | undefined>;

export interface ProtectedResourceOptions {
  /** The demo server's MCP endpoint. */
  upstream: string;
  /** The RFC 9728 `authorization_servers`. */
  authorizationServers: () => readonly string[];
  verify: TokenCheck;
  /** Tools whose calls need a scope more (name → scope). */
  guardedTools?: Readonly<Record<string, string>>;
  /** The scope of the 401 challenge (default `mcp`). */
  challengeScope?: string;
  /** The `resource` its metadata names (default: its own endpoint; another one for hostile tests). */
  resource?: string;
}

export interface ProtectedResource {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** The Authorization header of every request to the endpoint, in order (undefined: none). */
  readonly authorizations: (string | undefined)[];
  /** Requests answered 401. */
  readonly unauthorized: () => number;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function toolCalled(body: Buffer): string | undefined {
  try {
    const message = JSON.parse(body.toString('utf8')) as { method?: unknown; params?: { name?: unknown } };
    return message.method === 'tools/call' && typeof message.params?.name === 'string' ? message.params.name : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the protected endpoint on a free loopback port. */
export async function startProtectedResource(options: ProtectedResourceOptions): Promise<ProtectedResource> {
  const upstream = new URL(options.upstream);
  const authorizations: (string | undefined)[] = [];
  let unauthorized = 0;
  let origin = '';
  const metadataUrl = (): string => `${origin}/.well-known/oauth-protected-resource/mcp`;
  const server: Server = createServer((incoming, outgoing) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
        outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          resource: options.resource ?? `${origin}/mcp`,
          authorization_servers: options.authorizationServers(),
          scopes_supported: ['mcp', 'deploy'],
          bearer_methods_supported: ['header'],
        }));
        return;
      }
      if (url.pathname !== '/mcp') return void outgoing.writeHead(404).end();
      const authorization = incoming.headers.authorization;
      authorizations.push(authorization);
      const body = await readBody(incoming);
      const token = authorization?.startsWith('Bearer ') === true ? authorization.slice('Bearer '.length) : undefined;
      const granted = token === undefined ? undefined : await options.verify(token);
      if (granted === undefined) {
        unauthorized += 1;
        const error = token === undefined ? '' : ', error="invalid_token"';
        outgoing.writeHead(401, { 'www-authenticate': `Bearer resource_metadata="${metadataUrl()}", scope="${options.challengeScope ?? 'mcp'}"${error}` }).end();
        return;
      }
      const tool = toolCalled(body);
      const needed = tool === undefined ? undefined : options.guardedTools?.[tool];
      if (needed !== undefined && !granted.scope.split(' ').includes(needed)) {
        const scope = [...new Set([...granted.scope.split(' ').filter(Boolean), needed])].join(' ');
        outgoing.writeHead(403, { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${metadataUrl()}"` }).end();
        return;
      }
      const headers = { ...incoming.headers, host: upstream.host };
      delete headers.authorization;
      const forward = httpRequest({ host: upstream.hostname, port: upstream.port, path: upstream.pathname, method: incoming.method, headers }, (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      });
      forward.on('error', () => outgoing.destroy());
      outgoing.on('close', () => forward.destroy());
      forward.end(body);
    })().catch(() => outgoing.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/mcp`,
    authorizations,
    unauthorized: () => unauthorized,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
