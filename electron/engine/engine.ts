/**
 * The engine's front: the configured servers (server-roster.ts: their connections, sign-ins and
 * task protocols) and the collaborators that do the work — watching tasks (tasks/task-watcher.ts), tool calls (calls/tool-calls.ts), the server-request
 * path (inputs/server-requests.ts) and the user's answers (inputs/answer-desk.ts). Hosts create it
 * through `createEngine` (index.ts) and talk to it with method calls (commands) and `onDid*`
 * events (state broadcasts). It knows no wire form: each connected server has a `TaskProtocol`.
 */
import type { Tool } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerState } from '../../shared/server-config.js';
import type { ConsoleEntry, ExchangeLine, ProtocolEntry, TaskExport } from '../../shared/server-log.js';
import { isTaskFinished, type PendingInput, type TaskSnapshot, type ToolResult, type TrackedTask } from '../../shared/task-model.js';
import type { CallToolOutcome } from './calls/tool-calls.js';
import { McpRequestError } from './connections/mcp-request-error.js';
import { clampMaxMessageBytes } from './connections/message-limit.js';
import type { ClientIdentity } from './connections/capabilities.js';
import { MemoryCredentialStore } from './auth/credential-store.js';
import type { SignInOptions } from './auth/server-sign-in.js';
import type { HealthOptions } from './connections/server-health.js';
import { Emitter, type Event } from './emitter.js';
import { errorText } from './error-text.js';
import type { InputOwnerRef } from './inputs/answer-desk.js';
import { createEngineParts, type EngineEmitters, type EngineParts } from './engine-parts.js';
import type { EnginePorts, SaveProblem } from './ports.js';
import { Observatory } from './observe/observatory.js';
import type { ProtocolQuery } from './observe/protocol-log.js';
import type { ConsoleQuery } from './observe/server-console.js';
import { buildTaskExport } from './observe/task-export.js';
import { ServerRoster } from './server-roster.js';
import { ResultReader } from './tasks/result-recovery.js';
import { endAsInterrupted } from './tasks/task-rules.js';

export type { CallToolOutcome } from './calls/tool-calls.js';
export type { InputOwnerRef } from './inputs/answer-desk.js';
export type { ConsoleQuery } from './observe/server-console.js';
export type { ProtocolQuery } from './observe/protocol-log.js';
export type { SignInOptions } from './auth/server-sign-in.js';

/** Engine options beyond the ports. */
export interface EngineOptions {
  identity?: ClientIdentity;
  /** How servers' health is judged: failures before degraded, ping pace (defaults in connections/server-health.ts). */
  health?: HealthOptions;
  /**
   * The largest message read from a server, in bytes: one stdio line, one HTTP response body,
   * one SSE event. A larger one is refused while it is read and its request fails saying so.
   * Default 16 MiB; clamped to 64 KiB … 1 GiB.
   */
  maxMessageBytes?: number;
  /**
   * Record each server's protocol log and each task's exchange (default true). Off, nothing of
   * the traffic is kept (the server console still is); hosts read `MCP_TASK_MONITOR_PROTOCOL_LOG`
   * with `engineOptionsFromEnv`.
   */
  protocolLog?: boolean;
  /** How HTTP servers are signed in to (see `SignInOptions`; default: the loopback redirect, no browser opened by the engine). */
  signIn?: SignInOptions;
}

/** The engine. See `createEngine`. */
export class Engine {
  private readonly servers: ServerRoster;
  private readonly parts: EngineParts;
  private readonly resultReader: ResultReader;
  private readonly identity: ClientIdentity;
  private readonly emitters: EngineEmitters & { server: Emitter<ServerState>; log: Emitter<{ serverId: string; exchangeLocalIds: readonly string[] }> };
  private readonly observatory: Observatory;
  private readonly stopWatchingEnds: { dispose(): void };
  private disposed = false;

  /** A task was added or changed. */
  readonly onDidUpdateTask: Event<TrackedTask>;
  /** A task was removed from the inbox (by local id). */
  readonly onDidRemoveTask: Event<string>;
  /** A server's connection state changed. */
  readonly onDidChangeServer: Event<ServerState>;
  /** The set of pending inputs changed (the full list, oldest first). */
  readonly onDidChangeInputs: Event<PendingInput[]>;
  /** Writes to disk started failing (the problem to show) or work again (`undefined`); see `saveProblem`. */
  readonly onDidChangeSaveProblem: Event<SaveProblem | undefined>;
  /**
   * A server's console or protocol log got new entries (at most ten reports a second per server):
   * read them with `afterSeq`. `exchangeLocalIds`: the tasks whose exchange changed with them.
   */
  readonly onDidAppendLog: Event<{ serverId: string; exchangeLocalIds: readonly string[] }>;

