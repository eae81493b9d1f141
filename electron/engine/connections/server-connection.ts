/**
 * One connection per configured server, on the MCP SDK client: transport, era detection
 * (`server/discover`, else `initialize`), reconnect with backoff, and a raw request path.
 *
 * Why raw requests: the SDK client's result codec rejects `resultType: "task"` and has no
 * `tasks/*` calls for the extension (docs/protocol-notes.md#result-types,
 * docs/protocol-notes.md#what-the-mcp-typescript-packages-really-do), so task traffic goes out as
 * hand-built JSON-RPC on the SDK's own transport. Responses to our requests (string ids the SDK
 * never issues) and the server's own requests (server-request-relay.ts) are taken off the transport
 * before the SDK sees them; everything else passes on.
 */
import type { AuthProvider, Client, ConnectOptions, Tool, Transport } from '@modelcontextprotocol/client';
import type { HttpTransportKind, ProcessExit, ServerConfig, ServerState, SignInState } from '../../../shared/server-config.js';
import type { LogLevel } from '../../../shared/server-log.js';
import type { LegacySession } from '../../../shared/task-model.js';
import { isJsonObject } from '../../../shared/json-guards.js';
import { authProblemOf, type AuthProblem } from '../auth/sign-in-errors.js';
import type { Clock, Logger, TimerHandle } from '../ports.js';
import { isSessionGone, openSessionStream, rejoinSession, sessionOf } from '../protocols/legacy/http-session.js';
import type { CancelWire } from '../tasks/task-rules.js';
import { isGivingUp, reconnectDelay, recentFailedStarts } from './backoff.js';
import { createMcpClient, detectTaskSupport, withRequestEnvelope, type ClientIdentity } from './capabilities.js';
import { describeConnected, describeConnectError, describeEndpoint, describeExit, exitOf } from './connection-texts.js';
import { routeMessages, watchSends, type ConnectionObserver } from './connection-traffic.js';
import { HealthWatch } from './health-watch.js';
import { isSseFallbackAnswer } from './http-transports.js';
import { McpRequestError } from './mcp-request-error.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './message-limit.js';
import type { ProcessLauncher } from './process-launcher.js';
import { RawRequests, toRequestError, type RawRequestOptions } from './raw-requests.js';
import { reachabilityFailureIn, timeoutFailure } from './reachability.js';
import type { HealthOptions } from './server-health.js';
import type { ServerRequestHandler, ServerRequestRelay } from './server-request-relay.js';
import { createServerTransport } from './server-transport.js';
import { explainingLines } from './stderr-lines.js';
import { StdioTransport } from './stdio-transport.js';

export type { ServerRequestHandler } from './server-request-relay.js';



/** What `respond` sends: a result, or a JSON-RPC error. */
export type ServerRequestAnswer = { result: Record<string, unknown> } | { error: { code: number; message: string } };

/** How a connection reports to its owner. */
export interface ConnectionListener {
  /**
   * A server notification the SDK does not handle for us (task status pushes, listen acks), and
   * every `notifications/cancelled`: the SDK also sees that one and withdraws the live requests
   * it names, but a request answered through `respond` (kept across a restart) has no SDK
   * handler, so only the owner can withdraw it.
   */
  onNotification(method: string, params: Record<string, unknown>): void;
  /** The connection state changed (status, era, errors). */
  onStateChange(state: ServerState): void;
  /** A (re)connection completed: requests can flow. */
  onConnected(): void;
  /** The connection dropped: in-flight requests failed, subscriptions are gone. */
  onDisconnected(): void;
  /**
   * HTTP: a request (the handshake included) was refused for want of sign-in (the connection then
   * waits in `needs-sign-in`, not retried) or of access (403 `insufficient_scope`: it stays up).
   */
  onAuthProblem?(problem: AuthProblem): void;
}


