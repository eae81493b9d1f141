/**
 * The configured servers: the list the user edits, what the operator gave on this launch, and
 * which of them the engine runs. It is the one place that decides
 * - approval (docs/security.md#running-servers-stdio-is-code-execution): a stdio server is handed
 *   to the engine only while its approval digest is current; an edit of what runs clears it;
 *   imports arrive unapproved;
 * - what a host without stdio editing may do (browser mode, docs/security.md#browser-mode): no new
 *   or changed commands, no approvals, no stdio server removed (it could not be added back;
 *   retrying, disabling and enabling a server are allowed: they never run anything that was not
 *   approved). Header values typed into the page are taken there but kept for this session only, as
 *   the views say (nothing can protect them at rest);
 * - that a server's sign-in credentials go with it: removed with it, and forgotten when its
 *   address or its sign-in client changes (they were issued for the old one);
 * - that a server keeps its transport, and that tasks stay with the endpoint they were made on;
 * - which servers the user disabled (kept configured, not run);
 * - and keeps `servers.json` in step (written before memory changes, so a failed write changes nothing).
 * Changes are serialized: two saves never interleave their engine and file updates. The refusals
 * themselves are worded in server-edit-rules.ts, and the entry an edit saves is built in
 * edited-entry.ts.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ImportReport, ServerInput, ServerSettingsInput, ServerView } from '../../shared/ipc/contract.js';
import type { ServerConfig } from '../../shared/server-config.js';
import type { CredentialStore, Engine, Logger } from '../engine/index.js';
import type { SecretStore } from './host-api.js';
import { HostError } from './host-error.js';
import { editedEntry } from './edited-entry.js';
import {
  approvalDigest,
  isApproved,
  isOperatorOrigin,
  isRunnable,
  preApproved,
  sameEndpoint,
  shownApprovalDigest,
  toServerConfig,
  type OperatorServer,
  type ServerEntry,
} from './server-entry.js';
import { withSavedEnv } from './saved-secrets.js';
import { assertEditable, assertSameTransport, duplicateOf, refusalOf, sameSignIn } from './server-edit-rules.js';
import { loadServerFile, saveServerFile } from './server-file.js';
import { slugFromName, uniqueServerId } from './server-ids.js';
import { parseServerImport } from './server-import.js';
import { runsSame, settingsOf, updatedSettings, withSettings } from './server-settings.js';
import { toServerView } from './views.js';

export interface ConfiguredServersOptions {
  /** Folder of `servers.json`. */
  dir: string;
  secrets: SecretStore;
  engine: Pick<Engine, 'addServer' | 'removeServer' | 'listServers' | 'listTasks' | 'updateServerSettings' | 'retryServer' | 'signOut'>;
  /** Whether the UI may add, change or approve stdio commands (Electron only). */
  canEditStdio: boolean;
  /** Our own servers: seeded on first start, pre-approved, and refreshed at every start. */
  defaults: readonly ServerConfig[];
  /** Servers given on this launch (approved by whoever launched us; never written to disk). */
  operatorServers: readonly OperatorServer[];
  now: () => number;
  logger: Logger;
  /** Called after every change of the list (not of live states: those come from the engine). */
  onChange: () => void;
  /** Where the servers' sign-in credentials are kept (sign-in-credentials.ts): only forgetting is needed here. */
  credentials?: Pick<CredentialStore, 'delete'>;
}