  constructor(private readonly ports: EnginePorts, options: EngineOptions = {}) {
    this.identity = options.identity ?? { name: 'mcp-task-monitor', version: '0.1.0' };
    const report = (error: unknown): void => ports.logger.error('event listener failed', { error: String(error) });
    this.emitters = {
      task: new Emitter(report),
      removed: new Emitter(report),
      server: new Emitter(report),
      inputs: new Emitter(report),
      saveProblem: new Emitter(report),
      log: new Emitter(report),
    };
    this.onDidUpdateTask = this.emitters.task.event;
    this.onDidRemoveTask = this.emitters.removed.event;
    this.onDidChangeServer = this.emitters.server.event;
    this.onDidChangeInputs = this.emitters.inputs.event;
    this.onDidChangeSaveProblem = this.emitters.saveProblem.event;
    this.onDidAppendLog = this.emitters.log.event;
    this.parts = createEngineParts({
      ports,
      emitters: this.emitters,
      protocolOf: (serverId) => this.servers.connectedProtocol(serverId),
      rootsOf: (serverId) => this.servers.rootsOf(serverId),
      notConnected: (serverId) => new McpRequestError(`${this.servers.nameOf(serverId)} is not connected.`, undefined, undefined, 'disconnected'),
    });
    const { ledger, results } = this.parts;
    this.resultReader = new ResultReader({ clock: ports.clock, logger: ports.logger, ledger, results, protocolOf: (serverId) => this.servers.connectedProtocol(serverId) });
    this.observatory = new Observatory({
      clock: ports.clock,
      logger: ports.logger,
      exchangeStore: ports.exchangeStore,
      recordProtocol: options.protocolLog ?? true,
      sources: {
        localIdOf: (serverId, serverTaskId) => ledger.findByServerTaskId(serverId, serverTaskId)?.localId,
        isKnown: (localId) => ledger.get(localId) !== undefined,
        callsInFlight: (serverId) => this.parts.calls.inFlight(serverId),
      },
      onAppend: (serverId, exchangeLocalIds) => this.emitters.log.fire({ serverId, exchangeLocalIds }),
      hasListeners: () => this.emitters.log.listenerCount > 0,
    });
    this.servers = new ServerRoster({
      ports,
      parts: this.parts,
      observatory: this.observatory,
      identity: this.identity,
      health: options.health,
      maxMessageBytes: clampMaxMessageBytes(options.maxMessageBytes),
      credentialStore: ports.credentialStore ?? new MemoryCredentialStore(),
      signInOptions: options.signIn ?? {},
      onServerState: (state) => this.emitters.server.fire(state),
    });
    // A task's exchange is written once the task ends.
    this.stopWatchingEnds = this.emitters.task.event((task) => {
      if (isTaskFinished(task)) this.observatory.exchanges.taskEnded(task.localId);
    });
  }

  /**
   * Loads persisted tasks and connects to `servers`. Calls caught mid-call by a stop are never
   * resent: a plain one ends `interrupted`, one that may have become a task is `outcome-unknown`;
   * every other unfinished task is watched again once its server connects. Resolves with the
   * store's problems, for the host to show.
   */
  async start(servers: readonly ServerConfig[]): Promise<string[]> {
    // The servers are added while the tasks load: each connects once they are loaded, and a stdio
    // server's process boots meanwhile (launched before the heap holds the tasks, its fork is cheaper too).
    const loading = this.parts.registry.load();
    for (const config of servers) this.servers.add(config, loading);
    const { problems } = await loading;
    const now = this.ports.clock.now();
    for (const task of this.parts.registry.all()) {
      if (task.phase === 'calling' && !isTaskFinished(task)) this.parts.ledger.put(endAsInterrupted(task, now));
    }
    return problems;
  }

  /** Connects to one more server. */
  addServer(config: ServerConfig): void {
    this.servers.add(config);
  }

  /** Disconnects a server (its tasks stay in the inbox, unwatched until it is added again). */
  removeServer(serverId: string): Promise<void> {
    return this.servers.remove(serverId);
  }

