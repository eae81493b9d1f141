/**
 * The task engine: connections, both task forms, the scheduler, the registry and the pending
 * inputs behind one class. Hosts create it through `createEngine` (index.ts) and talk to it
 * with method calls (commands) and `onDid*` events (state broadcasts).
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Tool } from '@modelcontextprotocol/client';
import type { ServerConfig, ServerState } from '../../shared/server-config.js';
import {
  isTaskFinished,
  isTerminalStatus,
  type DeclineEffect,
  type InputRequest,
  type LegacySession,
  type PendingInput,
  type TaskSnapshot,
  type ToolResult,
  type TrackedTask,
} from '../../shared/task-model.js';
import { McpRequestError } from './connections/mcp-request-error.js';
import { ServerConnection, type ClientIdentity } from './connections/server-connection.js';
import { Emitter, type Event } from './emitter.js';
import { InputRegistry } from './inputs/input-registry.js';
import { dropRequests, keepRequest } from './inputs/legacy-pending-requests.js';
import type { EnginePorts } from './ports.js';
import { ExtensionProtocol } from './protocols/extension-protocol.js';
import { LegacyProtocol } from './protocols/legacy-protocol.js';
import type { ProtocolSink, TaskProtocol } from './protocols/task-protocol.js';
import { parseJsonRpcError, type TaskObservation } from './protocols/task-wire.js';
import { PollScheduler } from './tasks/poll-scheduler.js';
import { TaskRegistry } from './tasks/task-registry.js';
import { appendTimeline, clampPollInterval, endAsUnknownToServer, mergeSnapshot, nextPollDelay } from './tasks/task-rules.js';

/** Most requests in flight to one server from polling. */
export const MAX_POLLS_IN_FLIGHT_PER_SERVER = 8;
/** MRTR rounds answered for one call before it is abandoned (PROTOCOL.md §2.7: the SDK caps at 10). */
const MAX_INPUT_ROUNDS = 10;
/** JSON-RPC code of a refused request, as the spec's sampling example answers "User rejected sampling request". */
const DECLINED_CODE = -1;
/** Delay of the poll that follows a cancel, an answer or a hint. */
const PROMPT_POLL_MS = 100;

/** What `callTool` came back with. */
export type CallToolOutcome =
  | { kind: 'task'; task: TrackedTask }
  | { kind: 'result'; result: ToolResult }
  /** MRTR: the call waits for answers to the inputs filed under `task` (phase `calling`). */
  | { kind: 'input_required'; task: TrackedTask };

/** Engine options beyond the ports. */
export interface EngineOptions {
  identity?: ClientIdentity;
}

interface ServerRuntime {
  config: ServerConfig;
  connection: ServerConnection;
  protocol: (TaskProtocol & { handleNotification(method: string, params: Record<string, unknown>): boolean }) | undefined;
}

/** An MRTR round under way for a pending call (in memory only: a restart makes it outcome-unknown). */
interface PendingRound {
  /** 1 for the first `input_required` answer of a call. */
  number: number;
  inputRequests: Record<string, InputRequest>;
  requestState?: string;
  answers: Record<string, unknown>;
}

/** The engine. See `createEngine`. */
export class Engine {
  private readonly servers = new Map<string, ServerRuntime>();
  private readonly registry: TaskRegistry;
  private readonly inputs: InputRegistry;
  private readonly scheduler: PollScheduler;
  private readonly pollErrors = new Map<string, number>();
  private readonly rounds = new Map<string, PendingRound>();
  /**
   * Keys of each task whose answers are on their way to the server: a read the server served
   * before it applied them still lists them, and must not ask them again.
   */
  private readonly answersInFlight = new Map<string, Set<string>>();
  private readonly watchDirty = new Set<string>();
  private readonly random: () => number;
  private readonly identity: ClientIdentity;
  private disposed = false;

  private readonly taskEmitter: Emitter<TrackedTask>;
  private readonly removeEmitter: Emitter<string>;
  private readonly serverEmitter: Emitter<ServerState>;
  private readonly inputsEmitter: Emitter<PendingInput[]>;

  /** A task was added or changed. */
  readonly onDidUpdateTask: Event<TrackedTask>;
  /** A task was removed from the inbox (by local id). */
  readonly onDidRemoveTask: Event<string>;
  /** A server's connection state changed. */
  readonly onDidChangeServer: Event<ServerState>;
  /** The set of pending inputs changed (the full list, oldest first). */
  readonly onDidChangeInputs: Event<PendingInput[]>;