/** See the module comment. Build it with `ConfiguredServers.load`. */
export class ConfiguredServers {
  /** What servers.json holds (and will hold), in order. */
  #stored = new Map<string, ServerEntry>();
  /** Operator entries; one with a stored entry's id hides that entry for the session. */
  readonly #operator = new Map<string, ServerEntry>();
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly options: ConfiguredServersOptions) {}

  /**
   * Reads servers.json (seeding and writing the defaults when there is none) and adds the
   * operator's servers. Resolves with problems for the user; the engine is not touched (see `runnable`).
   */
  static async load(options: ConfiguredServersOptions): Promise<{ servers: ConfiguredServers; problems: string[] }> {
    const { entries, problems } = await loadServerFile(options.dir, options.secrets, options.now);
    const servers = new ConfiguredServers(options);
    const defaults = new Map(options.defaults.map((config) => [config.id, config]));
    const initial = entries ?? options.defaults.map((config) => preApproved(config, 'default'));
    for (const entry of initial) {
      // Unedited defaults follow the current install (its Node binary or folder may have moved), keeping the user's settings and choice to disable them.
      const current = entry.origin === 'default' ? defaults.get(entry.config.id) : undefined;
      const refreshed = current === undefined ? undefined : preApproved(withSettings(current, settingsOf(entry.config)), 'default');
      const marks = { ...(entry.disabled === true ? { disabled: true as const } : {}), ...(entry.replacedBy !== undefined ? { replacedBy: entry.replacedBy } : {}) };
      servers.#stored.set(entry.config.id, refreshed === undefined ? entry : { ...refreshed, ...marks });
    }
    for (const { config, origin } of options.operatorServers) servers.#operator.set(config.id, preApproved(config, origin));
    if (entries === undefined) {
      try {
        await saveServerFile(options.dir, [...servers.#stored.values()], options.secrets);
      } catch (error) {
        // The app still runs on the defaults; the next change tries the write again.
        problems.push(`The server list could not be saved (${error instanceof Error ? error.message : String(error)}).`);
      }
    }
    return { servers, problems };
  }

  /** The configs the engine should run: every approved entry that is not disabled. */
  runnable(): ServerConfig[] {
    return this.#entries().filter(isRunnable).map((entry) => entry.config);
  }

  /** Every server with its live state. */
  views(): ServerView[] {
    const states = new Map(this.options.engine.listServers().map((state) => [state.id, state]));
    return this.#entries().map((entry) => toServerView(entry, states.get(entry.config.id), this.#viewOptions(entry)));
  }

  /** Throws a HostError saying why, unless server `id` is configured and allowed to run. */
  requireRunnable(id: string): void {
    const entry = this.#find(id);
    if (entry === undefined) throw new HostError('That server is not configured (any more).');
    if (!isApproved(entry)) throw new HostError(`"${entry.config.name}" has not been approved to run yet.`);
    if (entry.disabled === true) throw new HostError(`"${entry.config.name}" is disabled: enable it first.`);
  }

  /**
   * Adds (no `id`: the host chooses the id) or changes the server `id` names. A server keeps its
   * transport: a change of it is refused. The entry keeps its approval only while what runs is
   * unchanged. Saved header and environment values are kept as saved-secrets.ts says (the
   * renderer never has them). An edit that changes the endpoint (`sameEndpoint`) of a server
   * with tasks makes a NEW server with a new id, and keeps the old entry, disabled and marked
   * `replacedBy`, for its tasks: they are never followed against the new endpoint. The server's
   * settings (roots, mute) are kept: see `updateSettings`. Resolves with the saved server (the
   * new one after an endpoint change).
   */
  save(input: ServerInput): Promise<ServerView> {
    return this.#exclusive(async () => {
      const previous = input.id === undefined ? undefined : this.#find(input.id);
      if (input.id !== undefined && previous === undefined) throw new HostError('That server no longer exists.');
      if (previous !== undefined) {
        assertEditable(previous);
        assertSameTransport(input, previous);
      }
      const resolved = withSavedEnv(input, previous);
      const refusal = refusalOf(resolved, previous, this.options);
      if (refusal !== undefined) throw new HostError(refusal);
      const isMove = previous !== undefined && !sameEndpoint(previous.config, toServerConfig(resolved, previous.config.id)) && this.#hasTasks(previous.config.id);
      const id = previous !== undefined && !isMove ? previous.config.id : uniqueServerId(slugFromName(input.name), this.#ids());
      const next = editedEntry(resolved, previous, id, isMove);
      const { config } = next;
      const left: ServerEntry | undefined = isMove ? { ...previous, disabled: true, replacedBy: id } : undefined;
      const stored = new Map(this.#stored);
      if (left !== undefined) stored.set(left.config.id, left);
      await this.#commit(stored.set(id, next));
      if (left !== undefined) await this.#run(previous, left);
      // Before it runs again: what was issued for the old address or client must never reach the new one.
      if (previous !== undefined && !isMove && !sameSignIn(previous.config, config)) await this.#forgetCredentials(id);
      await this.#run(isMove ? undefined : previous, next);
      this.options.logger.info(previous === undefined ? 'server added' : isMove ? 'server endpoint changed: added as a new server' : 'server changed', {
        id,
        transport: config.transport,
        ...(isMove ? { replaces: previous.config.id } : {}),
      });
      this.options.onChange();
      return this.#view(next);
    });
  }

  /**
   * Removes a server (its tasks stay in the inbox). Removing an unknown id does nothing. Browser
   * mode may not remove a stdio server: it could never add it back (disabling is allowed).
   */
  remove(id: string): Promise<void> {
    return this.#exclusive(async () => {
      const entry = this.#find(id);
      if (entry === undefined) return;
      assertEditable(entry);
      if (entry.config.transport === 'stdio' && !this.options.canEditStdio) {
        throw new HostError(`"${entry.config.name}" runs a command, and browser mode could not add it back once removed: Disable it instead, or remove it in the desktop app.`);
      }
      const next = new Map(this.#stored);
      next.delete(id);
      await this.#commit(next);
      await this.#run(entry, undefined);
      await this.#forgetCredentials(id);
      this.options.logger.info('server removed', { id });
      this.options.onChange();
    });
  }

  /** Approves a stdio server to run exactly as shown: `digest` must be the one its view shows now (`shownApprovalDigest`). */
  approve(id: string, digest: string): Promise<ServerView> {
    return this.#exclusive(async () => {
      if (!this.options.canEditStdio) throw new HostError('Commands can only be approved in the desktop app.');
      const entry = this.#find(id);
      if (entry === undefined) throw new HostError('That server no longer exists.');
      const current = approvalDigest(entry.config);
      if (digest !== shownApprovalDigest(entry.config)) throw new HostError(`The command of "${entry.config.name}" changed since it was shown. Review it and approve it again.`);
      if (entry.sealedEnv !== undefined) {
        const names = Object.keys(entry.sealedEnv).map((name) => `"${name}"`).join(', ');
        throw new HostError(`"${entry.config.name}" lost the saved values of ${names}: enter them again (Edit) before approving it.`);
      }
      if (isApproved(entry)) return this.#view(entry);
      const next: ServerEntry = { ...entry, approvedDigest: current };
      await this.#commit(new Map(this.#stored).set(id, next));
      await this.#run(entry, next);
      this.options.logger.info('server approved', { id });
      this.options.onChange();
      return this.#view(next);
    });
  }

  /**
   * Changes a server's settings — the folders shared with it, the mute of its notifications, its log level —
   * which do not change what runs: no approval is needed or lost, the server is not reconnected
   * (the engine is told and tells the server its roots changed), and browser mode may do it too,
   * for stdio servers as well. Folders are checked and made `file://` URIs here (server-settings.ts).
   * An operator's server keeps them for this session only, as it keeps the server itself.
   */
  updateSettings({ id, ...input }: ServerSettingsInput): Promise<ServerView> {
    return this.#exclusive(async () => {
      const entry = this.#find(id);
      if (entry === undefined) throw new HostError('That server no longer exists.');
      const next: ServerEntry = { ...entry, config: withSettings(entry.config, updatedSettings(settingsOf(entry.config), input)) };
      if (isOperatorOrigin(entry.origin)) this.#operator.set(id, next);
      else await this.#commit(new Map(this.#stored).set(id, next));
      await this.#run(entry, next);
      this.options.logger.info('server settings changed', { id, roots: next.config.roots?.length ?? 0, muted: next.config.notificationsMuted === true, logLevel: next.config.logLevel });
      this.options.onChange();
      return this.#view(next);
    });
  }

  /**
   * Connects to a server again at once (engine `retryServer`): one that stopped being started
   * after failing too often, or one waiting for its next attempt. Refused for a server that does
   * not run (not approved, disabled).
   */
  retry(id: string): Promise<ServerView> {
    return this.#exclusive(() => {
      this.requireRunnable(id);
      this.options.engine.retryServer(id);
      this.options.logger.info('server retried', { id });
      return Promise.resolve(this.#view(this.#find(id)!));
    });
  }

  /** Forgets the server's sign-in credentials (engine.signOut): it needs sign-in again. */
  signOut(id: string): Promise<ServerView> {
    return this.#exclusive(async () => {
      const entry = this.#find(id);
      if (entry === undefined) throw new HostError('That server no longer exists.');
      await this.options.engine.signOut(id);
      this.options.logger.info('signed out of a server', { id });
      return this.#view(entry);
    });
  }

  /**
   * Disables a server — it stops, stays configured, and its tasks stay in the inbox, unwatched —
   * or enables it again (it runs again if approved). Remembered in servers.json; an operator's
   * server stays disabled for this session only, as it is given for this session only.
   */
  setEnabled(id: string, enabled: boolean): Promise<ServerView> {
    return this.#exclusive(async () => {
      const entry = this.#find(id);
      if (entry === undefined) throw new HostError('That server no longer exists.');
      if ((entry.disabled !== true) === enabled) return this.#view(entry);
      const { disabled: _disabled, ...rest } = entry;
      const next: ServerEntry = enabled ? rest : { ...rest, disabled: true };
      if (isOperatorOrigin(entry.origin)) this.#operator.set(id, next);
      else await this.#commit(new Map(this.#stored).set(id, next));
      await this.#run(entry, next);
      this.options.logger.info(enabled ? 'server enabled' : 'server disabled', { id });
      this.options.onChange();
      return this.#view(next);
    });
  }

  /**
   * Imports servers from another client's config (see server-import.ts). Everything arrives
   * unapproved; HTTP servers need no approval and connect at once. Entries this host may not
   * take, or that are already configured, are skipped with a reason. Ids are the host's, made from
   * the names (never one in use or still naming tasks).
   */
  import(json: string): Promise<ImportReport> {
    return this.#exclusive(async () => {
      const parsed = parseServerImport(json);
      const skipped = [...parsed.skipped];
      const taken = this.#ids();
      const added: ServerEntry[] = [];
      for (const input of parsed.servers) {
        const refusal = refusalOf(input, undefined, this.options) ?? duplicateOf(input, this.#entries());
        if (refusal !== undefined) {
          skipped.push({ name: input.name, reason: refusal });
          continue;
        }
        // The host names new servers: an id in the text is the page's, not the operator's.
        const config = toServerConfig(input, uniqueServerId(slugFromName(input.name), taken));
        taken.add(config.id);
        added.push({ config, origin: 'import' });
      }
      if (added.length > 0) {
        const next = new Map(this.#stored);
        for (const entry of added) next.set(entry.config.id, entry);
        await this.#commit(next);
        for (const entry of added) await this.#run(undefined, entry);
        this.options.logger.info('servers imported', { count: added.length });
        this.options.onChange();
      }
      return { imported: added.map((entry) => this.#view(entry)), skipped };
    });
  }

  /** Resolves once every change asked for so far is done. */
  async idle(): Promise<void> {
    await this.#queue;
  }

  /** True when the engine keeps tasks filed under server `id`. */
  #hasTasks(id: string): boolean {
    return this.options.engine.listTasks().some((task) => task.serverId === id);
  }

  /** Writes `next` as the stored list, then makes it current. */
  async #commit(next: Map<string, ServerEntry>): Promise<void> {
    try {
      await saveServerFile(this.options.dir, [...next.values()], this.options.secrets);
    } catch (error) {
      this.options.logger.error('could not write the server list', { error: error instanceof Error ? error.message : String(error) });
      throw new HostError('The server list could not be saved; nothing was changed.');
    }
    this.#stored = next;
  }

  /** Brings the engine in line with an entry that changed from `previous` to `next`: a settings-only change keeps the connection. */
  async #run(previous: ServerEntry | undefined, next: ServerEntry | undefined): Promise<void> {
    const wasRunning = previous !== undefined && isRunnable(previous);
    const runs = next !== undefined && isRunnable(next);
    if (wasRunning && runs && runsSame(previous.config, next.config)) {
      if (!isDeepStrictEqual(previous.config, next.config)) this.options.engine.updateServerSettings(next.config);
      return;
    }
    if (wasRunning) await this.options.engine.removeServer(previous.config.id);
    if (runs) this.options.engine.addServer(next.config);
  }

  #view(entry: ServerEntry): ServerView {
    return toServerView(entry, this.options.engine.listServers().find((state) => state.id === entry.config.id), this.#viewOptions(entry));
  }

  /** An operator's header values come back at every launch; the page's are not written where nothing protects them. */
  #viewOptions(entry: ServerEntry): { headersSessionOnly: boolean } {
    return { headersSessionOnly: this.options.secrets.protection === 'unavailable' && !isOperatorOrigin(entry.origin) };
  }

  /** Forgets what sign-in held for server `id`; a failure is logged (the credentials file is rewritten at the next change). */
  async #forgetCredentials(id: string): Promise<void> {
    try {
      await this.options.credentials?.delete(id);
    } catch (error) {
      this.options.logger.error('could not forget sign-in credentials', { id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Every entry in effect: the operator's first, then the stored ones they do not hide. */
  #entries(): ServerEntry[] {
    return [...this.#operator.values(), ...[...this.#stored.values()].filter((entry) => !this.#operator.has(entry.config.id))];
  }

  #find(id: string): ServerEntry | undefined {
    return this.#operator.get(id) ?? this.#stored.get(id);
  }

  /**
   * Ids a new server may not take: those in use, hidden stored entries included (they come back
   * when the operator stops giving theirs), and those tasks are still filed under (a removed
   * server's tasks stay in the inbox; a new server under that id would be asked about them).
   */
  #ids(): Set<string> {
    return new Set([...this.#operator.keys(), ...this.#stored.keys(), ...this.options.engine.listTasks().map((task) => task.serverId)]);
  }

  #exclusive<T>(change: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(change);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}