  /**
   * Starts connecting to a server again at once: one that stopped being started after failing
   * too often (status `failed`), or one waiting for its next reconnect attempt. Does nothing while
   * it is connected or connecting.
   */
  retryServer(serverId: string): void {
    this.servers.connection(serverId).retryNow();
  }

  /**
   * Starts (or restarts, or widens after a 403 `insufficient_scope`) signing in to an HTTP
   * server: resolves once the authorization page is known (`authorizationUrl`, already handed to
   * `openAuthorizationUrl`), or with `{}` when the credentials held sufficed. Progress and outcome
   * arrive as `signIn` in the server's state; once signed in the server is connected at once.
   * Rejects with McpRequestError for an unknown, stdio or removed server, and for a sign-in that
   * failed before the page was known (the state says why too).
   */
  async signIn(serverId: string): Promise<{ authorizationUrl?: string }> {
    return this.servers.signInOf(serverId).begin();
  }

  /**
   * The app redirect's answer (`SignInOptions.redirect` kind `app`): the callback page's query.
   * Resolves with the server it signed in to; rejects with McpRequestError for an unknown or used
   * `state`, an error answer or a failed code exchange (the server's state says why too).
   */
  async completeSignIn(params: URLSearchParams): Promise<{ serverId: string }> {
    const owner = this.servers.signInOwning(params.get('state'));
    if (owner === undefined) throw new McpRequestError('This sign-in answer is not for a sign-in under way (unknown or already used state).', undefined, undefined, 'sign-in-needed');
    await owner.signIn.complete(params);
    return { serverId: owner.serverId };
  }

  /**
   * Forgets an HTTP server's sign-in credentials (revoking its tokens where the authorization
   * server offers RFC 7009); it disconnects and waits in `needs-sign-in` (reason `first-time`).
   */
  async signOut(serverId: string): Promise<void> {
    const signIn = this.servers.signInOf(serverId);
    await signIn.signOut();
    this.servers.connection(serverId).requireSignIn();
  }

  /**
   * Takes a server's new settings (its roots, its notification mute) without reconnecting:
   * `config` must run exactly as the one the server was added with (an edit of what runs is
   * removeServer + addServer). When the roots changed, a connected 2025-11-25 server is told
   * with `notifications/roots/list_changed`. Unknown ids are ignored (the server does not run).
   */
  updateServerSettings(config: ServerConfig): void {
    this.servers.updateSettings(config);
  }

  /** Every server's state. */
  listServers(): ServerState[] {
    return this.servers.states();
  }

  /** The tools a connected server offers. */
  async listTools(serverId: string): Promise<Tool[]> {
    return this.servers.connection(serverId).listTools();
  }

  /** The tasks a server lists (tracked or not); undefined where its form or the server offers no listing. */
  async listServerTasks(serverId: string): Promise<TaskSnapshot[] | undefined> {
    return (await this.servers.requireProtocol(serverId).listTasks())?.map((observation) => observation.snapshot);
  }

  /** Every tracked task. */
  listTasks(): TrackedTask[] {
    return this.parts.ledger.all();
  }

  getTask(id: string): TrackedTask | undefined {
    return this.parts.ledger.get(id);
  }

  /**
   * The final result of a task, if it has one. A stored result that is damaged or missing is
   * fetched again from the server where it still holds the task; the task's timeline says what
   * happened to the stored copy.
   */
  async getResult(id: string): Promise<ToolResult | undefined> {
    const task = this.parts.ledger.get(id);
    return task?.hasResult === true ? this.resultReader.read(task) : undefined;
  }

  /** Why changes are not reaching the disk right now (the stores retry), or `undefined` when they are. */
  get saveProblem(): SaveProblem | undefined {
    return this.parts.saveHealth.problem;
  }

  /** Every pending input, oldest first. */
  listInputs(): PendingInput[] {
    return this.parts.inputs.all();
  }

  /** Calls a tool that may become a task (see `ToolCalls.call`). */
  callTool(serverId: string, toolName: string, args: Record<string, unknown>): Promise<CallToolOutcome> {
    return this.parts.calls.call(serverId, toolName, args);
  }

  /** Answers one pending question of a task or call (its local id), or of a server (see `AnswerDesk.answer`). */
  answerInput(owner: InputOwnerRef, key: string, response: Record<string, unknown>): Promise<void> {
    return this.parts.answers.answer(owner, key, response);
  }

  /** Declines a pending question that has no refusal of its own, such as a sampling request (see `AnswerDesk.decline`). */
  declineInput(owner: InputOwnerRef, key: string): Promise<void> {
    return this.parts.answers.decline(owner, key);
  }

