/**
 * The engine's servers: one runtime per configured server, its connection, its sign-in (HTTP)
 * and its task protocol while it is connected, wired to the engine's parts (connects bind the
 * protocol to the watcher and the server-request path; notifications and server requests go to
 * the parts that take them).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ServerConfig, ServerState } from '../../shared/server-config.js';
import { isTaskFinished, type LegacySession, type TrackedTask } from '../../shared/task-model.js';
import type { CredentialStore, EnginePorts } from './ports.js';
import { ServerSignIn, type SignInOptions } from './auth/server-sign-in.js';
import type { ClientIdentity } from './connections/capabilities.js';
import { McpRequestError } from './connections/mcp-request-error.js';
import { ServerConnection } from './connections/server-connection.js';
import type { HealthOptions } from './connections/server-health.js';
import type { EngineParts } from './engine-parts.js';
import { errorText } from './error-text.js';
import type { Observatory } from './observe/observatory.js';
import { createProtocol } from './protocols/create-protocol.js';
import type { TaskProtocol } from './protocols/task-protocol.js';

/** One configured server while the engine runs it. */
interface ServerRuntime {
  config: ServerConfig;
  connection: ServerConnection;
  /** HTTP: the server's sign-in. */
  signIn: ServerSignIn | undefined;
  /** The server's task form, while it is connected. */
  protocol: TaskProtocol | undefined;
}

/** What the roster builds each server's runtime with. */
export interface ServerRosterDeps {
  ports: EnginePorts;
  parts: EngineParts;
  observatory: Observatory;
  identity: ClientIdentity;
  health: HealthOptions | undefined;
  maxMessageBytes: number;
  credentialStore: CredentialStore;
  signInOptions: SignInOptions;
  /** A server's connection state changed. */
  onServerState(state: ServerState): void;
}

/** The servers the engine runs, by id. */
export class ServerRoster {
  private readonly servers = new Map<string, ServerRuntime>();
  /** Set by `dispose`: sign-in commands are refused from then on. */
  private disposed = false;

  constructor(private readonly deps: ServerRosterDeps) {}

  /** How many servers run. */
  get size(): number {
    return this.servers.size;
  }

  /** Every server's state. */
  states(): ServerState[] {
    return [...this.servers.values()].map((runtime) => runtime.connection.state);
  }

  /** The folders the user shared with a server (none for an unknown one). */
  rootsOf(serverId: string): NonNullable<ServerConfig['roots']> {
    return this.servers.get(serverId)?.config.roots ?? [];
  }

  /** The server's name for messages, its id when it does not run. */
  nameOf(serverId: string): string {
    return this.servers.get(serverId)?.config.name ?? serverId;
  }

  /**
   * Starts running (and connecting to) one more server. With `tasksLoaded` (the saved tasks
   * still loading), the connection starts once they are loaded, so that it resumes them: a stdio
   * server's process is launched at once and boots meanwhile (its server hears nothing before).
   */
  add(config: ServerConfig, tasksLoaded?: Promise<unknown>): void {
    if (this.servers.has(config.id)) throw new Error(`A server with id ${config.id} already exists.`);
    const { ports, parts } = this.deps;
    const id = config.id;
    const runtime: ServerRuntime = { config, connection: undefined as unknown as ServerConnection, signIn: undefined, protocol: undefined };
    const observer = this.deps.observatory.observe(config);
    const signIn = config.transport === 'http'
      ? new ServerSignIn({
        config,
        store: this.deps.credentialStore,
        clock: ports.clock,
        logger: ports.logger,
        options: this.deps.signInOptions,
        onState: (state) => runtime.connection.setSignIn(state),
        onSignedIn: () => runtime.connection.retryNow(),
        event: (text) => observer.event(text),
      })
      : undefined;
    runtime.signIn = signIn;
    runtime.connection = new ServerConnection(config, {
      clock: ports.clock,
      logger: ports.logger,
      random: ports.random ?? Math.random,
      identity: this.deps.identity,
      ...(this.deps.health !== undefined ? { health: this.deps.health } : {}),
      maxMessageBytes: this.deps.maxMessageBytes,
      observer,
      ...(signIn !== undefined ? { authProvider: signIn.transportAuth } : {}),
      ...(ports.launchProcess !== undefined ? { launchProcess: ports.launchProcess } : {}),
      listener: {
        onAuthProblem: (problem) => signIn?.refused(problem),
        onNotification: (method, params) => parts.requests.handleNotification(id, method, params)
          || parts.progress.handle(id, method, params)
          || runtime.protocol?.handleNotification(method, params),
        onStateChange: (state) => this.deps.onServerState(state),
        onConnected: () => this.connected(runtime),
        onDisconnected: () => this.disconnected(runtime),
      },
      handleServerRequest: (method, params, signal, requestId, sent) => {
        if (runtime.protocol?.takesServerRequests === false) {
          return Promise.reject(new McpRequestError('This server\'s protocol has no server-to-client requests; it asks through its tasks and tool calls.', -32601));
        }
        const relatedTask = runtime.protocol?.relatedTaskOf(params);
        return parts.requests.handle(id, runtime.connection, { method, params, ...(relatedTask !== undefined ? { relatedTask } : {}) }, signal, requestId, sent);
      },
    });
    this.servers.set(id, runtime);
    if (tasksLoaded === undefined) {
      runtime.connection.start(this.sessionToRejoin(id));
    } else {
      runtime.connection.prelaunch();
      // A failed load is the engine's to report: the server is connected all the same.
      void tasksLoaded.catch(() => undefined).then(() => runtime.connection.start(this.sessionToRejoin(id)));
    }
    signIn?.load().catch((error: unknown) => ports.logger.warn('could not read a server\'s sign-in credentials', { server: id, error: errorText(error) }));
  }

