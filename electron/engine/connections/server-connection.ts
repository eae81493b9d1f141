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
import type { Client, Tool, Transport } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerState, SignInState } from '../../../shared/server-config.js';
import type { LogLevel } from '../../../shared/server-log.js';
import type { LegacySession } from '../../../shared/task-model.js';
import { authProblemOf, type AuthProblem } from '../auth/sign-in-errors.js';
import { errorText } from '../error-text.js';
import { isSessionGone, openSessionStream, sessionOf } from '../protocols/legacy/http-session.js';
import type { CancelWire } from '../tasks/task-rules.js';
import { ConnectPlan } from './connect-plan.js';
import { connectedState, createMcpClient } from './capabilities.js';
import type { ServerConnectionDeps, ServerRequestAnswer } from './connection-contract.js';
import { describeConnected, describeConnectError, describeEndpoint, exitOf } from './connection-texts.js';
import { wireTransport } from './connection-traffic.js';
import { EraRules } from './era-rules.js';
import { HealthWatch } from './health-watch.js';
import { McpRequestError } from './mcp-request-error.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './message-limit.js';
import { RawRequests, type RawRequestOptions } from './raw-requests.js';
import { timeoutFailure } from './reachability.js';
import { ReconnectSchedule } from './reconnect-schedule.js';
import type { ServerRequestRelay } from './server-request-relay.js';
import { createServerTransport } from './server-transport.js';
import { StdioTransport } from './stdio-transport.js';

export type { ServerRequestHandler } from './server-request-relay.js';

/** A live (re)connecting connection to one MCP server. */
export class ServerConnection {
  private client: Client | undefined;
  private transport: Transport | undefined;
  /** Our own requests (the raw request path), across reconnects. */
  private readonly requests: RawRequests;
  /** The server requests of the current transport (the engine answers them, not the SDK). */
  private relay: ServerRequestRelay | undefined;
  /** When the next attempt comes. */
  private readonly retries: ReconnectSchedule;
  /** What the next attempt tries. */
  private readonly plan: ConnectPlan;
  private closed = false;
  private connecting = false;
  /** Capabilities of a rejoined session (no `initialize` answer to read them from). */
  private rejoinedCapabilities: Record<string, unknown> | undefined;
  private current: ServerState;
  /** Every request's outcome on the current connection, and what it says about the server. */
  private readonly health: HealthWatch;
  /** What the server's era changes in what is sent, and the log level. */
  private readonly era: EraRules;
  /** HTTP+SSE: why the shared stream was cut, when the size limit cut it inside an answer it could not name. */
  private streamCut: string | undefined;
  /** A stdio server's first transport, its process launched by `prelaunch`, for the first attempt. */
  private prelaunched: StdioTransport | undefined;

  constructor(
    readonly config: ServerConfig,
    private readonly deps: ServerConnectionDeps,
  ) {
    this.era = new EraRules({
      config,
      identity: deps.identity,
      client: () => this.client,
      isConnected: () => this.isConnected,
      state: () => this.current,
      httpKind: () => this.plan.httpKind,
    });
    this.plan = new ConnectPlan(config);
    this.retries = new ReconnectSchedule({
      clock: deps.clock,
      logger: deps.logger,
      random: deps.random,
      serverId: config.id,
      event: (text) => this.deps.observer?.event(text),
      setState: (patch) => this.setState(patch),
      isClosed: () => this.closed,
      connect: () => void this.connect(),
    });
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
      name: config.name,
      transport: () => this.transport,
      isConnected: () => this.isConnected,
      envelope: (params) => this.era.envelope(params),
      cancelNotifies: () => this.era.cancelWire.notifies,
      timedOut: (transport, method, waitedMs) => this.health.failed(transport, timeoutFailure(method, waitedMs), true),
      sendFailed: (transport, error) => { if (isSessionGone(transport, error)) this.dropGoneSession(transport); },
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
    this.plan.rejoinFirst(rejoin);
    void this.connect();
  }

  /**
   * Launches a stdio server's process ahead of `start`, so that it boots while the owner gets
   * ready (the engine: while the saved tasks load); nothing is sent to it or read from it until
   * `start`. Does nothing for an HTTP server, or once started or closed.
   */
  prelaunch(): void {
    if (this.config.transport !== 'stdio' || this.closed || this.connecting || this.prelaunched !== undefined || this.client !== undefined) return;
    this.prelaunched = this.createTransport(undefined) as StdioTransport;
    void this.prelaunched.launch();
  }

  /** The 2025-11-25 HTTP session this connection is in, for tasks to remember. */
  get legacySession(): LegacySession | undefined {
    return this.current.era === 'legacy' ? sessionOf(this.transport, this.current.protocolVersion, this.serverCapabilities) : undefined;
  }

