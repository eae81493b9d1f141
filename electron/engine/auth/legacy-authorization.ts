/**
 * The 2025-03-26 authorization spec's rules for servers without Protected Resource Metadata:
 * the authorization server is the MCP server itself — its "authorization base URL" is the server
 * URL with the path discarded — its metadata is looked up at that origin's root, and when it
 * publishes none the default endpoints `/authorize`, `/token` and `/register` at that base apply.
 * Both rules only ever reach the MCP server's own origin: no other host is trusted by them.
 */
import { IssuerMismatchError, type OAuthDiscoveryState } from '@modelcontextprotocol/client';

/**
 * True when a metadata issuer check failed only as 2025-03-26 servers make it fail: no Protected
 * Resource Metadata (the expected issuer is the SDK's synthesized authorization base URL, the
 * server's origin root) and metadata whose `issuer` is on that same origin (such servers publish
 * their endpoints under a path, e.g. `/oauth`, at the root's well-known address). The sign-in may
 * then read that metadata without the RFC 8414 issuer echo: the server names no other server.
 */
export function isLegacySameOriginIssuer(error: unknown, serverUrl: string): boolean {
  if (!(error instanceof IssuerMismatchError) || error.kind !== 'metadata' || error.received === undefined) return false;
  const server = new URL(serverUrl);
  if (error.expected !== new URL('/', server).href) return false;
  try {
    return new URL(error.received).origin === server.origin;
  } catch {
    return false;
  }
}

/**
 * True when `url` is the 2025-03-26 default authorization endpoint (`/authorize` at the
 * authorization base URL) of a discovery that found neither resource nor authorization server
 * metadata: the one page the spec has a client open without metadata.
 */
export function isLegacyDefaultAuthorizationPage(url: URL, discovery: OAuthDiscoveryState | undefined): boolean {
  if (discovery === undefined || discovery.authorizationServerMetadata !== undefined || discovery.resourceMetadata !== undefined) return false;
  const expected = new URL('/authorize', discovery.authorizationServerUrl);
  return url.origin === expected.origin && url.pathname === expected.pathname;
}