  constructor(private readonly ports: EnginePorts, options: EngineOptions = {}) {
    this.random = ports.random ?? Math.random;
    this.identity = options.identity ?? { name: 'mcp-task-monitor', version: '0.1.0' };
    const report = (error: unknown): void => ports.logger.error('event listener failed', { error: String(error) });
    this.taskEmitter = new Emitter(report);
    this.removeEmitter = new Emitter(report);
    this.serverEmitter = new Emitter(report);
    this.inputsEmitter = new Emitter(report);
    this.onDidUpdateTask = this.taskEmitter.event;
    this.onDidRemoveTask = this.removeEmitter.event;
    this.onDidChangeServer = this.serverEmitter.event;
    this.onDidChangeInputs = this.inputsEmitter.event;
    this.registry = new TaskRegistry(ports.taskStore, ports.clock, ports.logger);
    this.inputs = new InputRegistry(() => this.inputsEmitter.fire(this.inputs.all()));
    this.scheduler = new PollScheduler({
      clock: ports.clock,
      maxInFlightPerGroup: MAX_POLLS_IN_FLIGHT_PER_SERVER,
      groupOf: (id) => this.registry.get(id)?.serverId ?? '',
      run: (id) => this.poll(id),
    });
  }

  /**
   * Loads persisted tasks and connects to `servers`. Tasks caught mid-call by a crash become
   * `outcome-unknown` (never resent); every other unfinished task is watched again once its
   * server connects. Resolves with the store's problems, for the host to show.
   */
  async start(servers: readonly ServerConfig[]): Promise<string[]> {
    const { problems } = await this.registry.load();
    const now = this.ports.clock.now();
    for (const task of this.registry.all()) {
      if (task.phase === 'calling' && !isTaskFinished(task)) {
        this.registry.put({
          ...task,
          phase: 'outcome-unknown',
          updatedAt: now,
          timeline: appendTimeline(task.timeline, { at: now, note: 'The app stopped before the server answered this call; its outcome is unknown and it was not resent.' }),
        });
      }
    }
    for (const config of servers) this.addServer(config);
    return problems;
  }

  /** Connects to one more server. */
  addServer(config: ServerConfig): void {
    if (this.servers.has(config.id)) throw new Error(`A server with id ${config.id} already exists.`);
    const runtime: ServerRuntime = { config, connection: undefined as unknown as ServerConnection, protocol: undefined };
    runtime.connection = new ServerConnection(config, {
      clock: this.ports.clock,
      logger: this.ports.logger,
      random: this.random,
      identity: this.identity,
      listener: {
        onNotification: (method, params) => runtime.protocol?.handleNotification(method, params),
        onStateChange: (state) => this.serverEmitter.fire(state),
        onConnected: () => this.serverConnected(runtime),
        onDisconnected: () => this.serverDisconnected(runtime),
      },
      handleServerRequest: (method, params, signal, requestId, sent) => this.serverRequest(runtime, method, params, signal, requestId, sent),
    });
    this.servers.set(config.id, runtime);
    runtime.connection.start(this.sessionToRejoin(config.id));
  }

  /** The 2025-11-25 HTTP session of the server's newest unfinished task, if any. */
  private sessionToRejoin(serverId: string): LegacySession | undefined {
    let newest: TrackedTask | undefined;
    for (const task of this.registry.all()) {
      if (task.serverId !== serverId || task.legacySession === undefined || isTaskFinished(task)) continue;
      if (newest === undefined || task.createdAt > newest.createdAt) newest = task;
    }
    return newest?.legacySession;
  }

  /** Disconnects a server (its tasks stay in the inbox, unwatched until it is added again). */
  async removeServer(serverId: string): Promise<void> {
    const runtime = this.servers.get(serverId);
    if (runtime === undefined) return;
    this.servers.delete(serverId);
    await runtime.connection.close();
  }

  /**
   * Starts connecting to a server again at once: one that stopped being started after failing
   * too often (status `failed`), or one waiting for its next reconnect attempt. Does nothing while
   * it is connected or connecting.
   */
  retryServer(serverId: string): void {
    this.runtime(serverId).connection.retryNow();
  }

  /**
   * Takes a server's new settings (its roots, its notification mute) without reconnecting:
   * `config` must run exactly as the one the server was added with (an edit of what runs is
   * removeServer + addServer). When the roots changed, a connected 2025-11-25 server is told
   * with `notifications/roots/list_changed`. Unknown ids are ignored (the server does not run).
   */
  updateServerSettings(config: ServerConfig): void {
    const runtime = this.servers.get(config.id);
    if (runtime === undefined) return;
    const rootsChanged = !isDeepStrictEqual(runtime.config.roots ?? [], config.roots ?? []);
    runtime.config = config;
    if (!rootsChanged) return;
    runtime.connection.sendRootsListChanged().catch((error: unknown) => {
      this.ports.logger.warn('could not tell a server its roots changed', { server: config.id, error: errorText(error) });
    });
  }

  /** Every server's state. */
  listServers(): ServerState[] {
    return [...this.servers.values()].map((runtime) => runtime.connection.state);
  }

  /** The tools a connected server offers. */
  async listTools(serverId: string): Promise<Tool[]> {
    return this.runtime(serverId).connection.listTools();
  }

