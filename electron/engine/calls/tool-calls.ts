/**
 * Tool calls: the pending entry on disk before a `tools/call` goes out (a crash in between is
 * "outcome unknown", never a resend), the call's three outcomes (a task, a direct result, a
 * request for input first — MRTR), its rounds of input, and how a call that never became a task
 * ends.
 */
import { randomUUID } from 'node:crypto';
import type { InputRequest, TrackedTask, ToolResult } from '../../../shared/task-model.js';
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
import { awaitCallInput, becomeTask, endAsAbandoned, endAsAnswered, endAsOutcomeUnknown, endAsRefused, newCall } from '../tasks/task-rules.js';
import type { TaskWatcher } from '../tasks/task-watcher.js';

/** MRTR rounds answered for one call before it is abandoned (the SDKs cap at 10 too). */
export const MAX_INPUT_ROUNDS = 10;

/** What `callTool` came back with. */
export type CallToolOutcome =
  | { kind: 'task'; task: TrackedTask }
  | { kind: 'result'; result: ToolResult }
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
  /** Lets go of an entry that is gone without ending (answered at once, or refused at once). */
  onDiscarded(task: TrackedTask): void;
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
  /** Local ids of the calls whose request is on the wire, by server. */
  private readonly onTheWire = new Map<string, Set<string>>();

  constructor(private readonly deps: ToolCallDeps) {}

  /**
   * Calls a tool that may become a task. A pending entry is written to disk before the request
   * goes out, so a crash in between shows "outcome unknown" instead of losing or resending it.
   * Rejects with `CallNotSavedError`, before anything is sent, when that entry cannot be written;
   * with `McpRequestError` when the server refused the call (nothing is tracked then).
   */
  async call(serverId: string, toolName: string, args: Record<string, unknown>): Promise<CallToolOutcome> {
    const protocol = this.deps.requireProtocol(serverId);
    const entry = newCall({ id: randomUUID(), serverId, form: protocol.form, toolName, arguments: args }, this.deps.clock.now());
    if (!(await this.deps.ledger.recordBeforeSend(entry))) {
      throw new CallNotSavedError(this.deps.saveHealth.problem ?? { reason: 'the task list could not be written', folder: 'the data folder' });
    }
    return this.send(protocol, entry, undefined, false);
  }

  /** Local ids of the server's calls whose request is on the wire now. */
  inFlight(serverId: string): readonly string[] {
    return [...(this.onTheWire.get(serverId) ?? [])];
  }

  /** True while the call waits for the user's answers to an MRTR round. */
  isInRound(id: string): boolean {
    return this.rounds.has(id);
  }

  /** Sends the call again with the answers to its round (every question of the round is answered). */
  retry(id: string, answers: Record<string, unknown>): void {
    const round = this.rounds.get(id);
    const task = this.deps.ledger.get(id);
    if (round === undefined || task === undefined) return;
    this.rounds.delete(id);
    let protocol: TaskProtocol;
    try {
      protocol = this.deps.requireProtocol(task.serverId);
    } catch (error) {
      void this.failed(task, error, true);
      return;
    }
    void this.send(protocol, task, { round, answers }, true).catch((error: unknown) => {
      this.deps.logger.warn('retrying a call with answers failed', { error: errorText(error) });
    });
  }

  /** Gives up a call waiting in an MRTR round (`message` says why): it is never retried, and ends as failed. */
  async abandon(id: string, message: string): Promise<void> {
    const task = this.deps.ledger.get(id);
    if (task === undefined || !this.rounds.has(id)) throw new Error('That call is not waiting for input.');
    this.end(endAsAbandoned(task, message, this.deps.clock.now()));
    await this.deps.ledger.flush();
  }

  /** Forgets a call's rounds (it was removed). */
  forget(id: string): void {
    this.rounds.delete(id);
  }

  /**
   * Sends the call of the pending entry `task` (a retry when `retry` carries answers).
   * `detached`: nobody awaits the outcome any more — a retry after the user answered, whose
   * `tools:call` returned `input_required` long ago — so a direct result or a refusal stays on
   * the entry as how the call ended instead of going back to a caller.
   */
  private async send(protocol: TaskProtocol, sent: TrackedTask, retry: { round: Round; answers: Record<string, unknown> } | undefined, detached: boolean): Promise<CallToolOutcome> {
    const number = (retry?.round.number ?? 0) + 1;
    if (retry !== undefined && retry.round.number > MAX_INPUT_ROUNDS) {
      const error = new McpRequestError(`The server kept asking for input after ${MAX_INPUT_ROUNDS} rounds; the call was abandoned.`, undefined, undefined, 'malformed');
      await this.failed(sent, error, detached);
      throw error;
    }
    const owner = { serverId: sent.serverId, taskId: sent.id };
    const wire = this.onTheWire.get(sent.serverId) ?? new Set<string>();
    this.onTheWire.set(sent.serverId, wire);
    wire.add(sent.id);
    let outcome;
    try {
      outcome = await protocol.callTool(sent.toolName, sent.arguments, {
        ...(retry !== undefined ? { round: { inputResponses: retry.answers, ...(retry.round.requestState !== undefined ? { requestState: retry.round.requestState } : {}) } } : {}),
        isWaitingOnUser: () => this.deps.inputs.ofOwner(owner).some((input) => input.held !== true),
      });
    } catch (error) {
      wire.delete(sent.id);
      await this.failed(this.latest(sent), error, detached);
      this.deps.onCallSettled(sent.serverId);
      throw error;
    }
    wire.delete(sent.id);
    // The entry as it is now: while the call was on the wire, a server question may have been
    // kept with it or answered; an outcome written on the copy sent would undo that.
    const task = this.latest(sent);
    const now = this.deps.clock.now();
    switch (outcome.kind) {
      case 'result':
        this.deps.onCallSettled(task.serverId);
        if (detached) {
          await this.endAnswered(task, outcome.result);
        } else {
          // An immediate answer: nothing to monitor.
          this.discard(task);
        }
        return { kind: 'result', result: outcome.result };
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
        if (asked.length === 0) return this.send(protocol, waiting, { round, answers: {} }, detached);
        this.rounds.set(task.id, round);
        return { kind: 'input_required', task: waiting };
      }
      case 'task': {
        // The task id is the one thing that cannot be recovered (no tasks/list): on disk at once.
        const tracked = await this.deps.ledger.putDurably(becomeTask(task, outcome.observation.snapshot.taskId, protocol.taskSession(), now));
        this.deps.inputs.sync(owner, [], now, 'abandon-call');
        this.deps.onCallSettled(task.serverId);
        await this.deps.watcher.follow(tracked.id, outcome.observation);
        return { kind: 'task', task: this.deps.ledger.get(tracked.id) ?? tracked };
      }
    }
  }

  /** The entry as stored now; `entry` itself once it is no longer stored (removed meanwhile). */
  private latest(entry: TrackedTask): TrackedTask {
    return this.deps.ledger.get(entry.id) ?? entry;
  }

  /** A retry the user answered for got its result directly (no task): stored like a task's. */
  private async endAnswered(task: TrackedTask, result: ToolResult): Promise<void> {
    await this.deps.results.put(task.id, result);
    this.end(endAsAnswered(this.latest(task), result['isError'] === true, this.deps.clock.now()));
    await this.deps.ledger.flush();
  }

  /** Ends an entry for good (a call answered, refused or abandoned; no task exists). */
  private end(ended: TrackedTask): void {
    this.rounds.delete(ended.id);
    this.deps.watcher.finish(this.deps.ledger.put(ended));
  }

  private discard(task: TrackedTask): void {
    this.rounds.delete(task.id);
    this.deps.ledger.remove(task.id);
    this.deps.onDiscarded(task);
  }

  /** See `send` for `detached`. */
  private async failed(task: TrackedTask, error: unknown, detached: boolean): Promise<void> {
    const now = this.deps.clock.now();
    if (error instanceof McpRequestError && error.code !== undefined) {
      if (!detached) {
        // The server refused the call: no task exists, nothing to track (the caller gets the error).
        this.discard(task);
        return;
      }
      // Refused after the user answered: nobody else would see why, so the entry keeps it.
      this.end(endAsRefused(task, parseJsonRpcError({ code: error.code, message: error.message, data: error.data }), now));
    } else {
      // The request may have reached the server: we cannot know whether a task exists.
      const malformed = error instanceof McpRequestError && error.localFailure === 'malformed';
      this.end(endAsOutcomeUnknown(task, errorText(error), malformed, now));
    }
    await this.deps.ledger.flush();
  }
}
