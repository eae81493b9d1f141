/**
 * One path for every server-to-client request (elicitation in form and URL mode, sampling, roots),
 * whether a task sent it or it came during a plain `tools/call`, on any connection: it lands in
 * the pending inputs tied to its task or call, with the same checks, queue and limits as every
 * other question (the host applies those to all pending inputs). Nothing is answered for the user
 * but `roots/list` outside a task, with exactly the folders they shared.
 *
 * Which task or call a request belongs to: a task names itself (2025-11-25 `related-task`); a
 * request that names no task belongs to the server's one call in flight (with several, or none,
 * the wire does not say which, and the question is the server's own). A request naming a task the
 * app does not know yet — it can arrive, e.g. on the session's GET stream, before the answer to
 * the `tools/call` that created the task — is held until the calls in flight have answered, then
 * attached (or, if no call created it, shown as the server's own): never dropped.
 */
import type { Root } from '../../../shared/server-config.js';
import { INPUT_METHODS, type InputRequest, type LegacySession, type TrackedTask } from '../../../shared/task-model.js';
import type { ServerRequestAnswer } from '../connections/connection-contract.js';
import { McpRequestError } from '../connections/mcp-request-error.js';
import type { Clock, Logger } from '../ports.js';
import { keepRequest, planResume } from '../protocols/legacy/kept-requests.js';
import { inputRequestSizeProblem } from '../protocols/task-wire.js';
import type { TaskLedger } from '../tasks/task-ledger.js';
import { withoutKeptRequests } from '../tasks/task-rules.js';
import type { InputOwner, InputRegistry } from './input-registry.js';
import { ServerRequestDesk, type RequestResponder } from './server-request-desk.js';

/** What the path needs from the engine. */
export interface ServerRequestDeps {
  clock: Clock;
  logger: Logger;
  ledger: TaskLedger;
  inputs: InputRegistry;
  /** Local ids of the server's tool calls whose request is on the wire now. */
  callsInFlight(serverId: string): readonly string[];
  /** The folders the user shared with the server. */
  rootsOf(serverId: string): readonly Root[];
  /** True when the task will never be polled again. */
  isFinished(task: TrackedTask): boolean;
}

/** A request held under a key, and whom it belongs to. */
interface Filed {
  request: InputRequest;
  receivedAt: number;
  /** Set once known; undefined while it waits for the task it names to be known. */
  owner?: InputOwner;
  /** The server task id it names, while that task is not known yet. */
  awaitedTask?: string;
  requestId: string | number;
}

interface ServerDesk {
  desk: ServerRequestDesk;
  filed: Map<string, Filed>;
}

/** The server-request path of every connected server. */
export class ServerRequests {
  private readonly desks = new Map<string, ServerDesk>();

  constructor(private readonly deps: ServerRequestDeps) {}

  /**
   * Closes a server's desk (the connection ended): its questions cannot be answered now and leave
   * the list; a copy kept with a task stays, for a rejoined session that can still answer it.
   */
  disconnected(serverId: string): void {
    const entry = this.desks.get(serverId);
    if (entry === undefined) return;
    this.desks.delete(serverId);
    entry.desk.clear();
    for (const [key, filed] of entry.filed) if (filed.owner !== undefined) this.deps.inputs.remove(filed.owner, key);
  }

  /**
   * A request from server `serverId` on `connection`; resolves with the user's answer (rejects
   * with their refusal). `relatedTask` is the server task id the request names, if any (the
   * protocol reads it).
   */
  handle(serverId: string, connection: RequestResponder, request: { method: string; params: Record<string, unknown>; relatedTask?: string }, signal: AbortSignal, requestId: string | number, sent: Promise<void>): Promise<Record<string, unknown>> {
    const { method, params, relatedTask } = request;
    if (!(INPUT_METHODS as readonly string[]).includes(method)) return Promise.reject(new McpRequestError(`This client does not serve ${method.slice(0, 60)}.`, -32601));
    // The one answer given for the user: exactly the folders they shared (none unless configured).
    if (method === 'roots/list' && relatedTask === undefined) return Promise.resolve({ roots: [...this.deps.rootsOf(serverId)] });
    const entry = this.deskOf(serverId, connection);
    const { _meta: _ignored, ...requestParams } = params;
    const sizeProblem = inputRequestSizeProblem(requestParams);
    if (sizeProblem !== undefined) {
      // Not kept, nor shown: the server hears why at once instead of waiting for an answer.
      this.deps.logger.warn('a server request too large to keep was refused', { server: serverId, method });
      return Promise.reject(new McpRequestError(`The request ${sizeProblem}; this client does not keep or show it.`, -32602));
    }
    const received = entry.desk.receive(requestId, signal, sent, (key) => this.withdrawn(serverId, key));
    const filed: Filed = { request: { method, params: requestParams }, receivedAt: this.deps.clock.now(), requestId };
    entry.filed.set(received.key, filed);
    if (relatedTask === undefined) this.file(serverId, received.key, filed, this.soleCallOwner(serverId));
    else this.placeForTask(serverId, received.key, filed, relatedTask);
    return received.answer;
  }

  /**
   * Re-places the requests that wait for the task they name: called when a call of `serverId`
   * answered (a task it created is known now, or no call is left that could create one).
   */
  callSettled(serverId: string): void {
    const entry = this.desks.get(serverId);
    if (entry === undefined) return;
    for (const [key, filed] of entry.filed) {
      if (filed.awaitedTask !== undefined) this.placeForTask(serverId, key, filed, filed.awaitedTask);
    }
  }