  /**
   * The tasks a 2025-11-25 server lists for this session (`tasks/list`), tracked or not; undefined
   * when the server speaks the extension (which has no listing) or does not offer it.
   */
  async listServerTasks(serverId: string): Promise<TaskSnapshot[] | undefined> {
    const protocol = this.requireProtocol(this.runtime(serverId));
    if (!(protocol instanceof LegacyProtocol)) return undefined;
    return (await protocol.listTasks())?.map((observation) => observation.snapshot);
  }

  /** Every tracked task. */
  listTasks(): TrackedTask[] {
    return this.registry.all();
  }

  getTask(id: string): TrackedTask | undefined {
    return this.registry.get(id);
  }

  /** The stored final result of a task, if it has one. */
  async getResult(id: string): Promise<ToolResult | undefined> {
    return this.registry.get(id)?.hasResult === true ? this.ports.resultStore.get(id) : undefined;
  }

  /** Every pending input, oldest first. */
  listInputs(): PendingInput[] {
    return this.inputs.all();
  }

  /**
   * Calls a tool that may become a task. A pending entry is written to disk before the request
   * goes out, so a crash in between shows "outcome unknown" instead of losing or resending it.
   * Rejects with `McpRequestError` when the server refused the call (nothing is tracked then).
   */
  async callTool(serverId: string, toolName: string, args: Record<string, unknown>): Promise<CallToolOutcome> {
    const runtime = this.runtime(serverId);
    const protocol = this.requireProtocol(runtime);
    const now = this.ports.clock.now();
    const task: TrackedTask = {
      id: randomUUID(),
      serverId,
      form: protocol.form,
      phase: 'calling',
      toolName,
      arguments: args,
      createdAt: now,
      updatedAt: now,
      hasResult: false,
      timeline: [{ at: now, note: 'Call sent' }],
      answeredInputKeys: [],
    };
    await this.registry.putDurably(task);
    this.taskEmitter.fire(task);
    return this.sendCall(runtime, protocol, task, undefined, false);
  }

  /**
   * Answers one pending input of a task (an elicitation, sampling or roots answer as the wire
   * expects it). The key is remembered only after the server took the answer, so a failed
   * send can be retried and a delivered one is never sent twice.
   *
   * Extension tasks: while the task has other unanswered questions the answer is only held
   * (the input stays pending, marked `held`); the last answer sends them all in one
   * `tasks/update` (PROTOCOL.md §3.6.3 — some servers ignore partial sets). A held input cannot
   * be answered again. 2025-11-25 questions are separate requests, answered one by one.
   */
  async answerInput(taskLocalId: string, key: string, response: Record<string, unknown>): Promise<void> {
    const task = this.registry.get(taskLocalId);
    if (task === undefined) throw new Error('No such task.');
    const input = this.inputs.get(taskLocalId, key);
    if (input === undefined) throw new Error('That question is no longer pending.');
    if (input.held === true) throw new Error('That question is already answered; the answer is sent with the task\'s other answers.');
    const runtime = this.runtime(task.serverId);
    const protocol = this.requireProtocol(runtime);
    const round = this.rounds.get(taskLocalId);
    if (task.phase === 'calling' && round !== undefined) {
      round.answers[key] = response;
      this.inputs.remove(taskLocalId, key);
      if (Object.keys(round.inputRequests).every((pendingKey) => pendingKey in round.answers)) {
        this.rounds.delete(taskLocalId);
        void this.sendCall(runtime, protocol, task, round, true).catch((error: unknown) => {
          this.ports.logger.warn('retrying a call with answers failed', { error: String(error) });
        });
      }
      return;
    }
    if (task.taskId === undefined) throw new Error('The task has no server id yet.');
    if (task.form === 'extension' && this.inputs.ofTask(taskLocalId).some((other) => other.key !== key && other.held !== true)) {
      this.inputs.hold(taskLocalId, key, response);
      return;
    }
    await this.sendAnswers(task, task.taskId, protocol, { ...this.inputs.heldAnswers(taskLocalId), [key]: response });
  }

  /**
   * Sends answers to questions of one task (several only in the extension form: one
   * `tasks/update`). The questions leave the pending list while the send is in flight, so none
   * is answered twice; when it fails, extension questions are answerable again (not held) and
   * the error is thrown.
   */
  private async sendAnswers(task: TrackedTask, serverTaskId: string, protocol: TaskProtocol, responses: Record<string, Record<string, unknown>>): Promise<void> {
    const sent = Object.keys(responses).flatMap((key) => this.inputs.get(task.id, key) ?? []);
    for (const input of sent) this.inputs.remove(task.id, input.key);
    const inFlight = this.answersInFlight.get(task.id) ?? new Set<string>();
    this.answersInFlight.set(task.id, inFlight);
    const settle = () => {
      for (const key of Object.keys(responses)) inFlight.delete(key);
      if (inFlight.size === 0 && this.answersInFlight.get(task.id) === inFlight) this.answersInFlight.delete(task.id);
    };
    for (const key of Object.keys(responses)) inFlight.add(key);
    try {
      await protocol.answerInputs(serverTaskId, responses);
    } catch (error) {
      settle();
      if (task.form === 'extension') {
        // Answerable again; a poll at once shows whether the server still asks them.
        this.inputs.restore(sent);
        this.schedulePoll(task.id, 0);
      } else if (protocol instanceof LegacyProtocol) {
        // An answer that did not reach the server (unreachable for a while, or a request kept
        // across a restart): the server still waits for it, so it is asked again.
        this.inputs.restore(sent.filter((input) => protocol.isWaiting(input.key)));
      }
      throw error;
    }
    for (const [key, response] of Object.entries(responses)) this.markInputHandled(task.id, key, `Answered ${describeAnswer(response)}`);
    // Only now: the keys are in `answeredInputKeys`, so a late read cannot ask them again.
    settle();
    this.schedulePoll(task.id, PROMPT_POLL_MS);
  }

