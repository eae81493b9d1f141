/**
 * The default `CredentialStore` (in memory: signing in lasts while the app runs) and the value
 * that seeds a client registered with the authorization server beforehand.
 */
import type { CredentialStore } from '../ports.js';

/** Credentials kept in memory only: what a host without protected storage gets. */
export class MemoryCredentialStore implements CredentialStore {
  readonly persistence = 'session-only' as const;
  private readonly values = new Map<string, Record<string, unknown>>();

  load(serverId: string): Promise<Record<string, unknown> | undefined> {
    const value = this.values.get(serverId);
    return Promise.resolve(value === undefined ? undefined : structuredClone(value));
  }

  save(serverId: string, value: Record<string, unknown>): Promise<void> {
    this.values.set(serverId, structuredClone(value));
    return Promise.resolve();
  }

  delete(serverId: string): Promise<void> {
    this.values.delete(serverId);
    return Promise.resolve();
  }
}

/**
 * The credential value for a client the user registered with the authorization server
 * beforehand (a confidential one when `clientSecret` is given): save it for the server's id
 * before the server is added. Sign-in then uses this client instead of registering one.
 */
export function preRegisteredClient(clientId: string, clientSecret?: string): Record<string, unknown> {
  return { client: { client_id: clientId, ...(clientSecret !== undefined ? { client_secret: clientSecret } : {}) } };
}
