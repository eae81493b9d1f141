/**
 * Signing in to one HTTP server (the MCP authorization spec: OAuth 2.1 with PKCE S256, RFC 9728
 * resource metadata, RFC 8414 metadata, RFC 8707 `resource`, RFC 9207 `iss`), on the SDK's
 * `auth()`. This owns the server's `signIn` state and its two faces:
 * - `transportAuth`, what the HTTP transports authenticate with: the held access token, and on a
 *   401 a refresh (single flight, the rotated token saved) — or, when nothing held helps,
 *   `SignInNeededError`: no registration, no browser, until the user signs in;
 * - `begin` / `complete` / `signOut`, the user's sign-in: the loopback redirect or the app's own
 *   callback page, a fresh random `state` per sign-in, step-up to the union of scopes.
 */
import { auth, computeScopeUnion, extractWWWAuthenticateParams, type AuthProvider, type FetchLike } from '@modelcontextprotocol/client';
import type { HttpServerConfig, SignInState } from '../../../shared/server-config.js';
import { McpRequestError } from '../connections/mcp-request-error.js';
import { cleanLine } from '../connections/untrusted-line.js';
import type { Clock, CredentialStore, Logger } from '../ports.js';
import { authFetch, describeUrl, retryingRegistrationWithoutScope } from './auth-fetch.js';
import { CredentialVault } from './credential-vault.js';
import { VaultOAuthProvider, type ClientSettings } from './oauth-provider.js';
import { newAttempt, type Attempt } from './sign-in-attempt.js';
import { describeSignInError, SignInNeededError, SignInRefusedError, type AuthProblem } from './sign-in-errors.js';
import { isLegacySameOriginIssuer } from './legacy-authorization.js';
import { revocationEndpoint, revokeToken, type RevocationContext } from './token-revocation.js';

/** The engine's sign-in settings (`EngineOptions.signIn`). */
export interface SignInOptions {
  /**
   * Where the authorization server sends the browser back. `loopback` (default): per sign-in
   * the engine listens on 127.0.0.1 at an ephemeral port, path `/callback` (RFC 8252). `app`:
   * `callbackUrl` (a page of the host's own origin, path `/oauth/callback`), whose route hands the
   * query to `engine.completeSignIn`.
   */
  redirect?: { kind: 'loopback' } | { kind: 'app'; callbackUrl: string };
  /** Opens the authorization page in the user's browser (absent: the caller opens `authorizationUrl` itself). */
  openAuthorizationUrl?: (url: string) => Promise<void>;
  /** The app's Client ID Metadata Document (https), used where the authorization server supports them. */
  clientMetadataUrl?: string;
  /** The client name registered with Dynamic Client Registration. */
  clientName?: string;
}

/** Step-up sign-ins for the same scopes after which the app stops asking (the server keeps refusing). */
export const MAX_STEP_UPS_PER_SCOPE = 2;

/** What a server's sign-in needs from the engine. */
export interface ServerSignInDeps {
  config: HttpServerConfig;
  store: CredentialStore;
  clock: Clock;
  logger: Logger;
  options: SignInOptions;
  /** The server's `signIn` state changed. */
  onState(state: SignInState | undefined): void;
  /** A sign-in or a refresh made credentials usable: connect again now if waiting. */
  onSignedIn(): void;
  /** A line for the server console. */
  event(text: string): void;
  /** The fetch sign-in requests go out on (tests; default: the global fetch, guarded by `authFetch`). */
  fetch?: FetchLike;
}

/** One server's sign-in (see the module comment). */
export class ServerSignIn {
  readonly vault: CredentialVault;
  private current: SignInState | undefined;
  /** What the server's last 401 or 403 challenge said. */
  private challenge: { resourceMetadataUrl?: URL; scope?: string } = {};
  private attempt: Attempt | undefined;
  /** Finished step-up sign-ins per scope set. */
  private readonly stepUps = new Map<string, number>();
  private refreshing: Promise<void> | undefined;
  private readonly fetch: FetchLike;
  private readonly settings: ClientSettings;
  private disposed = false;
  /** A 2025-03-26 server's metadata is read without the issuer echo (see `isLegacySameOriginIssuer`). */
  private isLegacyIssuer = false;

  constructor(private readonly deps: ServerSignInDeps) {
    this.vault = new CredentialVault(deps.config.id, deps.store, deps.logger);
    this.fetch = retryingRegistrationWithoutScope(authFetch(deps.fetch));
    const { oauth } = deps.config;
    this.settings = {
      clientName: deps.options.clientName ?? 'MCP Task Monitor',
      ...(deps.options.clientMetadataUrl !== undefined ? { clientMetadataUrl: deps.options.clientMetadataUrl } : {}),
      ...(oauth?.clientId !== undefined ? { clientId: oauth.clientId } : {}),
      ...(oauth?.scope !== undefined ? { scope: oauth.scope } : {}),
    };
  }