  /**
   * After `serverId` connected in `session`: the requests its tasks kept from that same session
   * are held and shown again (the server still waits for them); every other kept request is dropped.
   */
  resume(serverId: string, connection: RequestResponder, session: LegacySession | undefined): void {
    const entry = this.deskOf(serverId, connection);
    const tasks = this.deps.ledger.ofServer(serverId);
    const plan = planResume(tasks, session, (task) => this.deps.isFinished(task));
    for (const task of plan.drop) this.deps.ledger.put(task);
    for (const { task, kept } of plan.adopt) {
      if (!entry.desk.adopt(kept.key, kept.requestId)) continue;
      const owner: InputOwner = { serverId, localId: task.localId };
      entry.filed.set(kept.key, { request: kept.request, receivedAt: kept.receivedAt, owner, requestId: kept.requestId });
      this.deps.inputs.add({ ...owner, key: kept.key, request: kept.request, receivedAt: kept.receivedAt, declineEffect: 'refuse' });
    }
  }

  /** Delivers the user's answer (or refusal) to the request filed under `key`; rejects when it did not reach the server. */
  async deliver(serverId: string, key: string, answer: ServerRequestAnswer): Promise<void> {
    const entry = this.desks.get(serverId);
    if (entry === undefined) throw new McpRequestError('The server is not connected.', undefined, undefined, 'disconnected');
    await entry.desk.deliver(key, answer);
    entry.filed.delete(key);
  }

  /** True while the request filed under `key` still waits for an answer (a failed send can be tried again). */
  isWaiting(serverId: string, key: string): boolean {
    return this.desks.get(serverId)?.desk.isWaiting(key) === true;
  }

  /** Consumes `notifications/cancelled` for a request adopted after a restart; true when it was one. */
  handleNotification(serverId: string, method: string, params: Record<string, unknown>): boolean {
    if (method !== 'notifications/cancelled') return false;
    const key = this.desks.get(serverId)?.desk.withdrawAdopted(params.requestId);
    if (key === undefined) return false;
    this.withdrawn(serverId, key);
    return true;
  }

  /** Forgets the requests of a task or call that ended or was removed (they can never be answered). */
  forgetOwner(serverId: string, localId: string): void {
    const entry = this.desks.get(serverId);
    if (entry === undefined) return;
    for (const [key, filed] of entry.filed) if (filed.owner?.localId === localId) entry.filed.delete(key);
  }

  /** The desk of the server's current connection (a new one after a reconnect). */
  private deskOf(serverId: string, connection: RequestResponder): ServerDesk {
    const current = this.desks.get(serverId);
    if (current?.desk.connection === connection) return current;
    if (current !== undefined) this.disconnected(serverId);
    const created = { desk: new ServerRequestDesk(connection), filed: new Map<string, Filed>() };
    this.desks.set(serverId, created);
    return created;
  }

  /** Files a request under the task it names, or holds it while a call in flight may create that task. */
  private placeForTask(serverId: string, key: string, filed: Filed, serverTaskId: string): void {
    const task = this.deps.ledger.findByServerTaskId(serverId, serverTaskId);
    if (task !== undefined) {
      delete filed.awaitedTask;
      this.file(serverId, key, filed, { serverId, localId: task.localId });
      this.keepForRestart(task, key, filed);
      return;
    }
    if (this.deps.callsInFlight(serverId).length > 0) {
      filed.awaitedTask = serverTaskId;
      return;
    }
    // No call can create it any more: a task this app does not track (removed, or never its own).
    delete filed.awaitedTask;
    this.deps.logger.warn('a server asked for input for a task this app does not track', { server: serverId });
    this.file(serverId, key, filed, { serverId });
  }

  private file(serverId: string, key: string, filed: Filed, owner: InputOwner): void {
    filed.owner = owner;
    this.deps.inputs.add({ ...owner, key, request: filed.request, receivedAt: filed.receivedAt, declineEffect: 'refuse' });
  }

  /** The server's one call in flight, else the server alone (none, or several it could belong to). */
  private soleCallOwner(serverId: string): InputOwner {
    const calls = this.deps.callsInFlight(serverId);
    return calls.length === 1 ? { serverId, localId: calls[0]! } : { serverId };
  }

  /** Keeps a task's request on disk at once, so a restart can ask it again in the rejoined session. */
  private keepForRestart(task: TrackedTask, key: string, filed: Filed): void {
    if (this.deps.isFinished(task)) return;
    const kept = keepRequest(task, { key, requestId: filed.requestId, request: filed.request, receivedAt: filed.receivedAt });
    if ('notKept' in kept) {
      if (kept.notKept !== 'no-session') this.deps.logger.warn('a server request is not kept for a restart', { task: task.localId, reason: kept.notKept });
      return;
    }
    this.deps.ledger.put(kept.task);
    void this.deps.ledger.flush();
  }

  private withdrawn(serverId: string, key: string): void {
    const entry = this.desks.get(serverId);
    const filed = entry?.filed.get(key);
    if (entry === undefined || filed === undefined) return;
    entry.filed.delete(key);
    if (filed.owner === undefined) return;
    this.deps.inputs.remove(filed.owner, key);
    const task = filed.owner.localId === undefined ? undefined : this.deps.ledger.get(filed.owner.localId);
    if (task === undefined) return;
    const without = withoutKeptRequests(task, [key]);
    if (without !== task) this.deps.ledger.put(without);
  }
}