  /**
   * Sends an extension task's held answers once nothing else is outstanding — the server
   * withdrew the question they were waiting for. A failed send leaves them answerable again and
   * is shown as the task's last error.
   */
  private sendHeldAnswersIfComplete(task: TrackedTask): void {
    const pending = this.inputs.ofTask(task.id);
    if (pending.length === 0 || pending.some((input) => input.held !== true)) return;
    const protocol = this.servers.get(task.serverId)?.protocol;
    if (task.taskId === undefined || protocol === undefined || isTaskFinished(task)) return;
    this.sendAnswers(task, task.taskId, protocol, this.inputs.heldAnswers(task.id)).catch((error: unknown) => {
      const current = this.registry.get(task.id);
      if (current !== undefined) this.update({ ...current, lastError: `Sending your answers failed: ${errorText(error)}` });
    });
  }

  /**
   * Asks the server to cancel a task. The task shows "cancel requested" until the server's
   * real terminal state arrives — which may be `completed` (cancellation is cooperative).
   */
  async cancelTask(id: string): Promise<void> {
    await this.requestCancel(id, 'Cancel requested');
  }

  /**
   * Declines a pending input that has no refusal in its own answer shape (a sampling request);
   * what that does depends on the path it came by (its `declineEffect`, set when it was filed):
   * - `refuse` (2025-11-25 request held on the task's `tasks/result` stream): the request is
   *   answered with the JSON-RPC error `-1` "User rejected sampling request" (the spec's example);
   *   the task goes on, and the server decides what the refusal means.
   * - `cancel-task` (extension `inputRequests`): that wire has no way to refuse a sampling request
   *   (PROTOCOL.md §7.2 item 10), so the task is cancelled with `tasks/cancel`; the timeline says
   *   why. The question is gone only once the server took the cancel (a failed cancel leaves it).
   * - `abandon-call` (MRTR `input_required` to a plain `tools/call`): the call is not retried; it
   *   ends here as failed (`endReason: 'input-declined'`) with its other questions dropped.
   * Answers go through `answerInput`, never here.
   */
  async declineInput(taskLocalId: string, key: string): Promise<void> {
    const task = this.registry.get(taskLocalId);
    const input = this.inputs.get(taskLocalId, key);
    if (task === undefined) throw new Error('No such task.');
    if (input === undefined) throw new Error('That question is no longer pending.');
    const what = input.request.method === 'sampling/createMessage' ? 'sampling request' : `${input.request.method.slice(0, 60)} request`;
    switch (declineEffectOf(task)) {
      case 'refuse': {
        const protocol = this.requireProtocol(this.runtime(task.serverId));
        if (!(protocol instanceof LegacyProtocol)) throw new Error('This server cannot be sent a refusal.');
        await protocol.refuseInput(key, DECLINED_CODE, `User rejected ${what}`);
        this.markInputHandled(taskLocalId, key, `Declined the ${what}: the server was told the user rejected it`);
        this.schedulePoll(taskLocalId, PROMPT_POLL_MS);
        return;
      }
      case 'cancel-task':
        await this.requestCancel(taskLocalId, `Declined the ${what}: this server's protocol has no way to refuse one, so the task was cancelled`);
        this.markInputHandled(taskLocalId, key);
        return;
      case 'abandon-call': {
        const now = this.ports.clock.now();
        const message = `You declined the server's ${what}, so the call was abandoned; it was not sent again.`;
        this.endCall({ ...task, endReason: 'input-declined', lastError: message, updatedAt: now, timeline: appendTimeline(task.timeline, { at: now, note: message }) });
        await this.registry.flush();
        return;
      }
    }
  }

  /** Drops a handled question and remembers its key, so a later read of the task does not ask it again. */
  private markInputHandled(taskLocalId: string, key: string, note?: string): void {
    this.inputs.remove(taskLocalId, key);
    const current = this.registry.get(taskLocalId);
    if (current === undefined) return;
    const now = this.ports.clock.now();
    this.update({
      ...dropRequests(current, [key]),
      answeredInputKeys: [...current.answeredInputKeys, key],
      updatedAt: now,
      ...(note !== undefined ? { timeline: appendTimeline(current.timeline, { at: now, note }) } : {}),
    });
  }

