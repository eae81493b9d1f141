/**
 * Tool calls: every `tools/call` is an entry from the click to its end. The entry is on disk
 * before the request goes out (a crash in between is "outcome unknown" or, for a plain call,
 * "interrupted" — never a resend); it ends with the call's outcome (a task, a direct result kept
 * like a task's, a refusal, or a request for input first — MRTR, with its rounds), or the user
 * cancels the request on the wire.
 */
import { randomUUID } from 'node:crypto';
import type { InputRequest, TrackedCall, TrackedTask, ToolResult } from '../../../shared/task-model.js';
import type { AbandonFact } from '../../../shared/timeline-facts.js';
import { McpRequestError } from '../connections/mcp-request-error.js';
import type { SaveHealth } from '../tasks/save-health.js';
import { CallNotSavedError } from './call-not-saved-error.js';
import { errorText } from '../error-text.js';
import type { AskedInput, InputRegistry } from '../inputs/input-registry.js';
import type { Clock, Logger } from '../ports.js';
import type { ResultKeeper } from '../tasks/result-keeper.js';
import type { TaskProtocol } from '../protocols/task-protocol.js';
import { parseJsonRpcError } from '../protocols/task-wire.js';
import type { TaskLedger } from '../tasks/task-ledger.js';
import { awaitCallInput, becomeTask, endAsAbandoned, endAsAnswered, endAsCallCancelled, endAsInterrupted, endAsOutcomeUnknown, endAsRefused, newCall } from '../tasks/task-rules.js';
import { CallTimeout } from './call-timeout.js';
import type { TaskWatcher } from '../tasks/task-watcher.js';

/** MRTR rounds answered for one call before it is abandoned (the SDKs cap at 10 too). */
export const MAX_INPUT_ROUNDS = 10;

/** What `callTool` came back with. */
export type CallToolOutcome =
  | { kind: 'task'; task: TrackedTask }
  /** Answered at once: `task` is the entry, ended (`answered` or `answered-with-error`), its result kept. */
  | { kind: 'result'; result: ToolResult; task: TrackedTask }
  /** MRTR: the call waits for answers to the inputs filed under `task` (phase `calling`). */
  | { kind: 'input_required'; task: TrackedTask };

/** What tool calls need from the engine. */
export interface ToolCallDeps {
  clock: Clock;
  logger: Logger;
  ledger: TaskLedger;
  inputs: InputRegistry;
  watcher: TaskWatcher;
  results: ResultKeeper;
  /** Why the last write failed, for the refusal of a call that could not be saved. */
  saveHealth: SaveHealth;
  /** The protocol of a connected server; throws when it is not connected. */
  requireProtocol(serverId: string): TaskProtocol;
  /** A call of the server answered (requests waiting for the task it created can be placed now). */
  onCallSettled(serverId: string): void;
}

/** A call whose request is on the wire. */
interface Live {
  timeout: CallTimeout;
  abort: AbortController;
  /** The user cancelled it: whatever the request comes back with is ignored. */
  cancelled: boolean;
}

/** An MRTR round under way (in memory only: a restart makes the call outcome-unknown). */
interface Round {
  /** 1 for the first `input_required` answer of a call. */
  number: number;
  inputRequests: Record<string, InputRequest>;
  requestState?: string;
  /** How many rounds in a row asked each key. */
  askedInARow: ReadonlyMap<string, number>;
}

/** Every tool call of every server. */
export class ToolCalls {
  private readonly rounds = new Map<string, Round>();
  /** The calls whose request is on the wire, by server, by local id. */
  private readonly onTheWire = new Map<string, Map<string, Live>>();

  constructor(private readonly deps: ToolCallDeps) {}

  /**
   * Calls a tool. Whether a task can come of it is decided first (`TaskProtocol.mayBecomeTask`;
   * the entry is `plain` when not) and the request says exactly that. A pending entry is written
   * to disk before the request goes out, so a crash in between shows "outcome unknown" (or
   * "interrupted") instead of losing or resending it. Rejects with `CallNotSavedError`, before
   * anything is sent, when that entry cannot be written; with `McpRequestError` when the server
   * refused the call (the entry then ends `refused`, keeping the error).
   */
  async call(serverId: string, toolName: string, args: Record<string, unknown>): Promise<CallToolOutcome> {
    const protocol = this.deps.requireProtocol(serverId);
    const plain = !(await protocol.mayBecomeTask(toolName));
    const entry = newCall({ localId: randomUUID(), serverId, form: protocol.form, toolName, arguments: args, ...(plain ? { plain } : {}) }, this.deps.clock.now());
    if (!(await this.deps.ledger.recordBeforeSend(entry))) {
      throw new CallNotSavedError(this.deps.saveHealth.problem ?? { reason: 'the task list could not be written', folder: 'the data folder' });
    }
    return this.send(protocol, entry, undefined);
  }

