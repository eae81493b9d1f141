/**
 * The SDK's `OAuthClientProvider` for one HTTP server, on its `CredentialVault`. Two kinds share
 * one vault:
 * - interactive (a sign-in under way, `SignInAttempt`): registers the client when needed, keeps
 *   the PKCE verifier, and hands the checked authorization URL to the attempt;
 * - refresh-only (the transport's answer to a 401): may refresh tokens, never registers a client
 *   nor opens anything — where the SDK would go on to an authorization request it is stopped
 *   with `SignInNeededError`, so the user decides when to sign in.
 */
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import type { Clock } from '../ports.js';
import type { CredentialVault } from './credential-vault.js';
import { describeUrl, isSecureAuthUrl } from './auth-fetch.js';
import { SignInNeededError, SignInRefusedError } from './sign-in-errors.js';
import { isLegacyDefaultAuthorizationPage } from './legacy-authorization.js';

/** How the app identifies itself to a server's authorization server. */
export interface ClientSettings {
  clientName: string;
  /** A Client ID Metadata Document URL (https), used where the authorization server supports it. */
  clientMetadataUrl?: string;
  /** A client id the user registered beforehand (config `oauth.clientId`). */
  clientId?: string;
  /** Scopes to ask for when neither the challenge nor the metadata says. */
  scope?: string;
}

/** One interactive sign-in: where the answer comes back, its `state`, and who opens the page. */
export interface SignInAttempt {
  readonly redirectUrl: string;
  readonly state: string;
  /** `native` for the loopback redirect (RFC 8252), `web` for the app's own callback page. */
  readonly applicationType: 'native' | 'web';
  /** The scopes asked for: what was granted when the token answer names none (RFC 6749 §5.1). */
  readonly scope?: string;
  /** Told the authorization URL once it passed the checks (see `checkAuthorizationUrl`). */
  open(url: URL): Promise<void>;
}

/** Where the refresh-only provider says the redirect goes: never used, but the SDK takes an absent one as a non-interactive grant. */
const UNUSED_REDIRECT = 'http://127.0.0.1/callback';

export class VaultOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl: string | undefined;

  /** `attempt` undefined: refresh-only (see the module comment). */
  constructor(
    private readonly vault: CredentialVault,
    private readonly settings: ClientSettings,
    private readonly clock: Clock,
    private readonly attempt: SignInAttempt | undefined,
  ) {
    this.clientMetadataUrl = attempt !== undefined ? settings.clientMetadataUrl : undefined;
  }

  get redirectUrl(): string {
    return this.attempt?.redirectUrl ?? UNUSED_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.settings.clientName,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: this.attempt?.applicationType ?? 'native',
      ...(this.settings.scope !== undefined ? { scope: this.settings.scope } : {}),
    };
  }

  state(): string {
    return this.attempt?.state ?? '';
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const held = this.vault.credentials.client;
    const configured = this.settings.clientId;
    const client = configured === undefined || held?.client_id === configured ? held : { client_id: configured };
    // Without a client the SDK would register one: only the user's sign-in may do that.
    if (client === undefined && this.attempt === undefined) throw this.needed();
    return client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    // Refresh-only: the SDK may stamp the issuer on the client held, but never save a new one.
    if (this.attempt === undefined && client.client_id !== (this.vault.credentials.client?.client_id ?? this.settings.clientId)) throw this.needed();
    await this.vault.update({ client });
  }

  tokens(): OAuthTokens | undefined {
    return this.vault.credentials.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    // Without `scope` the answer grants what was asked: a sign-in's scopes, a refresh's earlier ones (RFC 6749 §6).
    const scope = tokens.scope ?? (this.attempt !== undefined ? this.attempt.scope : this.vault.credentials.tokens?.scope);
    await this.vault.update({ tokens: { ...tokens, ...(scope !== undefined ? { scope } : {}), savedAt: this.clock.now() } });
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (this.attempt === undefined) throw this.needed();
    checkAuthorizationUrl(url, this.vault.credentials.discovery);
    await this.attempt.open(url);
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    // A refresh-only provider builds an authorization URL it never uses: its verifier must not replace the sign-in's.
    if (this.attempt !== undefined) await this.vault.update({ verifier });
  }

  codeVerifier(): string {
    const verifier = this.vault.credentials.verifier;
    if (verifier === undefined) throw new SignInRefusedError('No sign-in is under way for this answer (its PKCE verifier is gone).');
    return verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all') return this.vault.clear();
    const part = ({ client: 'client', tokens: 'tokens', verifier: 'verifier', discovery: 'discovery' } as const)[scope];
    await this.vault.update({ [part]: undefined });
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.vault.credentials.discovery;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.vault.update({ discovery });
  }

  private needed(): SignInNeededError {
    return new SignInNeededError('expired', 'The server refused the sign-in the app held, and it could not be renewed.');
  }
}

/**
 * Before the user's browser is sent anywhere: the authorization URL must be the authorization
 * endpoint of validated metadata (so the page is on the authorization server discovery found),
 * and it, the issuer and the token endpoint must be https (or plain http to this computer).
 * Without any metadata, only the 2025-03-26 default page of the server's own origin
 * (legacy-authorization.ts).
 */
export function checkAuthorizationUrl(url: URL, discovery: OAuthDiscoveryState | undefined): void {
  const metadata = discovery?.authorizationServerMetadata;
  // 2025-03-26, no metadata at all: only the spec's default page at the server's own origin.
  if (metadata === undefined && isLegacyDefaultAuthorizationPage(url, discovery) && isSecureAuthUrl(url)) return;
  if (metadata === undefined) throw new SignInRefusedError('The authorization server publishes no metadata (RFC 8414); the app does not sign in on guessed addresses.');
  let endpoint: URL;
  let issuer: URL;
  let token: URL;
  try {
    endpoint = new URL(metadata.authorization_endpoint);
    issuer = new URL(metadata.issuer);
    token = new URL(metadata.token_endpoint);
  } catch {
    throw new SignInRefusedError('The authorization server\'s metadata has an unreadable address.');
  }
  if (endpoint.protocol !== 'https:' && endpoint.protocol !== 'http:') throw new SignInRefusedError(`The authorization endpoint is not a web address (${endpoint.protocol}); not opened.`);
  if (!isSecureAuthUrl(endpoint)) throw new SignInRefusedError(`The authorization endpoint ${describeUrl(endpoint)} is not https; not opened.`);
  if (!isSecureAuthUrl(issuer)) throw new SignInRefusedError(`The authorization server ${describeUrl(issuer)} is not https; not signing in.`);
  // The code would go there: better refused before the user signs in for nothing.
  if (!isSecureAuthUrl(token)) throw new SignInRefusedError(`The authorization server's token endpoint ${describeUrl(token)} is not https; not signing in.`);
  if (url.origin !== endpoint.origin || url.pathname !== endpoint.pathname) throw new SignInRefusedError(`The authorization page ${describeUrl(url)} is not the authorization server's endpoint; not opened.`);
}
