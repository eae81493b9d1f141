/**
 * The demo authorization server's storage: every artifact in memory, gone with the process.
 * Written here rather than using the provider's own development adapter so that a test (or the
 * demo) can end every grant at once — the provider's adapter offers no way to enumerate them.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch ms after which the entry no longer exists; undefined = no expiry. */
  readonly expiresAt: number | undefined;
}

/** What the provider stores that says who registered, rather than who signed in. */
const REGISTRATION_MODELS: ReadonlySet<string> = new Set(['Client', 'RegistrationAccessToken', 'InitialAccessToken']);

/** All artifacts of one provider instance, across its models. */
export class MemoryStore {
  readonly #models = new Map<string, Map<string, Entry>>();

  /** The entries of `model` (created on first use). */
  entries(model: string): Map<string, Entry> {
    let entries = this.#models.get(model);
    if (entries === undefined) {
      entries = new Map();
      this.#models.set(model, entries);
    }
    return entries;
  }

  /**
   * Forgets every session, interaction, grant, authorization code and token, keeping the client
   * registrations: afterwards a refresh token is refused and the next sign-in shows the login page.
   */
  forgetGrants(): void {
    for (const [model, entries] of this.#models) if (!REGISTRATION_MODELS.has(model)) entries.clear();
  }

  /** An adapter class bound to this store, for the provider's `adapter` setting. */
  adapterClass(): new (model: string) => Adapter {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the class below is constructed by the provider, not by us
    const store = this;
    return class implements Adapter {
      readonly #entries: Map<string, Entry>;

      constructor(model: string) {
        this.#entries = store.entries(model);
      }

      #live(id: string): Entry | undefined {
        const entry = this.#entries.get(id);
        if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
          this.#entries.delete(id);
          return undefined;
        }
        return entry;
      }

      #findBy(key: 'userCode' | 'uid', value: string): AdapterPayload | undefined {
        for (const id of this.#entries.keys()) {
          const payload = this.#live(id)?.payload;
          if (payload?.[key] === value) return payload;
        }
        return undefined;
      }

      upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
        this.#entries.set(id, { payload, expiresAt: expiresIn > 0 ? Date.now() + expiresIn * 1_000 : undefined });
        return Promise.resolve();
      }

      find(id: string): Promise<AdapterPayload | undefined> {
        return Promise.resolve(this.#live(id)?.payload);
      }

      findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
        return Promise.resolve(this.#findBy('userCode', userCode));
      }

      findByUid(uid: string): Promise<AdapterPayload | undefined> {
        return Promise.resolve(this.#findBy('uid', uid));
      }

      consume(id: string): Promise<void> {
        const entry = this.#live(id);
        if (entry !== undefined) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1_000) };
        return Promise.resolve();
      }

      destroy(id: string): Promise<void> {
        this.#entries.delete(id);
        return Promise.resolve();
      }

      revokeByGrantId(grantId: string): Promise<void> {
        // A grant's tokens live in several models (codes, refresh tokens…): all of them go.
        for (const entries of store.#models.values()) {
          for (const [id, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(id);
        }
        return Promise.resolve();
      }
    };
  }
}