  /** Local ids of the server's calls whose request is on the wire now. */
  inFlight(serverId: string): readonly string[] {
    return [...(this.onTheWire.get(serverId)?.keys() ?? [])];
  }

  /** True while the request of the call `task` is on the wire (it is not a task yet). */
  isOnTheWire(task: Pick<TrackedTask, 'localId' | 'serverId'>): boolean {
    return this.onTheWire.get(task.serverId)?.has(task.localId) === true;
  }

  /** An accepted progress notification for the call `task`: its timeout starts over (calls/call-timeout.ts). */
  progressed(task: Pick<TrackedTask, 'localId' | 'serverId'>): void {
    this.onTheWire.get(task.serverId)?.get(task.localId)?.timeout.progressed();
  }

  /**
   * Cancels the call whose request is on the wire: the request is aborted (what that sends to the
   * server depends on the transport and protocol: `TaskProtocol.cancelWire`), the entry ends
   * `user-cancelled` saying so, and an answer arriving anyway is ignored.
   */
  async cancel(id: string): Promise<void> {
    const task = this.deps.ledger.call(id);
    const live = task === undefined ? undefined : this.onTheWire.get(task.serverId)?.get(id);
    if (task === undefined || live === undefined || live.cancelled) throw new Error('That call is not waiting for its answer.');
    live.cancelled = true;
    const wire = this.deps.requireProtocol(task.serverId).cancelWire;
    this.end(endAsCallCancelled(task, wire, this.deps.clock.now()));
    live.abort.abort('The user cancelled the call.');
    await this.deps.ledger.flush();
  }

  /** True while the call waits for the user's answers to an MRTR round. */
  isInRound(id: string): boolean {
    return this.rounds.has(id);
  }

  /** Sends the call again with the answers to its round (every question of the round is answered). */
  retry(id: string, answers: Record<string, unknown>): void {
    const round = this.rounds.get(id);
    const task = this.deps.ledger.call(id);
    if (round === undefined || task === undefined) return;
    this.rounds.delete(id);
    let protocol: TaskProtocol;
    try {
      protocol = this.deps.requireProtocol(task.serverId);
    } catch (error) {
      void this.failed(task, error);
      return;
    }
    void this.send(protocol, task, { round, answers }).catch((error: unknown) => {
      this.deps.logger.warn('retrying a call with answers failed', { error: errorText(error) });
    });
  }

  /** Gives up a call waiting in an MRTR round (`why` says how): it is never retried, and ends as failed. */
  async abandon(id: string, why: AbandonFact): Promise<void> {
    const task = this.deps.ledger.call(id);
    if (task === undefined || !this.rounds.has(id)) throw new Error('That call is not waiting for input.');
    this.end(endAsAbandoned(task, why, this.deps.clock.now()));
    await this.deps.ledger.flush();
  }

  /**
   * The engine stops: every call still on the wire ends now as a stop mid-call does (a plain one
   * `interrupted`, one that may have become a task `outcome-unknown`; never resent), before its
   * connection closes and fails it as if the server had gone.
   */
  stop(): void {
    const now = this.deps.clock.now();
    for (const wire of this.onTheWire.values()) {
      for (const [id, live] of wire) {
        const task = this.deps.ledger.call(id);
        if (live.cancelled || task === undefined) continue;
        live.cancelled = true;
        this.end(endAsInterrupted(task, now));
      }
    }
  }

  /**
   * Forgets a call's rounds (it ended or was removed). A removed call whose request is still on
   * the wire is aborted, so its answer cannot bring the entry back.
   */
  forget(id: string): void {
    this.rounds.delete(id);
    for (const wire of this.onTheWire.values()) {
      const live = wire.get(id);
      if (live === undefined || live.cancelled) continue;
      live.cancelled = true;
      live.abort.abort('The call was removed from the client\'s list.');
    }
  }