/** A live (re)connecting connection to one MCP server. */
export class ServerConnection {
  private client: Client | undefined;
  private transport: Transport | undefined;
  /** Our own requests (the raw request path), across reconnects. */
  private readonly requests: RawRequests;
  /** The server requests of the current transport (the engine answers them, not the SDK). */
  private relay: ServerRequestRelay | undefined;
  private attempt = 0;
  /** stdio: monotonic times of the failed starts that count (see `recentFailedStarts`). */
  private failedStartTimes: number[] = [];
  private retryTimer: TimerHandle | undefined;
  private closed = false;
  private connecting = false;
  private prior: ConnectOptions['prior'];
  /** True when `prior` is the legacy guess made after a failed probe, not a verdict. */
  private priorIsGuess = false;
  /** A 2025-11-25 HTTP session to rejoin on the next connect. */
  private rejoin: LegacySession | undefined;
  /** Capabilities of a rejoined session (no `initialize` answer to read them from). */
  private rejoinedCapabilities: Record<string, unknown> | undefined;
  private current: ServerState;
  /** Every request's outcome on the current connection, and what it says about the server. */
  private readonly health: HealthWatch;
  /** The log level the user chose for this server (absent: see `setLogLevel`). */
  private logLevel: LogLevel | undefined;
  /** The server refused us for want of sign-in: no reconnect until `retryNow` (after a sign-in). */
  private waitingForSignIn = false;
  /** HTTP: the transport the next connect uses (configured, or learnt from the spec's fallback). */
  private httpKind: HttpTransportKind;
  /** True while `httpKind` is the HTTP+SSE fallback not yet confirmed by a connect. */
  private httpKindIsGuess = false;
  /** HTTP+SSE: why the shared stream was cut, when the size limit cut it inside an answer it could not name. */
  private streamCut: string | undefined;

  constructor(
    readonly config: ServerConfig,
    private readonly deps: {
      clock: Clock;
      logger: Logger;
      random: () => number;
      identity: ClientIdentity;
      listener: ConnectionListener;
      handleServerRequest: ServerRequestHandler;
      /** How health is judged (defaults in server-health.ts). */
      health?: HealthOptions;
      /** The largest message read from the server, in bytes (default: `DEFAULT_MAX_MESSAGE_BYTES`). */
      maxMessageBytes?: number;
      /** Hears the connection's traffic, stderr and events (none: nothing is recorded). */
      observer?: ConnectionObserver;
      /** HTTP: what the transport authenticates with (the server's sign-in, auth/server-sign-in.ts). */
      authProvider?: AuthProvider;
      /** stdio: starts the server's process (default: spawns its command). */
      launchProcess?: ProcessLauncher;
    },
  ) {
    this.logLevel = config.logLevel;
    this.httpKind = config.transport === 'http' ? config.httpTransport ?? 'streamable' : 'streamable';
    this.current = { id: config.id, name: config.name, status: 'connecting' };
    this.health = new HealthWatch({
      clock: deps.clock,
      logger: deps.logger,
      serverId: config.id,
      options: deps.health,
      transport: () => this.transport,
      isConnected: () => this.isConnected,
      discover: (signal) => this.request('server/discover', {}, { signal, timeoutMs: Infinity }),
      onChange: (health) => this.setState({ health }),
    });
    this.requests = new RawRequests({
      clock: deps.clock,
      cancel: (id, reason) => this.sendCancelled(id, reason),
      timedOut: (transport, method, waitedMs) => this.health.failed(transport, timeoutFailure(method, waitedMs), true),
      sendFailed: (transport, error) => {
        if (isSessionGone(transport, error)) this.dropGoneSession(transport);
      },
    });
  }

  /** The connection's state right now. */
  get state(): ServerState {
    return this.current;
  }

  /** True when requests can be sent. */
  get isConnected(): boolean {
    return this.current.status === 'connected';
  }

  /** The server's capabilities from `server/discover` or `initialize` (or the rejoined session's). */
  get serverCapabilities(): Record<string, unknown> | undefined {
    return this.client?.getServerCapabilities() ?? this.rejoinedCapabilities;
  }

  /**
   * Starts connecting; failures retry with backoff until `close()`. `rejoin` is a 2025-11-25
   * HTTP session to try first (tasks live in their session there); when the server no longer
   * has it, the connection starts a fresh session.
   */
  start(rejoin?: LegacySession): void {
    if (this.config.transport === 'http') this.rejoin = rejoin;
    void this.connect();
  }