  /**
   * Asks the server to cancel a task (`tasks/cancel`). The task shows "cancel requested" until
   * the server's real terminal state arrives — which may be `completed` (cancellation is
   * cooperative). A call whose request is on the wire (no task yet) is aborted and ends
   * `user-cancelled` (see `ToolCalls.cancel`); one waiting for the user's answers (MRTR) is given
   * up instead: it is never retried.
   */
  cancelTask(id: string): Promise<void> {
    if (this.parts.calls.isInRound(id)) return this.parts.calls.abandon(id, { kind: 'call-stopped-in-round' });
    const task = this.parts.ledger.get(id);
    if (task !== undefined && this.parts.calls.isOnTheWire(task)) return this.parts.calls.cancel(id);
    return this.parts.watcher.cancel(id, { kind: 'cancel-requested' });
  }

  /**
   * A server's console: its stderr, its log messages and the connection's events, oldest first
   * (see `ConsoleQuery`: after a `seq`, of one task, containing a text). Kept while the app runs,
   * across reconnects; none for a server never added.
   */
  serverConsole(serverId: string, query?: ConsoleQuery): ConsoleEntry[] {
    return this.observatory.serverConsole(serverId, query);
  }

  /** A server's protocol log, oldest first, redacted (see `ProtocolQuery`); none while recording is off. */
  protocolLog(serverId: string, query?: ProtocolQuery): ProtocolEntry[] {
    return this.observatory.protocolLog(serverId, query);
  }

  /** A task's protocol exchange: its requests with their answers and its notifications, identical ones collapsed; kept across restarts. */
  taskExchange(id: string): Promise<ExchangeLine[]> {
    return this.observatory.exchanges.lines(id);
  }

  /** A task as one JSON document (record, timeline, result, exchange, console lines); undefined for an unknown task. */
  async exportTask(id: string): Promise<TaskExport | undefined> {
    const task = this.parts.ledger.get(id);
    if (task === undefined) return undefined;
    const [result, exchange] = await Promise.all([
      this.getResult(id).catch((error: unknown) => {
        this.ports.logger.warn('could not read a task\'s result for its export', { error: errorText(error) });
        return undefined;
      }),
      this.taskExchange(id),
    ]);
    return buildTaskExport({ task, result, exchange, console: this.observatory.taskConsole(task.serverId, id), at: this.ports.clock.now(), app: this.identity });
  }

  /** A server's console and protocol log as JSON lines, by time (`{"type":"console",…}` / `{"type":"protocol",…}`). */
  exportServerLog(serverId: string): string {
    return this.observatory.exportServerLog(serverId);
  }

  /** Removes a task from the inbox and forgets its result and its exchange; a running task is no longer watched. */
  async removeTask(id: string): Promise<void> {
    const task = this.parts.ledger.remove(id);
    if (task === undefined) return;
    this.parts.watcher.forget(id);
    this.parts.watcher.markWatchDirty(task.serverId);
    this.parts.letGo(task);
    await Promise.all([this.parts.results.delete(id), this.observatory.exchanges.remove(id)]);
  }

  /** Stops everything: calls on the wire end as stopped mid-call (`ToolCalls.stop`), timers, streams, connections (and their process trees); flushes the store. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.parts.calls.stop();
    this.parts.watcher.dispose();
    this.parts.progress.dispose();
    await this.servers.dispose();
    this.parts.results.dispose();
    this.stopWatchingEnds.dispose();
    await Promise.all([this.parts.registry.dispose(), this.observatory.dispose()]);
    for (const emitter of this.allEmitters()) emitter.dispose();
  }

  /** The bytes the server consoles, protocol logs and task exchanges hold in memory (estimates; for the benchmark). */
  get observedBytes(): number {
    return this.observatory.heldBytes;
  }

  /** Counts of live internals, for leak checks in tests. */
  get debugCounts(): { scheduled: number; listeners: number; servers: number } {
    const listeners = this.allEmitters().reduce((sum, emitter) => sum + emitter.listenerCount, 0);
    return { scheduled: this.parts.watcher.scheduledCount, listeners, servers: this.servers.size };
  }

  private allEmitters(): Array<{ dispose(): void; readonly listenerCount: number }> {
    const { task, removed, server, inputs, saveProblem, log } = this.emitters;
    return [task, removed, server, inputs, saveProblem, log];
  }
}
