/**
 * The demo HTTP server as an OAuth protected resource (the `--auth <issuer>` mode), per the MCP
 * authorization spec 2025-11-25:
 *
 * - Protected Resource Metadata (RFC 9728) at `/.well-known/oauth-protected-resource/mcp`:
 *   `resource` = the MCP endpoint URL, `authorization_servers` = [issuer], `scopes_supported`;
 * - every request to the MCP endpoint needs `Authorization: Bearer <JWT access token>` (RFC 9068)
 *   signed by a key of the issuer's `jwks_uri`, with `iss` = the issuer, `aud` = exactly this
 *   endpoint's URL, not expired, and scope `mcp`. Without a token: 401 with a challenge carrying
 *   `resource_metadata` and `scope`; a bad one: the same with `error="invalid_token"`;
 * - per-tool scopes: a `tools/call` of a tool in `TOOL_SCOPES` also needs those scopes, else 403
 *   `error="insufficient_scope"` naming every scope the call needs (step-up).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { Logger } from '../log.js';

/** The scope every request to the MCP endpoint needs. */
export const MCP_SCOPE = 'mcp';

/** Tools that need more than `mcp`: `deploy` changes something, so it is what step-up is exercised with. */
export const TOOL_SCOPES: Readonly<Record<string, readonly string[]>> = { deploy: ['deploy'] };

/** Every scope this resource understands, as advertised in its metadata. */
export const SCOPES_SUPPORTED: readonly string[] = [MCP_SCOPE, ...new Set(Object.values(TOOL_SCOPES).flat())];

/** The largest request body read to find out which tool is called (the SDKs' own default limit). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** What the gate decided about one request. */
export type GateDecision =
  /** The gate answered the request itself (metadata, or a refusal). */
  | { readonly answered: true }
  /** Hand the request on; `parsedBody` when the gate had to read the body. */
  | { readonly answered: false; readonly parsedBody?: unknown };

/** Checks every request to a loopback HTTP server before the MCP handler sees it. */
export interface RequestGate {
  admit(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<GateDecision>;
}

/** Builds the gate once the server's MCP endpoint URL is known. */
export type RequestGateFactory = (mcpUrl: string) => RequestGate;

/** The RFC 9728 well-known URL of a resource: the well-known prefix inserted before the resource's path. */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/u, '');
  return `${url.origin}/.well-known/oauth-protected-resource${path}`;
}

const DiscoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

/** Finds the issuer's signing keys via its metadata (OpenID discovery, which the demo issuer serves). */
async function issuerKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`the authorization server's metadata answered HTTP ${response.status}`);
  const metadata = DiscoverySchema.parse(await response.json());
  if (metadata.issuer !== issuer) throw new Error('the authorization server metadata names another issuer');
  return createRemoteJWKSet(new URL(metadata.jwks_uri));
}

/** Why a token was refused, in words safe to send back (no token content). */
function invalidTokenReason(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The access token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'aud') return 'The access token was issued for another resource';
  if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'iss') return 'The access token was issued by another authorization server';
  return 'The access token is not valid';
}

/** The scopes a JSON-RPC message (or batch) needs beyond `mcp`. */
function toolScopesOf(body: unknown): string[] {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const needed = new Set<string>();
  for (const message of messages) {
    const call = z.object({ method: z.literal('tools/call'), params: z.object({ name: z.string() }) }).safeParse(message);
    if (call.success) for (const scope of TOOL_SCOPES[call.data.params.name] ?? []) needed.add(scope);
  }
  return [...needed];
}

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A `Bearer` challenge (RFC 6750 §3); the values are ours, never echoed input. */
function challenge(params: Readonly<Record<string, string | undefined>>): string {
  const parts = Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [`${key}="${value}"`]));
  return `Bearer ${parts.join(', ')}`;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers }).end(JSON.stringify(body));
}

/**
 * The gate of `--auth <issuer>`: serves the Protected Resource Metadata and admits only requests
 * with a valid access token for this endpoint. The issuer's metadata and keys are fetched on the
 * first token to check (so the issuer may start after this server) and again after a failure.
 */