  /** The 2025-11-25 HTTP session this connection is in, for tasks to remember. */
  get legacySession(): LegacySession | undefined {
    return this.current.era === 'legacy' ? sessionOf(this.transport, this.current.protocolVersion, this.serverCapabilities) : undefined;
  }

  /** Lists the server's tools (through the SDK, with its pagination and cache). */
  async listTools(): Promise<Tool[]> {
    const client = this.requireClient();
    const { tools } = await client.listTools(undefined, { cacheMode: 'bypass' });
    return tools;
  }

  /**
   * Sends a JSON-RPC request and resolves with its raw result object. On the modern era the
   * per-request `_meta` envelope (version, client info, capabilities incl. the tasks extension)
   * is added; on HTTP the SDK transport derives `Mcp-Method` and `Mcp-Name` (task id for
   * `tasks/*`) from the body. Rejects with `McpRequestError`.
   */
  request(method: string, params: Record<string, unknown>, options: RawRequestOptions = {}): Promise<Record<string, unknown>> {
    const transport = this.transport;
    if (transport === undefined || !this.isConnected) {
      return Promise.reject(new McpRequestError(`${this.config.name} is not connected`, undefined, undefined, 'disconnected'));
    }
    return this.requests.send(transport, method, this.withEnvelope(params), options);
  }

  /** A fresh JSON-RPC id for `request` (string ids: the SDK's own requests use numbers). */
  allocateRequestId(): string {
    return this.requests.allocateId();
  }

  /**
   * Answers a server request that arrived on an earlier connection to the same session (a
   * 2025-11-25 HTTP session rejoined after a restart) with a bare JSON-RPC response carrying its
   * original `requestId`; over HTTP it is a POST of its own. Rejects when it could not be sent.
   */
  async respond(requestId: string | number, answer: ServerRequestAnswer): Promise<void> {
    const transport = this.transport;
    if (transport === undefined || !this.isConnected) {
      throw new McpRequestError(`${this.config.name} is not connected`, undefined, undefined, 'disconnected');
    }
    try {
      await transport.send({ jsonrpc: '2.0', id: requestId, ...answer });
    } catch (error) {
      throw toRequestError('answer', error);
    }
  }

  /** Sends a JSON-RPC notification (e.g. `notifications/cancelled` for a stdio listen stream). */
  async notify(method: string, params: Record<string, unknown>): Promise<void> {
    await this.transport?.send({ jsonrpc: '2.0', method, params: this.withEnvelope(params) });
  }

  /**
   * Tells a connected 2025-11-25 server that the client's roots changed, so it lists them again.
   * Does nothing otherwise: 2026-07-28 removed the notification (servers ask for roots on each
   * request, docs/protocol-notes.md#per-request-metadata), and a disconnected server asks again
   * when it reconnects.
   */
  async sendRootsListChanged(): Promise<void> {
    if (this.client === undefined || !this.isConnected || this.current.era !== 'legacy') return;
    await this.client.sendRootsListChanged();
  }

  /**
   * Takes the log level the user chose. 2025-11-25: a connected server that offers `logging` is
   * sent `logging/setLevel` (until the user picks a level it logs at its own default);
   * 2026-07-28 removed that request: the level goes in every request's `_meta`
   * (`DEFAULT_MODERN_LOG_LEVEL` until the user picks one), so there it applies from the next request.
   */
  async setLogLevel(level: LogLevel | undefined): Promise<void> {
    const changed = level !== this.logLevel;
    this.logLevel = level;
    if (changed) await this.sendLogLevel();
  }

  /**
   * Starts a new attempt at once, with a fresh count of failed starts: for a stdio server that
   * stopped being started (`failed`), or any server waiting for its next reconnect attempt.
   * Does nothing while connected, connecting or closed.
   */
  retryNow(): void {
    if (this.closed || this.connecting || this.client !== undefined) return;
    this.retryTimer?.cancel();
    this.retryTimer = undefined;
    this.attempt = 0;
    this.failedStartTimes = [];
    void this.connect();
  }

  /** Takes the server's sign-in state (auth/server-sign-in.ts) into the connection's. */
  setSignIn(signIn: SignInState | undefined): void {
    this.setState({ signIn });
  }