  /** Asks the server to cancel, with `note` on the timeline (see `cancelTask`). */
  private async requestCancel(id: string, note: string): Promise<void> {
    const task = this.registry.get(id);
    if (task?.taskId === undefined || isTaskFinished(task)) throw new Error('Only a running task can be cancelled.');
    const runtime = this.runtime(task.serverId);
    const protocol = this.requireProtocol(runtime);
    const now = this.ports.clock.now();
    this.update({ ...task, cancelRequestedAt: now, updatedAt: now, timeline: appendTimeline(task.timeline, { at: now, note }) });
    try {
      const observation = await protocol.cancelTask(task.taskId);
      if (observation !== undefined) await this.observe(id, observation);
    } catch (error) {
      // Already terminal on a 2025-11-25 server (-32602): the next poll shows how it ended.
      if (!(error instanceof McpRequestError && error.isUnknownTask)) {
        const current = this.registry.get(id);
        if (current !== undefined) {
          const { cancelRequestedAt: _dropped, ...rest } = current;
          this.update({ ...rest, timeline: appendTimeline(current.timeline, { at: this.ports.clock.now(), note: `Cancel failed: ${errorText(error)}` }) });
        }
        throw error;
      }
    }
    this.schedulePoll(id, PROMPT_POLL_MS);
  }

  /** Removes a task from the inbox and forgets its result; a running task is no longer watched. */
  async removeTask(id: string): Promise<void> {
    const task = this.registry.remove(id);
    if (task === undefined) return;
    this.scheduler.unschedule(id);
    this.inputs.clearTask(id);
    this.rounds.delete(id);
    this.pollErrors.delete(id);
    this.markWatchDirty(task.serverId);
    this.removeEmitter.fire(id);
    await this.ports.resultStore.delete(id);
  }

  /** Stops everything: timers, streams, connections (and their process trees); flushes the store. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.scheduler.dispose();
    await Promise.all([...this.servers.values()].map((runtime) => runtime.connection.close()));
    this.servers.clear();
    await this.registry.dispose();
    this.taskEmitter.dispose();
    this.removeEmitter.dispose();
    this.serverEmitter.dispose();
    this.inputsEmitter.dispose();
  }

  /** Counts of live internals, for leak checks in tests. */
  get debugCounts(): { scheduled: number; listeners: number; servers: number } {
    const listeners = this.taskEmitter.listenerCount + this.removeEmitter.listenerCount + this.serverEmitter.listenerCount + this.inputsEmitter.listenerCount;
    return { scheduled: this.scheduler.size, listeners, servers: this.servers.size };
  }

  private runtime(serverId: string): ServerRuntime {
    const runtime = this.servers.get(serverId);
    if (runtime === undefined) throw new Error(`Unknown server ${serverId}.`);
    return runtime;
  }

  private requireProtocol(runtime: ServerRuntime): NonNullable<ServerRuntime['protocol']> {
    if (runtime.protocol === undefined || !runtime.connection.isConnected) {
      throw new McpRequestError(`${runtime.config.name} is not connected.`, undefined, undefined, 'disconnected');
    }
    return runtime.protocol;
  }

  /**
   * Sends the call of the pending entry `task` (a retry when `round` carries answers).
   * `detached`: nobody awaits the outcome any more — a retry after the user answered, whose
   * `tools:call` returned `input_required` long ago — so a direct result or a refusal stays on
   * the entry as how the call ended instead of going back to a caller.
   */
  private async sendCall(runtime: ServerRuntime, protocol: TaskProtocol, task: TrackedTask, round: PendingRound | undefined, detached: boolean): Promise<CallToolOutcome> {
    if (round !== undefined && round.number > MAX_INPUT_ROUNDS) {
      const error = new McpRequestError(`The server kept asking for input after ${MAX_INPUT_ROUNDS} rounds; the call was abandoned.`, undefined, undefined, 'malformed');
      await this.callFailed(task, error, detached);
      throw error;
    }
    let outcome;
    try {
      outcome = await protocol.callTool(task.toolName, task.arguments, round === undefined ? undefined : {
        inputResponses: round.answers,
        ...(round.requestState !== undefined ? { requestState: round.requestState } : {}),
      });
    } catch (error) {
      await this.callFailed(task, error, detached);
      throw error;
    }
    const now = this.ports.clock.now();
    switch (outcome.kind) {
      case 'result':
        if (detached) {
          await this.endAnsweredCall(task, outcome.result);
          return { kind: 'result', result: outcome.result };
        }
        // An immediate answer: nothing to monitor.
        this.registry.remove(task.id);
        this.removeEmitter.fire(task.id);
        return { kind: 'result', result: outcome.result };
      case 'input_required': {
        const number = (round?.number ?? 0) + 1;
        this.rounds.set(task.id, { number, inputRequests: outcome.inputRequests, ...(outcome.requestState !== undefined ? { requestState: outcome.requestState } : {}), answers: {} });
        const waiting = { ...task, updatedAt: now, timeline: appendTimeline(task.timeline, { at: now, note: 'The server needs input before it can run the call' }) };
        this.update(waiting);
        this.inputs.syncTask(waiting, outcome.inputRequests, [], now, declineEffectOf(waiting));
        if (Object.keys(outcome.inputRequests).length === 0) {
          // Only a requestState: the spec allows retrying at once (PROTOCOL.md §2.7).
          this.rounds.delete(task.id);
          return this.sendCall(runtime, protocol, waiting, { number, inputRequests: {}, answers: {}, ...(outcome.requestState !== undefined ? { requestState: outcome.requestState } : {}) }, detached);
        }
        return { kind: 'input_required', task: waiting };
      }
      case 'task': {
        const { snapshot } = outcome.observation;
        const session = protocol.form === 'legacy' ? runtime.connection.legacySession : undefined;
        const tracked: TrackedTask = {
          ...task,
          phase: 'task',
          taskId: snapshot.taskId,
          ...(session !== undefined ? { legacySession: session } : {}),
          observedAt: now,
          updatedAt: now,
          timeline: appendTimeline(task.timeline, { at: now, note: 'Task created' }),
        };
        // The task id is the one thing that cannot be recovered (no tasks/list): on disk at once.
        await this.registry.putDurably(tracked);
        await this.observe(tracked.id, outcome.observation);
        const current = this.registry.get(tracked.id) ?? tracked;
        if (!isTaskFinished(current)) {
          // A seed that is not `working` lacks its details (inputs, result): read it now (§7.2.4).
          const delay = snapshot.status === 'working' ? clampPollInterval(snapshot.pollIntervalMs) : 0;
          this.schedulePoll(tracked.id, delay);
          this.markWatchDirty(runtime.config.id);
        }
        return { kind: 'task', task: this.registry.get(tracked.id) ?? current };
      }
    }
  }