export function bearerTokenGate(issuer: string, log: Logger): RequestGateFactory {
  return (mcpUrl) => {
    const mcpPath = new URL(mcpUrl).pathname;
    const metadataUrl = protectedResourceMetadataUrl(mcpUrl);
    const metadataPath = new URL(metadataUrl).pathname;
    const metadata = { resource: mcpUrl, authorization_servers: [issuer], scopes_supported: SCOPES_SUPPORTED, bearer_methods_supported: ['header'] };
    let keys: Promise<JWTVerifyGetKey> | undefined;

    const refuse = (res: ServerResponse, status: 401 | 403, scope: readonly string[], error?: { code: string; description: string }): GateDecision => {
      const header = challenge({ error: error?.code, error_description: error?.description, scope: scope.join(' '), resource_metadata: metadataUrl });
      sendJson(res, status, error === undefined ? { error: 'unauthorized', error_description: 'Sign-in required' } : { error: error.code, error_description: error.description }, { 'www-authenticate': header });
      return { answered: true };
    };

    const verify = async (token: string): Promise<{ scopes: Set<string> } | { invalid: string }> => {
      const current = (keys ??= issuerKeys(issuer));
      let getKey: JWTVerifyGetKey;
      try {
        getKey = await current;
      } catch (error) {
        if (keys === current) keys = undefined;
        throw error;
      }
      try {
        const { payload } = await jwtVerify(token, getKey, { issuer, audience: mcpUrl, typ: 'at+jwt', requiredClaims: ['exp'] });
        // jose checked that this endpoint is among the audiences; "exactly" also refuses a token for
        // several resources, which any of the others could replay here.
        const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
        if (audiences.length !== 1) return { invalid: 'The access token was issued for another resource' };
        return { scopes: new Set(typeof payload['scope'] === 'string' ? payload['scope'].split(' ') : []) };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) return { invalid: invalidTokenReason(error) };
        throw error;
      }
    };

    return {
      async admit(req, res, pathname) {
        if (pathname === metadataPath) {
          if (req.method !== 'GET' && req.method !== 'HEAD') {
            res.writeHead(405, { allow: 'GET, HEAD' }).end();
          } else {
            sendJson(res, 200, metadata);
          }
          return { answered: true };
        }
        if (pathname !== mcpPath) return { answered: false };

        const authorization = req.headers.authorization;
        if (authorization === undefined || authorization === '') return refuse(res, 401, [MCP_SCOPE]);
        const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/u.exec(authorization);
        if (match?.[1] === undefined) return refuse(res, 401, [MCP_SCOPE], { code: 'invalid_request', description: 'Expected Authorization: Bearer <token>' });
        let checked: Awaited<ReturnType<typeof verify>>;
        try {
          checked = await verify(match[1]);
        } catch (error) {
          log.warn(`auth: cannot check tokens: ${error instanceof Error ? error.message : String(error)}`);
          sendJson(res, 503, { error: 'temporarily_unavailable', error_description: 'The authorization server cannot be reached' });
          return { answered: true };
        }
        if ('invalid' in checked) {
          log.debug(`auth: refused a token: ${checked.invalid}`);
          return refuse(res, 401, [MCP_SCOPE], { code: 'invalid_token', description: checked.invalid });
        }

        let parsedBody: unknown;
        const isJsonPost = req.method === 'POST' && (req.headers['content-type'] ?? '').includes('application/json');
        if (isJsonPost) {
          try {
            parsedBody = JSON.parse(await readBody(req));
          } catch (error) {
            if (error instanceof BodyTooLarge) sendJson(res, 413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request body too large' } }, { connection: 'close' });
            else sendJson(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
            return { answered: true };
          }
        }
        const needed = [MCP_SCOPE, ...(isJsonPost ? toolScopesOf(parsedBody) : [])];
        if (!needed.every((scope) => checked.scopes.has(scope))) {
          log.debug(`auth: a request needs scope "${needed.join(' ')}"`);
          return refuse(res, 403, needed, { code: 'insufficient_scope', description: `This request needs the scopes ${needed.join(' ')}` });
        }
        return isJsonPost ? { answered: false, parsedBody } : { answered: false };
      },
    };
  };
}
