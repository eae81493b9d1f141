/**
 * The part of `oidc-provider` 9 (which ships no types) that the demo authorization server uses.
 * Only what is declared here is used; the configuration object stays loose because the provider
 * validates it itself at construction.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** One stored artifact (session, grant, token, client…), as the provider hands it to its adapter. */
  export interface AdapterPayload {
    readonly [key: string]: unknown;
    readonly grantId?: string;
    readonly userCode?: string;
    readonly uid?: string;
    consumed?: number;
  }

  /** The storage interface the provider calls for every model (`name` = the model's name). */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  /** The client as the provider's callbacks see it. */
  export interface Client {
    readonly clientId: string;
    readonly clientAuthMethod: string;
    readonly applicationType: string;
    readonly redirectUris: readonly string[];
    grantTypeAllowed(type: string): boolean;
  }

  /** The per-request context of the provider's callbacks (a Koa context). */
  export interface KoaContextWithOIDC {
    readonly oidc: { readonly route?: string; readonly params?: Readonly<Record<string, unknown>> };
    type: string;
    body: unknown;
  }

  export type Configuration = Readonly<Record<string, unknown>>;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    /** The Node request listener (a Koa application callback). */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
    /** Koa's flag: when true, errors are not printed by Koa's default error handler. */
    silent: boolean;
  }

  export default Provider;
}