  /** Lists the server's tools (through the SDK, with its pagination and cache). */
  async listTools(): Promise<Tool[]> {
    if (this.client === undefined || !this.isConnected) {
      throw new McpRequestError(`${this.config.name} is not connected`, undefined, undefined, 'disconnected');
    }
    const { tools } = await this.client.listTools(undefined, { cacheMode: 'bypass' });
    return tools;
  }

  /**
   * Sends a JSON-RPC request and resolves with its raw result object. On the modern era the
   * per-request `_meta` envelope (version, client info, capabilities incl. the tasks extension)
   * is added; on HTTP the SDK transport derives `Mcp-Method` and `Mcp-Name` (task id for
   * `tasks/*`) from the body. Rejects with `McpRequestError`.
   */
  request(method: string, params: Record<string, unknown>, options: RawRequestOptions = {}): Promise<Record<string, unknown>> {
    return this.requests.request(method, params, options);
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
  respond(requestId: string | number, answer: ServerRequestAnswer): Promise<void> {
    return this.requests.respond(requestId, answer);
  }

  /** Sends a JSON-RPC notification (e.g. `notifications/cancelled` for a stdio listen stream). */
  notify(method: string, params: Record<string, unknown>): Promise<void> {
    return this.requests.notify(method, params);
  }

  /** Tells a connected 2025-11-25 server that the client's roots changed (see `EraRules.sendRootsListChanged`). */
  sendRootsListChanged(): Promise<void> {
    return this.era.sendRootsListChanged();
  }

  /** Takes the log level the user chose (see `EraRules.setLogLevel`). */
  setLogLevel(level: LogLevel | undefined): Promise<void> {
    return this.era.setLogLevel(level);
  }

  /**
   * Starts a new attempt at once, with a fresh count of failed starts: for a stdio server that
   * stopped being started (`failed`), or any server waiting for its next reconnect attempt.
   * Does nothing while connected, connecting or closed.
   */
  retryNow(): void {
    if (this.closed || this.connecting || this.client !== undefined) return;
    this.retries.startOver();
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
    this.retries.waitingForSignIn = true;
    if (this.client !== undefined) return this.handleDrop(this.client, 'signed out');
    this.retries.cancel();
    if (!this.connecting) this.retries.waitForSignIn();
  }

  /** Closes the connection for good and ends a stdio server's whole process tree. */
  async close(): Promise<void> {
    this.closed = true;
    this.retries.cancel();
    await this.teardown();
    this.setState({ status: 'closed' });
    this.deps.observer?.event('Stopped.');
  }

  /** What aborting a request sends on this connection (see `EraRules.cancelWire`). */
  get cancelWire(): CancelWire {
    return this.era.cancelWire;
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
      httpKind: this.plan.httpKind,
      rejoin,
      maxBytes: this.deps.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      requests: this.requests,
      // HTTP+SSE: every answer comes on the one stream the limit just cut; the drop says why.
      onOtherTooLarge: (error) => {
        if (this.plan.usesSse) this.streamCut = `the stream was cut: ${error.message}`;
      },
      observer: this.deps.observer,
      authProvider: this.deps.authProvider,
      launchProcess: this.deps.launchProcess,
    });
  }

  /** Hooks the connection to all that passes on `transport` (see `wireTransport`); health is only judged once it is the connected one. */
  private wireTransport(transport: Transport): ServerRequestRelay {
    return wireTransport(transport, {
      observer: this.deps.observer,
      authProblem: (problem) => this.noteAuthProblem(transport, problem),
      failed: (failure) => this.health.failed(transport, failure),
      answered: () => this.health.answered(transport),
      handleServerRequest: this.deps.handleServerRequest,
      requests: this.requests,
      onNotification: (method, params) => this.deps.listener.onNotification(method, params),
    });
  }

  private async connect(): Promise<void> {
    if (this.closed || this.connecting) return;
    this.connecting = true;
    this.retries.waitingForSignIn = false;
    const attempt = this.retries.attempt;
    this.setState({ status: attempt === 0 ? 'connecting' : 'reconnecting', nextRetryAt: undefined });
    const client = createMcpClient(this.deps.identity);
    const rejoin = this.plan.takeRejoin();
    let fallBackToSse = false;
    // A stdio server has no session to rejoin: its prelaunched transport is the first attempt's.
    const transport = this.prelaunched ?? this.createTransport(rejoin);
    this.prelaunched = undefined;
    const relay = this.wireTransport(transport);
    this.deps.observer?.event(attempt === 0 ? `Connecting to ${describeEndpoint(this.config)}…` : `Reconnecting (attempt ${attempt + 1})…`);
    this.relay?.clear();
    this.relay = relay;
    try {
      if (rejoin === undefined) this.rejoinedCapabilities = undefined;
      // A lost session: the next attempt, after the shortest backoff, starts a fresh one.
      this.rejoinedCapabilities = await this.plan.handshake(client, transport, rejoin, () => this.retries.restartBackoff());
      if (this.closed) {
        await client.close();
        return;
      }
      this.client = client;
      this.transport = transport;
      const server = this.config.id;
      if (rejoin !== undefined) openSessionStream(transport, (error) => this.deps.logger.warn('could not open the session stream; withdrawn questions of the rejoined session go unnoticed', { server, error: errorText(error) }));
      this.streamCut = undefined;
      client.onclose = () => this.handleDrop(client, this.streamCut ?? 'the connection closed');
      client.onerror = (error) => this.deps.logger.debug('connection error', { server, error: error.message });
      const era = client.getProtocolEra() ?? (rejoin !== undefined ? 'legacy' : undefined);
      this.plan.connected(era, client.getDiscoverResult());
      this.retries.connected();
      this.setState(connectedState(client, era, rejoin?.protocolVersion, this.serverCapabilities, this.config.transport === 'http' ? this.plan.httpKind : undefined), true);
      this.deps.observer?.event(describeConnected(this.current));
      this.era.sendLogLevel().catch((error: unknown) => this.deps.logger.warn('could not set a server\'s log level', { server, error: errorText(error) }));
      this.health.start(client, era);
      // The owner binds its task protocol first, so whoever sees `connected` can use it.
      this.deps.listener.onConnected();
      this.deps.listener.onStateChange(this.current);
    } catch (error) {
      relay.clear();
      // A refusal on the way in that no send saw (the HTTP+SSE transport's stream opens in `start`).
      const problem = this.retries.waitingForSignIn ? undefined : authProblemOf(error);
      if (problem !== undefined) this.noteAuthProblem(transport, problem);
      // Closing the client closes the transport, which ends a stdio server's whole tree.
      await client.close().catch(() => undefined);
      fallBackToSse = !this.closed && this.plan.fallBackToSse(error);
      if (fallBackToSse) {
        this.deps.observer?.event(`The server refused the Streamable HTTP request (${describeConnectError(error, []).slice(0, 200)}); trying the older HTTP+SSE transport.`);
      } else {
        this.plan.startFailed();
        this.retries.attemptFailed(error, transport);
      }
    } finally {
      this.connecting = false;
    }
    if (fallBackToSse) void this.connect();
  }

  /**
   * The server refused a request on `transport` for want of sign-in or access. Wanting sign-in,
   * a connected transport is dropped (after the request failed saying why) and the connection
   * waits for the sign-in; a handshake refused either way does not connect until then. Wanting
   * more access, a connected one stays up: only what needs the scope fails.
   */
  private noteAuthProblem(transport: Transport, problem: AuthProblem): void {
    const live = this.transport === transport && this.client !== undefined;
    if (problem.kind === 'sign-in' || !live) this.retries.waitingForSignIn = true;
    this.deps.listener.onAuthProblem?.(problem);
    if (problem.kind !== 'sign-in' || !live) return;
    const client = this.client;
    if (client !== undefined) queueMicrotask(() => this.handleDrop(client, 'the server needs sign-in'));
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

  /** The connection on `client` dropped for `reason`: it reconnects once its transport is closed. */
  private handleDrop(client: Client, reason: string): void {
    if (this.client !== client || this.closed) return;
    const { transport } = this.detach(reason, `Connection dropped: ${reason}.`);
    void (transport?.close() ?? Promise.resolve()).catch(() => undefined).finally(() => {
      this.retries.retryLater(reason, transport instanceof StdioTransport ? exitOf(transport) : undefined);
    });
  }

  private async teardown(): Promise<void> {
    const prelaunched = this.prelaunched;
    this.prelaunched = undefined;
    await prelaunched?.close().catch(() => undefined);
    const { client, transport } = this.detach('the connection was closed');
    await client?.close().catch(() => undefined);
    await transport?.close().catch(() => undefined);
  }

  /**
   * Lets go of the current client and transport (returned, for the caller to close): pings stop,
   * waiting requests fail saying `reason`, the console is told `event`, the owner hears of the
   * disconnect if there was a connection, and the server's requests still open are withdrawn.
   */
  private detach(reason: string, event?: string): { client: Client | undefined; transport: Transport | undefined } {
    const { client, transport } = this;
    this.client = undefined;
    this.transport = undefined;
    this.health.stop();
    this.requests.failAll(`${this.config.name}: ${reason}`);
    if (event !== undefined) this.deps.observer?.event(event);
    if (client !== undefined) this.deps.listener.onDisconnected();
    this.relay?.clear();
    return { client, transport };
  }
}
