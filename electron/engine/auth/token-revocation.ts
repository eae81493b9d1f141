/**
 * Revoking a server's tokens when the user signs out (RFC 7009), where the authorization server
 * offers it: finding its revocation endpoint, and the revocation request itself.
 */
import { buildDiscoveryUrls, type FetchLike, type OAuthClientInformationMixed, type OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { errorText } from '../error-text.js';
import type { Logger } from '../ports.js';
import { isSecureAuthUrl } from './auth-fetch.js';

/** What revoking needs: the sign-in's guarded fetch, and the log lines' server. */
export interface RevocationContext {
  fetch: FetchLike;
  logger: Logger;
  serverId: string;
}

/**
 * The authorization server's RFC 7009 endpoint, if it has one. The SDK's reading of OpenID
 * discovery drops `revocation_endpoint`, so that document is read again for it (from the
 * validated issuer's well-known addresses, its `issuer` checked).
 */
export async function revocationEndpoint(discovery: OAuthDiscoveryState, context: RevocationContext): Promise<string | undefined> {
  const metadata = discovery.authorizationServerMetadata as Record<string, unknown> | undefined;
  if (typeof metadata?.revocation_endpoint === 'string') return metadata.revocation_endpoint;
  if (typeof metadata?.issuer !== 'string') return undefined;
  for (const { url } of buildDiscoveryUrls(discovery.authorizationServerUrl)) {
    try {
      const response = await context.fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
      if (!response.ok) continue;
      const document = await response.json() as Record<string, unknown>;
      if (document.issuer === metadata.issuer && typeof document.revocation_endpoint === 'string') return document.revocation_endpoint;
    } catch (error) {
      context.logger.debug('could not read the authorization server\'s metadata for revocation', { server: context.serverId, error: errorText(error) });
    }
  }
  return undefined;
}

/** Revokes `token` (RFC 7009) at `endpoint` if it is a secure address (`isSecureAuthUrl`); a refusal or failure is logged, never thrown: signing out goes on. */
export async function revokeToken(endpoint: string, token: string, client: OAuthClientInformationMixed, context: RevocationContext): Promise<void> {
  try {
    if (!isSecureAuthUrl(new URL(endpoint))) return;
    const body = new URLSearchParams({ token });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    // One way of naming the client only (RFC 6749 §2.3): a confidential one authenticates, a public one names itself.
    if (client.client_secret !== undefined) headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;
    else body.set('client_id', client.client_id);
    const response = await context.fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) context.logger.warn('the authorization server did not revoke the token', { server: context.serverId, status: response.status });
  } catch (error) {
    context.logger.warn('could not revoke the token', { server: context.serverId, error: errorText(error) });
  }
}
