/**
 * One server's sign-in credentials, read once from the `CredentialStore` and written through on
 * every change: the tokens, the client registration, the PKCE verifier of the sign-in under way
 * and what discovery found. The stored value is this app's own, but it is read defensively: a
 * part of the wrong shape is dropped (the user signs in again) rather than trusted.
 */
import type { OAuthClientInformationMixed, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import type { CredentialStore, Logger } from '../ports.js';
import { isJsonObject } from '../../../shared/json-guards.js';
import { errorText } from '../error-text.js';

/** Tokens as kept: what the token endpoint answered, the issuer that minted them, when they were saved. */
export type HeldTokens = OAuthTokens & { issuer?: string; savedAt?: number };
/** A client registration as kept (the issuer that registered it stamped on). */
export type HeldClient = OAuthClientInformationMixed & { issuer?: string };

/** The parts of a server's credential value. */
export interface Credentials {
  tokens?: HeldTokens;
  client?: HeldClient;
  verifier?: string;
  discovery?: OAuthDiscoveryState;
}

/** The credentials of one server, cached in memory and saved on each change. */
export class CredentialVault {
  private value: Credentials = {};
  private loaded: Promise<void> | undefined;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly serverId: string,
    private readonly store: CredentialStore,
    private readonly logger: Logger,
  ) {}

  /** Reads the stored value (once); later calls wait for that read. */
  load(): Promise<void> {
    this.loaded ??= this.store.load(this.serverId).then(
      (raw) => {
        this.value = credentialsOf(raw);
      },
      (error: unknown) => {
        this.logger.warn('could not read a server\'s sign-in credentials; it needs sign-in', { server: this.serverId, error: errorText(error) });
      },
    );
    return this.loaded;
  }

  get credentials(): Readonly<Credentials> {
    return this.value;
  }

  /** Every secret held, for keeping them out of the text the app shows and logs. */
  get secrets(): string[] {
    const { tokens, client, verifier } = this.value;
    return [tokens?.access_token, tokens?.refresh_token, tokens?.id_token, client?.client_secret, verifier].filter((value): value is string => typeof value === 'string' && value !== '');
  }

  /** Applies `patch` (an undefined part is removed) and saves the whole value; resolves once saved. */
  update(patch: Partial<Credentials>): Promise<void> {
    const next: Credentials = { ...this.value, ...patch };
    for (const key of Object.keys(patch) as (keyof Credentials)[]) if (patch[key] === undefined) delete next[key];
    this.value = next;
    return this.persist();
  }

  /** Forgets everything (in memory and in the store). */
  clear(): Promise<void> {
    this.value = {};
    this.writes = this.writes.then(() => this.store.delete(this.serverId)).catch((error: unknown) => {
      this.logger.warn('could not delete a server\'s sign-in credentials', { server: this.serverId, error: errorText(error) });
    });
    return this.writes;
  }

  private persist(): Promise<void> {
    const snapshot = { ...this.value } as Record<string, unknown>;
    // In order: a slow earlier save must not land after a later one.
    this.writes = this.writes.then(() => this.store.save(this.serverId, snapshot)).catch((error: unknown) => {
      this.logger.warn('could not save a server\'s sign-in credentials; they last while the app runs', { server: this.serverId, error: errorText(error) });
    });
    return this.writes;
  }
}

/** The parts of a stored value that have the right shape. */
function credentialsOf(raw: Record<string, unknown> | undefined): Credentials {
  if (raw === undefined) return {};
  const out: Credentials = {};
  if (isJsonObject(raw.tokens) && typeof raw.tokens.access_token === 'string' && typeof raw.tokens.token_type === 'string') out.tokens = raw.tokens as unknown as HeldTokens;
  if (isJsonObject(raw.client) && typeof raw.client.client_id === 'string') out.client = raw.client as unknown as HeldClient;
  if (typeof raw.verifier === 'string') out.verifier = raw.verifier;
  if (isJsonObject(raw.discovery) && typeof raw.discovery.authorizationServerUrl === 'string') out.discovery = raw.discovery as unknown as OAuthDiscoveryState;
  return out;
}