  /**
   * The credentials are gone (signed out): the connection is dropped and waits in
   * `needs-sign-in` until `retryNow` after the next sign-in.
   */
  requireSignIn(): void {
    if (this.closed) return;
    this.waitingForSignIn = true;
    if (this.client !== undefined) return this.handleDrop(this.client, 'signed out');
    this.retryTimer?.cancel();
    this.retryTimer = undefined;
    if (!this.connecting) this.waitForSignIn();
  }

  /** Closes the connection for good and ends a stdio server's whole process tree. */
  async close(): Promise<void> {
    this.closed = true;
    this.retryTimer?.cancel();
    this.retryTimer = undefined;
    await this.teardown();
    this.setState({ status: 'closed' });
    this.deps.observer?.event('Stopped.');
  }

  /** 2025-11-25: sends `logging/setLevel` with the chosen level, where the connected server offers logging. */
  private async sendLogLevel(): Promise<void> {
    const client = this.client;
    if (client === undefined || !this.isConnected || this.current.era === 'modern' || this.logLevel === undefined || this.current.logging !== true) return;
    await client.setLoggingLevel(this.logLevel);
  }

  private withEnvelope(params: Record<string, unknown>): Record<string, unknown> {
    if (this.client?.getProtocolEra() !== 'modern') return params;
    return withRequestEnvelope(params, {
      protocolVersion: this.client.getNegotiatedProtocolVersion(),
      identity: this.deps.identity,
      logging: this.current.logging === true,
      logLevel: this.logLevel,
    });
  }

  /**
   * What aborting a request sends on this connection. stdio has only the notification. Over
   * Streamable HTTP the POST is closed; on 2026-07-28 closing the stream is the cancel, while on
   * 2025-11-25 closing it is not (the server may go on), so the notification is POSTed too.
   */
  get cancelWire(): CancelWire {
    const streamable = this.config.transport === 'http' && this.httpKind === 'streamable';
    // HTTP+SSE: the POST only hands the message over (its answer comes on the shared stream).
    return { closesRequest: streamable, notifies: !streamable || this.current.era === 'legacy' };
  }

  private sendCancelled(requestId: string, reason = 'cancelled by the client'): void {
    if (this.cancelWire.notifies) {
      void this.notify('notifications/cancelled', { requestId, reason }).catch(() => undefined);
    }
  }

  private requireClient(): Client {
    if (this.client === undefined || !this.isConnected) {
      throw new McpRequestError(`${this.config.name} is not connected`, undefined, undefined, 'disconnected');
    }
    return this.client;
  }

  /** Applies a patch (undefined fields are removed) and, unless `silent`, reports the new state. */
  private setState(patch: Partial<ServerState>, silent = false): void {
    const next: ServerState = { ...this.current, ...patch };
    for (const key of Object.keys(patch) as (keyof ServerState)[]) {
      if (patch[key] === undefined) delete next[key];
    }
    this.current = next;
    if (!silent) this.deps.listener.onStateChange(next);
  }

  /** The transport of the next attempt (`rejoin`: a session to rejoin). */
  private createTransport(rejoin: LegacySession | undefined): Transport {
    return createServerTransport(this.config, {
      httpKind: this.httpKind,
      rejoin,
      maxBytes: this.deps.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      // An answer too large to read fails its request at once (ours only: the SDK's own requests,
      // numbered, fail over JSON through the transport and otherwise run into their timeout).
      onTooLarge: (id, error) => {
        if (this.requests.fail(id, new McpRequestError(error.message, undefined, undefined, 'malformed'))) return;
        // HTTP+SSE: every answer comes on the one stream the limit just cut; the drop says why.
        if (this.usesSse) this.streamCut = `the stream was cut: ${error.message}`;
      },
      isWaiting: (id) => this.requests.isWaiting(id),
      observer: this.deps.observer,
      authProvider: this.deps.authProvider,
      launchProcess: this.deps.launchProcess,
    });
  }