  /** Stops running a server (its tasks stay in the inbox, unwatched until it is added again). */
  async remove(serverId: string): Promise<void> {
    const runtime = this.servers.get(serverId);
    if (runtime === undefined) return;
    this.servers.delete(serverId);
    runtime.signIn?.dispose();
    await runtime.connection.close();
  }

  /** Takes a server's new settings without reconnecting (see `Engine.updateServerSettings`); unknown ids are ignored. */
  updateSettings(config: ServerConfig): void {
    const runtime = this.servers.get(config.id);
    if (runtime === undefined) return;
    const rootsChanged = !isDeepStrictEqual(runtime.config.roots ?? [], config.roots ?? []);
    runtime.config = config;
    runtime.connection.setLogLevel(config.logLevel).catch((error: unknown) => {
      this.deps.ports.logger.warn('could not set a server\'s log level', { server: config.id, error: errorText(error) });
    });
    if (!rootsChanged) return;
    runtime.connection.sendRootsListChanged().catch((error: unknown) => {
      this.deps.ports.logger.warn('could not tell a server its roots changed', { server: config.id, error: errorText(error) });
    });
  }

  /** A running server's connection; throws for an unknown id. */
  connection(serverId: string): ServerConnection {
    return this.runtime(serverId).connection;
  }

  /** The task protocol of a server while it is connected. */
  connectedProtocol(serverId: string): TaskProtocol | undefined {
    const runtime = this.servers.get(serverId);
    return runtime?.connection.isConnected === true ? runtime.protocol : undefined;
  }

  /** The task protocol of a connected server; throws McpRequestError when it is not connected, Error when it does not run. */
  requireProtocol(serverId: string): TaskProtocol {
    const runtime = this.runtime(serverId);
    if (runtime.protocol === undefined || !runtime.connection.isConnected) {
      throw new McpRequestError(`${runtime.config.name} is not connected.`, undefined, undefined, 'disconnected');
    }
    return runtime.protocol;
  }

  /** An HTTP server's sign-in; throws McpRequestError for an unknown or stdio server, and once disposed. */
  signInOf(serverId: string): ServerSignIn {
    const runtime = this.servers.get(serverId);
    if (runtime === undefined || this.disposed) throw new McpRequestError(`Unknown server ${serverId}.`, undefined);
    if (runtime.signIn === undefined) throw new McpRequestError(`${runtime.config.name} runs over stdio: it has no sign-in.`, undefined);
    return runtime.signIn;
  }

  /** The server and sign-in whose sign-in under way issued `state`, if any. */
  signInOwning(state: string | null): { serverId: string; signIn: ServerSignIn } | undefined {
    const runtime = [...this.servers.values()].find((candidate) => candidate.signIn?.ownsState(state) === true);
    return runtime?.signIn === undefined ? undefined : { serverId: runtime.config.id, signIn: runtime.signIn };
  }

  /** Ends every sign-in and closes every connection (and their process trees). */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const runtime of this.servers.values()) runtime.signIn?.dispose();
    await Promise.all([...this.servers.values()].map((runtime) => runtime.connection.close()));
    this.servers.clear();
  }

  private runtime(serverId: string): ServerRuntime {
    const runtime = this.servers.get(serverId);
    if (runtime === undefined) throw new Error(`Unknown server ${serverId}.`);
    return runtime;
  }

  /** The 2025-11-25 HTTP session of the server's newest unfinished task, if any. */
  private sessionToRejoin(serverId: string): LegacySession | undefined {
    let newest: TrackedTask | undefined;
    for (const task of this.deps.parts.ledger.ofServer(serverId)) {
      if (task.legacy === undefined || isTaskFinished(task)) continue;
      if (newest === undefined || task.createdAt > newest.createdAt) newest = task;
    }
    return newest?.legacy?.session;
  }

  private connected(runtime: ServerRuntime): void {
    const { connection, config } = runtime;
    const { parts } = this.deps;
    runtime.protocol = createProtocol(connection, {
      onObservation: (serverTaskId, observation) => parts.watcher.pushed(config.id, serverTaskId, observation),
      onPollHint: (serverTaskId) => parts.watcher.hinted(config.id, serverTaskId),
      onQuarantined: (serverTaskId, reason) => parts.watcher.quarantined(config.id, serverTaskId, reason),
    }, this.deps.ports.clock);
    parts.watcher.serverConnected(config.id, runtime.protocol);
    parts.requests.resume(config.id, connection, runtime.protocol.taskSession());
  }

  private disconnected(runtime: ServerRuntime): void {
    runtime.protocol?.reset();
    runtime.protocol = undefined;
    this.deps.parts.requests.disconnected(runtime.config.id);
  }
}