  /**
   * A retry the user answered for got its result directly (no task): the result is stored like
   * a task's and the entry ends as `answered` (`answered-with-error` for `isError: true`).
   */
  private async endAnsweredCall(task: TrackedTask, result: ToolResult): Promise<void> {
    await this.ports.resultStore.put(task.id, result);
    const now = this.ports.clock.now();
    const isError = result['isError'] === true;
    const note = isError ? 'The server answered after your input, with a tool error' : 'The server answered after your input';
    this.endCall({ ...task, hasResult: true, endReason: isError ? 'answered-with-error' : 'answered', updatedAt: now, timeline: appendTimeline(task.timeline, { at: now, note }) });
    await this.registry.flush();
  }

  /** Ends a pending entry for good (an MRTR call answered, refused or abandoned; no task exists). */
  private endCall(ended: TrackedTask): void {
    this.rounds.delete(ended.id);
    this.update(ended);
    this.finish(ended);
  }

  /** See `sendCall` for `detached`. */
  private async callFailed(task: TrackedTask, error: unknown, detached: boolean): Promise<void> {
    const now = this.ports.clock.now();
    if (error instanceof McpRequestError && error.code !== undefined && detached) {
      // Refused after the user answered: nobody else would see why, so the entry keeps it.
      const callError = parseJsonRpcError({ code: error.code, message: error.message, data: error.data });
      const note = `The server refused the call after your input: ${callError.message} (error ${callError.code})`;
      this.endCall({ ...task, endReason: 'refused', callError, updatedAt: now, timeline: appendTimeline(task.timeline, { at: now, note }) });
      await this.registry.flush();
      return;
    }
    if (error instanceof McpRequestError && error.code !== undefined) {
      // The server refused the call: no task exists, nothing to track (the caller gets the error).
      this.registry.remove(task.id);
      this.inputs.clearTask(task.id);
      this.removeEmitter.fire(task.id);
      return;
    }
    // The request may have reached the server: we cannot know whether a task exists.
    const isMalformed = error instanceof McpRequestError && error.localFailure === 'malformed';
    const what = isMalformed ? 'The server\'s answer to the call could not be understood' : 'No answer to the call';
    this.update({
      ...task,
      phase: 'outcome-unknown',
      updatedAt: now,
      lastError: errorText(error),
      timeline: appendTimeline(task.timeline, { at: now, note: `${what} (${errorText(error)}); its outcome is unknown and it was not resent.` }),
    });
    await this.registry.flush();
  }

  /** Applies an observation (poll, push, cancel answer) to a task, storing a final result apart. */
  private async observe(id: string, observation: TaskObservation): Promise<void> {
    const task = this.registry.get(id);
    if (task === undefined) return;
    const now = this.ports.clock.now();
    const merged = mergeSnapshot(task, observation.snapshot, now);
    if (merged.outcome === 'duplicate' && task.form === 'extension' && !isTaskFinished(task)) {
      // The stored snapshot may already list the questions while the (in-memory) input
      // registry does not: after a restart the first read is a duplicate, yet still outstanding.
      this.inputs.syncTask(task, task.snapshot?.inputRequests ?? {}, this.answeredKeys(task), now, declineEffectOf(task));
    }
    if (merged.outcome !== 'applied') return;
    let next = merged.task;
    if (observation.result !== undefined && isTerminalStatus(observation.snapshot.status)) {
      await this.ports.resultStore.put(id, observation.result);
      next = { ...next, hasResult: true };
    }
    this.update(next);
    if (task.form === 'extension') {
      this.inputs.syncTask(next, next.snapshot?.inputRequests ?? {}, this.answeredKeys(next), now, declineEffectOf(next));
      if (!isTaskFinished(next)) this.sendHeldAnswersIfComplete(next);
    }
    if (isTaskFinished(next)) this.finish(next);
  }