  /** Routes what arrives on `transport` (see `routeMessages`); health is only judged once it is the connected one. */
  private routeMessages(transport: Transport): ServerRequestRelay {
    return routeMessages(transport, {
      observer: this.deps.observer,
      answered: () => this.health.answered(transport),
      handleServerRequest: this.deps.handleServerRequest,
      requests: this.requests,
      onNotification: (method, params) => this.deps.listener.onNotification(method, params),
    });
  }

  private async connect(): Promise<void> {
    if (this.closed || this.connecting) return;
    this.connecting = true;
    this.waitingForSignIn = false;
    this.setState({ status: this.attempt === 0 ? 'connecting' : 'reconnecting', nextRetryAt: undefined });
    const client = createMcpClient(this.deps.identity);
    // An HTTP+SSE session lives as long as its stream: there is none to rejoin.
    const rejoin = this.httpKind === 'streamable' ? this.rejoin : undefined;
    this.rejoin = undefined;
    let fallBackToSse = false;
    const transport = this.createTransport(rejoin);
    // From the first message on, so the handshake passes the same hooks as everything after it.
    this.interceptTransport(transport);
    const relay = this.routeMessages(transport);
    this.deps.observer?.event(this.attempt === 0 ? `Connecting to ${describeEndpoint(this.config)}…` : `Reconnecting (attempt ${this.attempt + 1})…`);
    this.relay?.clear();
    this.relay = relay;
    try {
      if (rejoin !== undefined) {
        const rejoined = await rejoinSession(client, transport, rejoin);
        if (!rejoined.ok) {
          // The server lost the session: the next attempt, after the shortest backoff, starts a fresh one.
          this.attempt = 0;
          throw new Error(rejoined.reason);
        }
        this.rejoinedCapabilities = rejoined.capabilities;
      } else {
        this.rejoinedCapabilities = undefined;
        // HTTP+SSE is 2024-11-05's transport: only `initialize`-era servers speak it.
        const prior = this.usesSse ? { kind: 'legacy' as const } : this.prior;
        await client.connect(transport, prior !== undefined ? { prior } : {});
      }
      if (this.closed) {
        await client.close();
        return;
      }
      this.client = client;
      this.transport = transport;
      if (rejoin !== undefined) {
        openSessionStream(transport, (error) => {
          this.deps.logger.warn('could not open the session stream; withdrawn questions of the rejoined session go unnoticed', { server: this.config.id, error: error instanceof Error ? error.message : String(error) });
        });
      }
      this.streamCut = undefined;
      client.onclose = () => this.handleDrop(client, this.streamCut ?? 'the connection closed');
      client.onerror = (error) => this.deps.logger.debug('connection error', { server: this.config.id, error: error.message });
      const era = client.getProtocolEra() ?? (rejoin !== undefined ? 'legacy' : undefined);
      const discover = client.getDiscoverResult();
      // Cache the era verdict so reconnects skip the probe (and its throw-away stdio process).
      this.prior = era === 'modern' && discover !== undefined ? { kind: 'modern', discover } : { kind: 'legacy' };
      this.priorIsGuess = false;
      this.httpKindIsGuess = false;
      this.attempt = 0;
      this.failedStartTimes = [];
      const info = client.getServerVersion();
      this.setState({
        status: 'connected',
        era,
        protocolVersion: client.getNegotiatedProtocolVersion() ?? rejoin?.protocolVersion,
        taskSupport: detectTaskSupport(era, this.serverCapabilities),
        serverInfo: info === undefined ? undefined : { name: String(info.name).slice(0, 200), version: String(info.version ?? '').slice(0, 100) },
        lastError: undefined,
        exit: undefined,
        failedStarts: undefined,
        health: undefined,
        logging: isJsonObject(this.serverCapabilities?.logging),
        httpTransport: this.config.transport === 'http' ? this.httpKind : undefined,
      }, true);
      this.deps.observer?.event(describeConnected(this.current));
      this.sendLogLevel().catch((error: unknown) => {
        this.deps.logger.warn('could not set a server\'s log level', { server: this.config.id, error: error instanceof Error ? error.message : String(error) });
      });
      this.health.start(client, era);
      // The owner binds its task protocol first, so whoever sees `connected` can use it.
      this.deps.listener.onConnected();
      this.deps.listener.onStateChange(this.current);
    } catch (error) {
      relay.clear();
      // A refusal on the way in that no send saw (the HTTP+SSE transport's stream opens in `start`).
      const problem = this.waitingForSignIn ? undefined : authProblemOf(error);
      if (problem !== undefined) this.noteAuthProblem(transport, problem);
      // Closing the client closes the transport, which ends a stdio server's whole tree.
      await client.close().catch(() => undefined);
      fallBackToSse = this.chooseNextHttpTransport(error);
      if (!fallBackToSse) {
        this.chooseNextPrior();
        this.startFailed(error, transport);
      }
    } finally {
      this.connecting = false;
    }
    if (fallBackToSse) void this.connect();
  }

