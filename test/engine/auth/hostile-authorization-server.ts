/**
 * A small authorization server on node:http that behaves — or misbehaves on purpose, one way at
 * a time (`Misbehaviour`) — for the sign-in tests that a real authorization server cannot play:
 * metadata for another issuer, insecure or non-web endpoints, redirects to a foreign host,
 * oversized answers, replayed codes. Every request it and the `foreign` host get is recorded, so
 * tests can check that no code, verifier or token went where it does not belong.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Misbehaviour =
  | 'foreign-issuer'
  | 'insecure-authorization-endpoint'
  | 'insecure-token-endpoint'
  | 'script-authorization-endpoint'
  | 'metadata-redirects-away'
  | 'token-redirects-away'
  | 'oversized-metadata'
  | 'same-code-always'
  | 'no-refresh'
  /** Grants only `mcp`, whatever was asked. */
  | 'grant-mcp-only'
  /** Not misbehaving: it advertises Client ID Metadata Documents. */
  | 'client-id-metadata-documents';

/** One request a fixture server received. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FixtureServer {
  readonly origin: string;
  readonly requests: SeenRequest[];
  close(): Promise<void>;
}

export interface HostileAuthorizationServer extends FixtureServer {
  readonly issuer: string;
  readonly misbehave: Set<Misbehaviour>;
  /** A host nobody should talk to: where the misbehaving answers point. */
  readonly foreign: FixtureServer;
  /** Access tokens it issued that are still good, with their scopes. */
  readonly live: Map<string, string>;
  /** Every code and token it ever issued: none may show in what the app records. */
  readonly issuedSecrets: string[];
  /** Ends every grant: issued access and refresh tokens are refused from now on. */
  revokeAll(): void;
}

const TWO_MIB = 'x'.repeat(2 * 1024 * 1024);

async function listen(handler: (request: SeenRequest, reply: (status: number, headers: Record<string, string>, body?: string) => void) => void): Promise<FixtureServer> {
  const requests: SeenRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const seen: SeenRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(seen);
      handler(seen, (status, headers, body) => outgoing.writeHead(status, headers).end(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const json = (body: unknown): [Record<string, string>, string] => [{ 'content-type': 'application/json' }, JSON.stringify(body)];

/** Starts the fixture authorization server (and its foreign host) on loopback. */
export async function startHostileAuthorizationServer(): Promise<HostileAuthorizationServer> {
  const misbehave = new Set<Misbehaviour>();
  const live = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const codes = new Map<string, { scope: string; used: boolean }>();
  let issued = 0;
  const issuedSecrets: string[] = [];
  const foreign = await listen((_request, reply) => reply(200, ...json({ issuer: 'https://foreign.example' })));
  let origin = '';
  const issue = (scope: string): Record<string, unknown> => {
    issued += 1;
    const access = `fixture-access-${issued}-${Math.random().toString(36).slice(2)}`;
    const refresh = `fixture-refresh-${issued}-${Math.random().toString(36).slice(2)}`;
    issuedSecrets.push(access, refresh);
    live.set(access, scope);
    refreshTokens.set(refresh, scope);
    return { access_token: access, token_type: 'Bearer', expires_in: 3600, scope, ...(misbehave.has('no-refresh') ? {} : { refresh_token: refresh }) };
  };
  const server = await listen((request, reply) => {
    if (request.path === '/.well-known/oauth-authorization-server') {
      if (misbehave.has('metadata-redirects-away')) return reply(302, { location: `${foreign.origin}/.well-known/oauth-authorization-server` });
      if (misbehave.has('oversized-metadata')) return reply(200, { 'content-type': 'application/json' }, `{"padding":"${TWO_MIB}"}`);
      const authorizationEndpoint = misbehave.has('insecure-authorization-endpoint') ? 'http://login.example.net/authorize'
        : misbehave.has('script-authorization-endpoint') ? 'javascript:alert(document.cookie)' : `${origin}/authorize`;
      return reply(200, ...json({
        issuer: misbehave.has('foreign-issuer') ? 'https://issuer.example.org' : origin,
        authorization_endpoint: authorizationEndpoint,
        token_endpoint: misbehave.has('insecure-token-endpoint') ? `http://tokens.example.net/token` : `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        revocation_endpoint: `${origin}/revoke`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
        scopes_supported: ['mcp', 'deploy'],
        ...(misbehave.has('client-id-metadata-documents') ? { client_id_metadata_document_supported: true } : {}),
      }));
    }
    if (request.path === '/register' && request.method === 'POST') {
      const metadata = JSON.parse(request.body) as Record<string, unknown>;
      return reply(201, ...json({ ...metadata, client_id: `fixture-client-${request.headers['content-length'] ?? 0}`, client_id_issued_at: 1 }));
    }
    if (request.path === '/authorize') {
      // The "browser" lands here: straight back to the client with a code (no pages).
      const code = misbehave.has('same-code-always') ? 'fixture-code-fixed' : `fixture-code-${codes.size + 1}`;
      if (!codes.has(code)) codes.set(code, { scope: misbehave.has('grant-mcp-only') ? 'mcp' : request.query.get('scope') ?? '', used: false });
      issuedSecrets.push(code);
      const back = new URL(request.query.get('redirect_uri') ?? 'http://127.0.0.1:1/');
      back.searchParams.set('code', code);
      back.searchParams.set('state', request.query.get('state') ?? '');
      return reply(302, { location: back.href });
    }
    if (request.path === '/token' && request.method === 'POST') {
      if (misbehave.has('token-redirects-away')) return reply(307, { location: `${foreign.origin}/token` });
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        if (code === undefined || code.used) return reply(400, ...json({ error: 'invalid_grant', error_description: 'authorization code already used or unknown' }));
        code.used = true;
        return reply(200, ...json(issue(code.scope)));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const scope = refreshTokens.get(form.get('refresh_token') ?? '');
        if (scope === undefined) return reply(400, ...json({ error: 'invalid_grant', error_description: 'refresh token revoked' }));
        refreshTokens.delete(form.get('refresh_token') ?? '');
        return reply(200, ...json(issue(scope)));
      }
      return reply(400, ...json({ error: 'unsupported_grant_type' }));
    }
    if (request.path === '/revoke' && request.method === 'POST') {
      const token = new URLSearchParams(request.body).get('token') ?? '';
      refreshTokens.delete(token);
      live.delete(token);
      return reply(200, {});
    }
    return reply(404, ...json({ error: 'not_found' }));
  });
  origin = server.origin;
  return {
    ...server,
    issuer: origin,
    misbehave,
    foreign,
    live,
    issuedSecrets,
    revokeAll: () => {
      live.clear();
      refreshTokens.clear();
    },
    close: async () => {
      await Promise.all([server.close(), foreign.close()]);
    },
  };
}