  /** The `signIn` state right now (absent: the server asked for no sign-in). */
  get state(): SignInState | undefined {
    return this.current;
  }

  /** Reads the held credentials; a server with tokens starts `signed-in`. */
  async load(): Promise<void> {
    await this.vault.load();
    const tokens = this.vault.credentials.tokens;
    if (tokens !== undefined) this.setState(this.signedInState());
  }

  /** What the HTTP transports (Streamable HTTP and HTTP+SSE) authenticate with. */
  readonly transportAuth: AuthProvider = {
    token: async () => {
      await this.vault.load();
      return this.vault.credentials.tokens?.access_token;
    },
    onUnauthorized: async (context) => {
      const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(context.response);
      this.noteChallenge(resourceMetadataUrl, scope);
      if (this.vault.credentials.tokens === undefined) throw new SignInNeededError('first-time', 'The server answered 401: it needs sign-in.');
      // The configured headers of `context.fetchFn` are for the MCP server: refreshes use the guarded fetch.
      await this.refresh();
    },
  };

  /**
   * A request was refused (see `authProblemOf`): the state says what the user must do. A 403
   * `insufficient_scope` asks for the union of what was granted and what the challenge names.
   */
  refused(problem: AuthProblem): void {
    // A sign-in under way answers it already; its state stays until it ends.
    if (this.current?.status === 'signing-in') return;
    if (problem.kind === 'sign-in') {
      // Every request in flight may be refused alike: the console says it once.
      const known = this.current?.status === 'needed' && this.current.reason === problem.reason;
      this.setState({ status: 'needed', reason: problem.reason, ...this.scopeAndIssuer(this.challenge.scope) });
      if (known) return;
      this.deps.event(problem.reason === 'first-time' ? 'Sign-in needed: the server answered 401.' : 'Sign-in needed again: the server no longer takes the sign-in the app held.');
      return;
    }
    const granted = this.vault.credentials.tokens?.scope;
    const union = computeScopeUnion(granted, problem.scope);
    this.setState({ status: 'needed', reason: 'more-access', ...this.scopeAndIssuer(union) });
    this.deps.event(`More access needed: the server answered 403 (insufficient_scope${problem.scope !== undefined ? `, scope ${cleanLine(problem.scope, 200)}` : ''}).`);
  }

  /**
   * Starts (or restarts) a sign-in; resolves with the authorization page once it is known and
   * handed to `openAuthorizationUrl`, or with `{}` when the credentials held suffice. A failure
   * rejects with its reason, which the state also carries (`needed`, reason `failed`).
   */
  async begin(): Promise<{ authorizationUrl?: string }> {
    await this.vault.load();
    this.abandonAttempt();
    const stepUp = this.current?.status === 'needed' && this.current.reason === 'more-access';
    if (!stepUp && this.vault.credentials.tokens !== undefined && this.current?.status === 'signed-in') {
      this.deps.onSignedIn();
      return {};
    }
    const scope = stepUp ? this.current?.scope : computeScopeUnion(this.challenge.scope) ?? this.settings.scope;
    if (stepUp && (this.stepUps.get(scopeKey(scope)) ?? 0) >= MAX_STEP_UPS_PER_SCOPE) {
      const error = `The server still asks for more access (scope ${cleanLine(scope ?? '', 200)}) after ${MAX_STEP_UPS_PER_SCOPE} sign-ins that asked for it; the authorization server does not grant it.`;
      this.setState({ status: 'needed', reason: 'failed', error, ...this.scopeAndIssuer(scope) });
      throw new McpRequestError(error, undefined, undefined, 'sign-in-needed');
    }
    let opened: string | undefined;
    const attempt = await this.startAttempt(scope, stepUp, async (url) => {
      opened = url.href;
      this.setState({ status: 'signing-in', authorizationUrl: url.href, ...this.scopeAndIssuer(scope) });
      this.deps.event(`Signing in at ${describeUrl(url)}…`);
      await this.deps.options.openAuthorizationUrl?.(url.href);
    });
    try {
      // A fresh discovery per sign-in: the challenge may name other metadata than last time.
      await this.vault.update({ discovery: undefined, verifier: undefined });
      const result = await auth(new VaultOAuthProvider(this.vault, this.settings, this.deps.clock, attempt), {
        serverUrl: this.deps.config.url,
        ...(scope !== undefined ? { scope } : {}),
        ...(this.challenge.resourceMetadataUrl !== undefined ? { resourceMetadataUrl: this.challenge.resourceMetadataUrl } : {}),
        fetchFn: this.fetch,
        forceReauthorization: true,
        ...this.legacyIssuerOption(),
      });
      if (result === 'AUTHORIZED' || opened === undefined) {
        this.signedIn(attempt);
        return {};
      }
    } catch (error) {
      if (!this.isLegacyIssuer && isLegacySameOriginIssuer(error, this.deps.config.url)) {
        this.isLegacyIssuer = true;
        this.deps.event('The server has no resource metadata (a 2025-03-26 server): its own authorization metadata is used as it names itself.');
        return this.begin();
      }
      throw this.failed(attempt, error);
    }
    const receiver = attempt.receiver;
    if (receiver !== undefined) {
      receiver.answer.then(
        (params) => this.finish(attempt, params).catch(() => undefined),
        (error: unknown) => {
          if (!attempt.over) this.failed(attempt, error);
        },
      );
    }
    return { authorizationUrl: opened };
  }