  /** True when the next connect goes over HTTP+SSE. */
  private get usesSse(): boolean {
    return this.config.transport === 'http' && this.httpKind === 'sse';
  }

  /**
   * After a failed HTTP connect: true when the Streamable HTTP answer says the server only speaks
   * HTTP+SSE (the spec's backwards-compatibility rule, see `isSseFallbackAnswer`), so HTTP+SSE is
   * tried at once — and kept for reconnects once it connects. A fallback that failed too goes back
   * to Streamable HTTP for the next attempt. A configured transport is never changed.
   */
  private chooseNextHttpTransport(error: unknown): boolean {
    if (this.config.transport !== 'http' || this.config.httpTransport === 'sse' || this.closed) return false;
    if (this.httpKindIsGuess) {
      this.httpKind = 'streamable';
      this.httpKindIsGuess = false;
      return false;
    }
    if (this.httpKind !== 'streamable' || !isSseFallbackAnswer(error)) return false;
    this.httpKind = 'sse';
    this.httpKindIsGuess = true;
    this.deps.observer?.event(`The server refused the Streamable HTTP request (${describeConnectError(error, []).slice(0, 200)}); trying the older HTTP+SSE transport.`);
    return true;
  }

  /** Tells the observer, the health and the sign-in of each send on `transport` (see `watchSends`). */
  private interceptTransport(transport: Transport): void {
    watchSends(transport, {
      observer: this.deps.observer,
      authProblem: (problem) => this.noteAuthProblem(transport, problem),
      failed: (failure) => this.health.failed(transport, failure),
      answered: () => this.health.answered(transport),
    });
  }

  /**
   * The server refused a request on `transport` for want of sign-in or access. Wanting sign-in,
   * a connected transport is dropped (after the request failed saying why) and the connection
   * waits for the sign-in; a handshake refused either way does not connect until then. Wanting
   * more access, a connected one stays up: only what needs the scope fails.
   */
  private noteAuthProblem(transport: Transport, problem: AuthProblem): void {
    const live = this.transport === transport && this.client !== undefined;
    if (problem.kind === 'sign-in' || !live) this.waitingForSignIn = true;
    this.deps.listener.onAuthProblem?.(problem);
    if (problem.kind !== 'sign-in' || !live) return;
    const client = this.client;
    if (client !== undefined) queueMicrotask(() => this.handleDrop(client, 'the server needs sign-in'));
  }

  /** Waits in `needs-sign-in`: nothing is tried until `retryNow` (the engine calls it once signed in). */
  private waitForSignIn(): void {
    this.attempt = 0;
    this.setState({ status: 'needs-sign-in', lastError: 'The server needs sign-in.', health: undefined, nextRetryAt: undefined, exit: undefined });
    this.deps.observer?.event('Waiting for sign-in; not tried again until then.');
    this.deps.logger.info('server needs sign-in; waiting for it', { server: this.config.id });
  }

  /**
   * The server answered that it no longer has our Streamable HTTP session (404, or an SDK 1.x
   * server's 400, see protocols/legacy/session-gone.ts), e.g. it restarted, and the transport would go on sending
   * the dead id. The spec's answer is a new session with `initialize`: the connection is dropped
   * and reconnects, and tasks of the old session are then unknown to the server (they end as lost).
   */
  private dropGoneSession(transport: Transport): void {
    if (this.client !== undefined && this.transport === transport) this.handleDrop(this.client, 'the server no longer has this session');
  }