  /** The task's answered keys, with those whose answers are still on their way. */
  private answeredKeys(task: TrackedTask): readonly string[] {
    const inFlight = this.answersInFlight.get(task.id);
    return inFlight === undefined ? task.answeredInputKeys : [...task.answeredInputKeys, ...inFlight];
  }

  private finish(task: TrackedTask): void {
    this.scheduler.unschedule(task.id);
    this.pollErrors.delete(task.id);
    this.inputs.clearTask(task.id);
    this.markWatchDirty(task.serverId);
  }

  private update(task: TrackedTask): void {
    // An ended task's server requests can never be answered: nothing to keep for a restart.
    const stored = isTaskFinished(task) ? dropRequests(task) : task;
    this.registry.put(stored);
    this.taskEmitter.fire(stored);
  }

  private schedulePoll(id: string, delayMs: number): void {
    if (!this.disposed) this.scheduler.schedule(id, delayMs);
  }

  /** One poll of one task; reschedules itself relative to when the request was sent. */
  private async poll(id: string): Promise<void> {
    const task = this.registry.get(id);
    if (task?.taskId === undefined || isTaskFinished(task)) return;
    const runtime = this.servers.get(task.serverId);
    // A disconnected server's tasks are rescheduled when it connects again.
    if (runtime?.protocol === undefined || !runtime.connection.isConnected) return;
    const protocol = runtime.protocol;
    const sentAt = this.ports.clock.monotonic();
    try {
      const observation = await protocol.getTask(task.taskId);
      this.pollErrors.delete(id);
      await this.observe(id, observation);
    } catch (error) {
      if (error instanceof McpRequestError && error.isUnknownTask) {
        const current = this.registry.get(id);
        if (current !== undefined && !isTaskFinished(current)) {
          const ended = endAsUnknownToServer(current, this.ports.clock.now(), error.message);
          this.update(ended);
          this.finish(ended);
        }
        return;
      }
      this.pollFailed(id, error);
    }
    const current = this.registry.get(id);
    if (current === undefined || isTaskFinished(current) || !runtime.connection.isConnected) return;
    if (this.scheduler.isScheduled(id)) return;
    const delay = nextPollDelay(current.snapshot?.pollIntervalMs, this.pollErrors.get(id) ?? 0, protocol.isPushed(task.taskId));
    this.schedulePoll(id, delay - (this.ports.clock.monotonic() - sentAt));
  }

  private pollFailed(id: string, error: unknown): void {
    this.pollErrors.set(id, (this.pollErrors.get(id) ?? 0) + 1);
    const current = this.registry.get(id);
    const text = errorText(error);
    if (current !== undefined && current.lastError !== text) this.update({ ...current, lastError: text });
  }

  private serverConnected(runtime: ServerRuntime): void {
    const { connection } = runtime;
    const sink = this.sinkFor(runtime);
    runtime.protocol = connection.state.era === 'modern'
      ? new ExtensionProtocol(connection, sink, this.ports.clock)
      : new LegacyProtocol(connection, sink);
    const form = runtime.protocol.form;
    const now = this.ports.clock.now();
    for (const task of this.registry.all()) {
      if (task.serverId !== runtime.config.id || task.phase !== 'task' || isTaskFinished(task)) continue;
      if (task.form !== form) {
        const ended = { ...task, endReason: 'lost' as const, updatedAt: now, timeline: appendTimeline(task.timeline, { at: now, note: `The server now speaks the ${form} task form; this ${task.form} task cannot be followed.` }) };
        this.update(ended);
        this.finish(ended);
        continue;
      }
      // Spread the first polls after a (re)connect so a thousand tasks do not poll at once.
      const interval = clampPollInterval(task.snapshot?.pollIntervalMs);
      this.schedulePoll(task.id, Math.floor(this.random() * interval));
    }
    if (runtime.protocol instanceof LegacyProtocol) this.resumeKeptRequests(runtime.config.id, runtime.protocol, connection.legacySession);
    this.markWatchDirty(runtime.config.id);
  }