  /** What `auth()` is told once a 2025-03-26 server's metadata was taken as it names itself. */
  private legacyIssuerOption(): { skipIssuerMetadataValidation?: true } {
    return this.isLegacyIssuer ? { skipIssuerMetadataValidation: true } : {};
  }

  /** True when `state` is the `state` of this server's sign-in under way (the app redirect). */
  ownsState(state: string | null): boolean {
    return state !== null && this.attempt !== undefined && !this.attempt.over && this.attempt.state === state;
  }

  /** Takes the app redirect's answer (`ownsState` said it is ours); rejects when the sign-in failed. */
  async complete(params: URLSearchParams): Promise<void> {
    const attempt = this.attempt;
    if (attempt === undefined || !this.ownsState(params.get('state'))) throw unknownAnswer();
    await this.finish(attempt, params);
  }

  /** Forgets the credentials (revoking the tokens where the authorization server offers RFC 7009); the server needs sign-in again. */
  async signOut(): Promise<void> {
    await this.vault.load();
    this.abandonAttempt();
    const { tokens, client, discovery } = this.vault.credentials;
    const context: RevocationContext = { fetch: this.fetch, logger: this.deps.logger, serverId: this.deps.config.id };
    const revocation = tokens !== undefined && client !== undefined && discovery !== undefined ? await revocationEndpoint(discovery, context) : undefined;
    if (tokens !== undefined && client !== undefined && revocation !== undefined) await revokeToken(revocation, tokens.refresh_token ?? tokens.access_token, client, context);
    await this.vault.clear();
    this.stepUps.clear();
    this.setState({ status: 'needed', reason: 'first-time' });
    this.deps.event('Signed out.');
  }

  /** Stops a sign-in under way (its receiver closes). */
  dispose(): void {
    this.disposed = true;
    this.abandonAttempt();
  }

  private async startAttempt(scope: string | undefined, stepUp: boolean, open: (url: URL) => Promise<void>): Promise<Attempt> {
    const attempt = await newAttempt(scope, stepUp, open, this.deps.options.redirect ?? { kind: 'loopback' }, this.deps.clock);
    this.attempt = attempt;
    return attempt;
  }

  /** The browser came back for `attempt`: an error answer fails it, a code is exchanged for tokens. */
  private async finish(attempt: Attempt, params: URLSearchParams): Promise<void> {
    if (attempt.over || this.attempt !== attempt) throw unknownAnswer();
    const code = params.get('code');
    const error = params.get('error');
    if (code === null) {
      const description = params.get('error_description');
      const why = error === null ? 'The sign-in answer carried neither a code nor an error.' : `The authorization server answered: ${error}${description !== null ? ` (${description})` : ''}.`;
      throw this.failed(attempt, new SignInRefusedError(why));
    }
    attempt.receiver?.close();
    try {
      const iss = params.get('iss');
      const result = await auth(new VaultOAuthProvider(this.vault, this.settings, this.deps.clock, attempt), {
        serverUrl: this.deps.config.url,
        authorizationCode: code,
        ...(iss !== null ? { iss } : {}),
        ...(attempt.scope !== undefined ? { scope: attempt.scope } : {}),
        ...(this.challenge.resourceMetadataUrl !== undefined ? { resourceMetadataUrl: this.challenge.resourceMetadataUrl } : {}),
        fetchFn: this.fetch,
        ...this.legacyIssuerOption(),
      });
      if (result !== 'AUTHORIZED') throw new SignInRefusedError('The authorization server did not issue tokens for the code.');
    } catch (caught) {
      throw this.failed(attempt, caught, [code]);
    }
    this.signedIn(attempt);
  }