  private handleDrop(client: Client, reason: string): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    const transport = this.transport;
    this.transport = undefined;
    this.health.stop();
    this.requests.failAll(`${this.config.name}: ${reason}`);
    this.deps.observer?.event(`Connection dropped: ${reason}.`);
    this.deps.listener.onDisconnected();
    this.relay?.clear();
    void (transport?.close() ?? Promise.resolve()).catch(() => undefined).finally(() => {
      this.scheduleReconnect(reason, transport instanceof StdioTransport ? exitOf(transport) : undefined);
    });
  }

  /**
   * After a failed stdio connect with no known era, try `initialize` directly next: some legacy
   * servers exit on any request before `initialize`, so the probe itself killed them
   * (docs/protocol-notes.md#era-detection). If that guess fails too, probe again. A verdict from a
   * successful connect is kept as it is.
   */
  private chooseNextPrior(): void {
    if (this.config.transport !== 'stdio') return;
    if (this.prior === undefined) {
      this.prior = { kind: 'legacy' };
      this.priorIsGuess = true;
    } else if (this.priorIsGuess) {
      this.prior = undefined;
      this.priorIsGuess = false;
    }
  }

  /**
   * A connect attempt failed: says why (for a stdio server that exited, its exit and the stderr
   * lines that explain it, the SDK's words only as the detail), then retries with backoff — or,
   * for a stdio server that failed to start too often (see `recentFailedStarts`), stops.
   */
  private startFailed(error: unknown, transport: Transport): void {
    if (this.closed) return;
    if (!(transport instanceof StdioTransport)) {
      // "fetch failed" says nothing: the socket error under it (ECONNREFUSED, ENOTFOUND…) says why.
      const socket = reachabilityFailureIn(error)?.detail;
      const reason = describeConnectError(error, []);
      this.scheduleReconnect(socket === undefined || reason.includes(socket) ? reason : `${reason} (${socket})`.slice(0, 1_000), undefined);
      return;
    }
    const exit = exitOf(transport);
    const reason = describeConnectError(error, exit === undefined ? explainingLines(transport.stderrLines()) : []);
    const now = this.deps.clock.monotonic();
    this.failedStartTimes = recentFailedStarts([...this.failedStartTimes, now], now);
    if (!isGivingUp(this.failedStartTimes)) {
      this.scheduleReconnect(reason, exit);
      return;
    }
    this.setState({ status: 'failed', lastError: reason, exit, failedStarts: this.failedStartTimes.length, nextRetryAt: undefined });
    this.deps.observer?.event(`Failed to start ${this.failedStartTimes.length} times: ${reason}. Not started again until a retry.`);
    this.deps.logger.warn('server failed to start too often; not starting it again until a retry', { server: this.config.id, reason, failedStarts: this.failedStartTimes.length });
  }

  private scheduleReconnect(reason: string, exit: ProcessExit | undefined): void {
    if (this.closed) return;
    if (this.waitingForSignIn) return this.waitForSignIn();
    this.attempt += 1;
    const delay = reconnectDelay(this.attempt, this.deps.random);
    this.setState({
      status: 'reconnecting',
      lastError: reason,
      exit,
      failedStarts: this.failedStartTimes.length > 0 ? this.failedStartTimes.length : undefined,
      health: undefined,
      nextRetryAt: this.deps.clock.now() + delay,
    });
    this.deps.logger.warn('server connection failed; retrying', { server: this.config.id, reason, delayMs: delay });
    this.deps.observer?.event(`${describeExit(exit)}${reason}. Reconnecting in ${Math.max(1, Math.round(delay / 1000))} s.`);
    this.retryTimer = this.deps.clock.setTimer(delay, () => {
      this.retryTimer = undefined;
      void this.connect();
    });
  }

  private async teardown(): Promise<void> {
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    this.transport = undefined;
    this.health.stop();
    this.requests.failAll(`${this.config.name}: the connection was closed`);
    if (client !== undefined) this.deps.listener.onDisconnected();
    this.relay?.clear();
    await client?.close().catch(() => undefined);
    await transport?.close().catch(() => undefined);
  }
}