  /**
   * Asks again the 2025-11-25 requests kept with the server's tasks (see
   * legacy-pending-requests.ts) when the connection rejoined the session they were sent in: same
   * key, first-arrival time and decline effect as before, answered with their original JSON-RPC
   * ids. Requests of tasks in any other session are dropped (that session, and its tasks, are gone).
   */
  private resumeKeptRequests(serverId: string, protocol: LegacyProtocol, session: LegacySession | undefined): void {
    for (const task of this.registry.all()) {
      if (task.serverId !== serverId || task.legacyPendingRequests === undefined || task.taskId === undefined) continue;
      if (isTaskFinished(task) || session === undefined || task.legacySession?.id !== session.id) {
        this.update(dropRequests(task));
        continue;
      }
      for (const kept of task.legacyPendingRequests) {
        if (!protocol.adopt(task.taskId, kept.key, kept.requestId)) continue;
        this.inputs.add({ taskId: task.id, serverId, key: kept.key, request: kept.request, receivedAt: kept.receivedAt, declineEffect: declineEffectOf(task) });
      }
    }
  }

  /** Keeps a 2025-11-25 request with its task, on disk at once, so a restart can ask it again. */
  private keepServerRequest(task: TrackedTask, key: string, request: InputRequest, requestId: string | number, receivedAt: number): void {
    const kept = keepRequest(task, { key, requestId, request, receivedAt });
    if ('notKept' in kept) {
      if (kept.notKept !== 'no-session') this.ports.logger.warn('a server request is not kept for a restart', { task: task.id, reason: kept.notKept });
      return;
    }
    this.update(kept.task);
    void this.registry.flush();
  }

  private serverDisconnected(runtime: ServerRuntime): void {
    runtime.protocol?.reset();
    runtime.protocol = undefined;
  }

  private sinkFor(runtime: ServerRuntime): ProtocolSink {
    const serverId = runtime.config.id;
    const local = (taskId: string): TrackedTask | undefined => this.registry.findByServerTaskId(serverId, taskId);
    return {
      onObservation: (taskId, observation) => {
        const task = local(taskId);
        if (task !== undefined) void this.observe(task.id, observation);
      },
      onPollHint: (taskId) => {
        const task = local(taskId);
        if (task !== undefined && !isTaskFinished(task)) this.schedulePoll(task.id, 0);
      },
      onInputRequested: (taskId, key, request, requestId) => {
        const task = local(taskId);
        if (task === undefined) return;
        const receivedAt = this.ports.clock.now();
        this.inputs.add({ taskId: task.id, serverId, key, request, receivedAt, declineEffect: declineEffectOf(task) });
        if (requestId !== undefined && !isTaskFinished(task)) this.keepServerRequest(task, key, request, requestId, receivedAt);
      },
      onInputWithdrawn: (taskId, key, why) => {
        const task = local(taskId);
        if (task === undefined) return;
        this.inputs.remove(task.id, key);
        // A dropped connection leaves the request kept: the rejoined session can still answer it.
        const without = why === 'withdrawn' ? dropRequests(task, [key]) : task;
        if (without !== task) this.update(without);
      },
      onQuarantined: (taskId, reason) => {
        this.ports.logger.warn('quarantined a server message', { server: serverId, reason });
        const task = taskId === undefined ? undefined : local(taskId);
        if (task !== undefined && task.lastError !== reason) this.update({ ...task, lastError: reason });
      },
    };
  }

  private async serverRequest(runtime: ServerRuntime, method: string, params: Record<string, unknown>, signal: AbortSignal, requestId: string | number, sent: Promise<void>): Promise<Record<string, unknown>> {
    const answer = runtime.protocol instanceof LegacyProtocol ? runtime.protocol.handleServerRequest(method, params, signal, requestId, sent) : undefined;
    if (answer !== undefined) return answer;
    // Requests outside a task are not offered to the user here; refuse them plainly.
    if (method === 'elicitation/create') return { action: 'decline' };
    // Exactly the folders the user shared with this server (none unless configured).
    if (method === 'roots/list') return { roots: runtime.config.roots ?? [] };
    throw new McpRequestError('This client answers sampling requests only inside tasks.', -32601);
  }

  private markWatchDirty(serverId: string): void {
    if (this.watchDirty.size === 0) queueMicrotask(() => this.flushWatch());
    this.watchDirty.add(serverId);
  }

  private flushWatch(): void {
    const dirty = [...this.watchDirty];
    this.watchDirty.clear();
    for (const serverId of dirty) {
      const protocol = this.servers.get(serverId)?.protocol;
      if (protocol === undefined) continue;
      const ids = this.registry.all()
        .filter((task) => task.serverId === serverId && task.taskId !== undefined && !isTaskFinished(task))
        .map((task) => task.taskId!);
      protocol.watch(ids);
    }
  }
}

/** What declining an input of `task` does (see `Engine.declineInput`): one rule for filing and declining. */
function declineEffectOf(task: Pick<TrackedTask, 'form' | 'phase'>): DeclineEffect {
  if (task.form === 'legacy') return 'refuse';
  return task.phase === 'calling' ? 'abandon-call' : 'cancel-task';
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

function describeAnswer(response: Record<string, unknown>): string {
  if (response.role === 'assistant') return 'a sampling request with your reply';
  return typeof response.action === 'string' ? `(${response.action})` : 'an input request';
}