  private signedIn(attempt: Attempt): void {
    attempt.over = true;
    attempt.receiver?.close();
    if (this.attempt === attempt) this.attempt = undefined;
    void this.vault.update({ verifier: undefined });
    const key = scopeKey(attempt.scope);
    if (attempt.stepUp) this.stepUps.set(key, (this.stepUps.get(key) ?? 0) + 1);
    else this.stepUps.clear();
    this.setState(this.signedInState());
    this.deps.event(`Signed in (issuer ${cleanLine(this.issuer ?? 'unknown', 200)}).`);
    this.deps.onSignedIn();
  }

  /** Ends `attempt` as failed: the state says why (cleaned, no secret in it); returns the error to throw. */
  private failed(attempt: Attempt, error: unknown, secrets: readonly string[] = []): McpRequestError {
    attempt.over = true;
    attempt.receiver?.close();
    const text = describeSignInError(error, [...secrets, ...this.vault.secrets]);
    if (this.attempt === attempt) {
      this.attempt = undefined;
      void this.vault.update({ verifier: undefined });
      if (!this.disposed) {
        this.setState({ status: 'needed', reason: 'failed', error: text, ...this.scopeAndIssuer(attempt.scope) });
        this.deps.event(`Sign-in failed: ${text}`);
      }
    }
    this.deps.logger.warn('sign-in failed', { server: this.deps.config.id, error: text });
    return new McpRequestError(text, undefined, undefined, 'sign-in-needed');
  }

  private abandonAttempt(): void {
    const attempt = this.attempt;
    if (attempt === undefined) return;
    attempt.over = true;
    this.attempt = undefined;
    attempt.receiver?.close();
  }

  /**
   * Refreshes the access token. One refresh at a time: with rotation, two refreshes with the same
   * refresh token would have the second refused. A 401 for a request sent before a finished
   * refresh refreshes again, with the rotated token: a spare refresh, never a refused one.
   */
  private refresh(): Promise<void> {
    if (this.refreshing !== undefined) return this.refreshing;
    this.refreshing = (async () => {
      try {
        const result = await auth(new VaultOAuthProvider(this.vault, this.settings, this.deps.clock, undefined), {
          serverUrl: this.deps.config.url,
          ...(this.challenge.resourceMetadataUrl !== undefined ? { resourceMetadataUrl: this.challenge.resourceMetadataUrl } : {}),
          fetchFn: this.fetch,
          ...this.legacyIssuerOption(),
        });
        if (result !== 'AUTHORIZED') throw new SignInNeededError('expired', 'The access token could not be renewed.');
      } catch (error) {
        if (error instanceof SignInNeededError) throw error;
        // The authorization server could not be reached or failed: the request fails, the sign-in is kept.
        throw new Error(`Could not renew the access token: ${describeSignInError(error, this.vault.secrets)}`, { cause: error });
      } finally {
        this.refreshing = undefined;
      }
      this.setState(this.signedInState());
      this.deps.event('Access token refreshed.');
    })();
    return this.refreshing;
  }

  private noteChallenge(resourceMetadataUrl: URL | undefined, scope: string | undefined): void {
    this.challenge = {
      ...(resourceMetadataUrl !== undefined ? { resourceMetadataUrl } : this.challenge.resourceMetadataUrl !== undefined ? { resourceMetadataUrl: this.challenge.resourceMetadataUrl } : {}),
      ...(scope !== undefined ? { scope } : this.challenge.scope !== undefined ? { scope: this.challenge.scope } : {}),
    };
  }

  private get issuer(): string | undefined {
    const { tokens, discovery } = this.vault.credentials;
    return tokens?.issuer ?? discovery?.authorizationServerMetadata?.issuer;
  }

  private scopeAndIssuer(scope: string | undefined): Pick<SignInState, 'scope' | 'issuer'> {
    const issuer = this.issuer;
    return { ...(scope !== undefined ? { scope: cleanLine(scope, 2_000) } : {}), ...(issuer !== undefined ? { issuer: cleanLine(issuer, 300) } : {}) };
  }

  private signedInState(): SignInState {
    const tokens = this.vault.credentials.tokens;
    const expiresIn = tokens?.expires_in;
    return {
      status: 'signed-in',
      ...this.scopeAndIssuer(tokens?.scope),
      ...(expiresIn !== undefined && tokens?.savedAt !== undefined ? { expiresAt: tokens.savedAt + expiresIn * 1000 } : {}),
    };
  }

  private setState(state: SignInState | undefined): void {
    this.current = state;
    this.deps.onState(state);
  }
}

function scopeKey(scope: string | undefined): string {
  return [...new Set((scope ?? '').split(/\s+/).filter(Boolean))].sort().join(' ');
}

function unknownAnswer(): McpRequestError {
  return new McpRequestError('This sign-in answer is not for a sign-in under way (unknown or already used state).', undefined, undefined, 'sign-in-needed');
}