  /** Sends the call of the pending entry `sent` (a retry when `retry` carries answers). */
  private async send(protocol: TaskProtocol, sent: TrackedCall, retry: { round: Round; answers: Record<string, unknown> } | undefined): Promise<CallToolOutcome> {
    const number = (retry?.round.number ?? 0) + 1;
    if (retry !== undefined && retry.round.number > MAX_INPUT_ROUNDS) {
      const error = new McpRequestError(`The server kept asking for input after ${MAX_INPUT_ROUNDS} rounds; the call was abandoned.`, undefined, undefined, 'malformed');
      await this.failed(sent, error);
      throw error;
    }
    const owner = { serverId: sent.serverId, localId: sent.localId };
    const wire = this.onTheWire.get(sent.serverId) ?? new Map<string, Live>();
    this.onTheWire.set(sent.serverId, wire);
    const live: Live = {
      timeout: new CallTimeout(this.deps.clock, () => this.deps.inputs.ofOwner(owner).some((input) => input.held !== true)),
      abort: new AbortController(),
      cancelled: false,
    };
    wire.set(sent.localId, live);
    let outcome;
    try {
      outcome = await protocol.callTool(sent.toolName, sent.arguments, {
        ...(retry !== undefined ? { round: { inputResponses: retry.answers, ...(retry.round.requestState !== undefined ? { requestState: retry.round.requestState } : {}) } } : {}),
        asTask: sent.plain !== true,
        progressToken: sent.localId,
        timeout: live.timeout,
        signal: live.abort.signal,
      });
    } catch (error) {
      wire.delete(sent.localId);
      if (!live.cancelled) await this.failed(this.latest(sent), error);
      this.deps.onCallSettled(sent.serverId);
      throw error;
    }
    wire.delete(sent.localId);
    if (live.cancelled) {
      // The user cancelled it first: the entry says so, and this late answer is ignored.
      this.deps.onCallSettled(sent.serverId);
      throw new McpRequestError('The call was cancelled.', undefined, undefined, 'aborted');
    }
    // The entry as it is now: while the call was on the wire, a server question may have been
    // kept with it or answered; an outcome written on the copy sent would undo that.
    const task = this.latest(sent);
    const now = this.deps.clock.now();
    switch (outcome.kind) {
      case 'result': {
        this.deps.onCallSettled(task.serverId);
        const answered = await this.endAnswered(task, outcome.result);
        return { kind: 'result', result: outcome.result, task: answered };
      }
      case 'input_required': {
        this.deps.onCallSettled(task.serverId);
        const askedInARow = new Map(Object.keys(outcome.inputRequests).map((key) => [key, (retry?.round.askedInARow.get(key) ?? 0) + 1]));
        const round: Round = { number, inputRequests: outcome.inputRequests, askedInARow, ...(outcome.requestState !== undefined ? { requestState: outcome.requestState } : {}) };
        const waiting = this.deps.ledger.put(awaitCallInput(task, now));
        const asked: AskedInput[] = Object.entries(outcome.inputRequests).map(([key, request]) => {
          const times = askedInARow.get(key) ?? 1;
          return times > 1 ? { key, request, round: times } : { key, request };
        });
        // This round's questions replace the last round's (answered, held until now).
        this.deps.inputs.sync(owner, asked, now, 'abandon-call');
        // Only a requestState: the spec allows retrying at once.
        if (asked.length === 0) return this.send(protocol, waiting, { round, answers: {} });
        this.rounds.set(task.localId, round);
        return { kind: 'input_required', task: waiting };
      }
      case 'task': {
        // The task id is the one thing that cannot be recovered (no tasks/list): on disk at once.
        const tracked = await this.deps.ledger.putDurably(becomeTask(task, outcome.observation.snapshot.serverTaskId, protocol.taskSession(), now));
        this.deps.inputs.sync(owner, [], now, 'abandon-call');
        this.deps.onCallSettled(task.serverId);
        await this.deps.watcher.follow(tracked.localId, outcome.observation);
        return { kind: 'task', task: this.deps.ledger.get(tracked.localId) ?? tracked };
      }
    }
  }

  /** The entry as stored now; `entry` itself once it is no longer stored (removed meanwhile). */
  private latest(entry: TrackedCall): TrackedCall {
    return this.deps.ledger.call(entry.localId) ?? entry;
  }

  /** A call got its result directly (no task): stored like a task's. Resolves with the ended entry. */
  private async endAnswered(task: TrackedCall, result: ToolResult): Promise<TrackedTask> {
    await this.deps.results.put(task.localId, result);
    const ended = this.end(endAsAnswered(this.latest(task), result, this.deps.clock.now()));
    await this.deps.ledger.flush();
    return ended;
  }

  /** Ends an entry for good (a call answered, refused, abandoned or cancelled; no task exists). */
  private end(ended: TrackedTask): TrackedTask {
    this.rounds.delete(ended.localId);
    const stored = this.deps.ledger.put(ended);
    this.deps.watcher.finish(stored);
    return stored;
  }

  /** The call failed with `error`: refused (the entry keeps the error), or its outcome is unknown. */
  private async failed(task: TrackedCall, error: unknown): Promise<void> {
    const now = this.deps.clock.now();
    if (error instanceof McpRequestError && error.code !== undefined) {
      // No task exists; the entry keeps why (a caller, if any, gets the error too).
      this.end(endAsRefused(task, parseJsonRpcError({ code: error.code, message: error.message, data: error.data }), now));
    } else {
      // The request may have reached the server: we cannot know whether a task exists.
      const malformed = error instanceof McpRequestError && error.localFailure === 'malformed';
      this.end(endAsOutcomeUnknown(task, errorText(error), malformed, now));
    }
    await this.deps.ledger.flush();
  }
}
