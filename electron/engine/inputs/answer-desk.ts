/**
 * The user's answers on their way to servers, by the path each question came by:
 * - a server-to-client request: answered (or refused) on its own, at once;
 * - a task's own `inputRequests`, and an MRTR round of a call: one answer set per owner — an
 *   answer is held while the owner has other unanswered questions, and all go together in one
 *   `tasks/update` (which some servers need) or one retry of the call.
 * A key is remembered as answered only once the server took the answer, so a failed send can be
 * tried again and a delivered one is never sent twice; a key the server lists again well after
 * that is asked again, as a new round (input-rules.ts).
 */
import { answerActionOf, type AnswerAction } from '../../../shared/elicitation/elicit-result.js';
import type { PendingInput, TrackedTask } from '../../../shared/task-model.js';
import type { AnswerFact, AnswerWay } from '../../../shared/timeline-facts.js';
import type { ToolCalls } from '../calls/tool-calls.js';
import { errorText } from '../error-text.js';
import type { Clock } from '../ports.js';
import type { TaskProtocol } from '../protocols/task-protocol.js';
import type { TaskLedger } from '../tasks/task-ledger.js';
import { recordAnswer, withProblem } from '../tasks/task-rules.js';
import type { TaskWatcher } from '../tasks/task-watcher.js';
import type { InputOwner, InputRegistry } from './input-registry.js';
import { outstandingInputs } from './input-rules.js';
import type { ServerRequests } from './server-requests.js';

const NO_TIMES: ReadonlyMap<string, number> = new Map();
const NO_KEYS: ReadonlySet<string> = new Set();

/** JSON-RPC code of a refused request, as the spec's sampling example answers "User rejected sampling request". */
const DECLINED_CODE = -1;

/**
 * Whose question: a task's or call's local id, or `{serverId}` for a question a server asked
 * outside any call the app could tie it to.
 */
export type InputOwnerRef = string | { serverId: string };

/** What the desk needs from the engine. */
export interface AnswerDeskDeps {
  clock: Clock;
  ledger: TaskLedger;
  inputs: InputRegistry;
  watcher: TaskWatcher;
  calls: ToolCalls;
  requests: ServerRequests;
  /** The protocol of a connected server; throws when it is not connected. */
  requireProtocol(serverId: string): TaskProtocol;
}

/** Sends the user's answers. */
export class AnswerDesk {
  /** Keys of each task whose answers are on their way: a read the server served before it applied them still lists them. */
  private readonly inFlight = new Map<string, Set<string>>();
  /** Monotonic ms each key's latest answer was delivered, by task (in memory; see input-rules.ts). */
  private readonly deliveredAt = new Map<string, Map<string, number>>();

  constructor(private readonly deps: AnswerDeskDeps) {}

  /**
   * Answers one pending question (an elicitation, sampling or roots answer as the wire expects it).
   * Rejects when the question is not pending, already answered (held), or the answer did not reach
   * the server (the question is then answerable again).
   */
  async answer(ref: InputOwnerRef, key: string, response: Record<string, unknown>): Promise<void> {
    const { owner, task, input } = this.pending(ref, key);
    if (input.held === true) throw new Error('That question is already answered; the answer is sent with the other answers to it.');
    this.deps.requireProtocol(owner.serverId);
    switch (input.declineEffect) {
      case 'abandon-call':
        this.deps.inputs.hold(owner, key, response);
        if (task !== undefined && this.allHeld(owner, 'abandon-call')) this.deps.calls.retry(task.localId, this.deps.inputs.heldAnswers(owner));
        return;
      case 'cancel-task':
        if (task === undefined) throw new Error('The task is gone.');
        if (!this.allHeld(owner, 'cancel-task', key)) {
          this.deps.inputs.hold(owner, key, response);
          return;
        }
        await this.sendTaskAnswers(task, { ...this.deps.inputs.heldAnswers(owner), [key]: response });
        return;
      default:
        await this.deliver(owner, task, input, { result: response }, describeAnswer(response));
    }
  }

  /**
   * Declines a question that has no refusal in its own answer shape (a sampling request); what
   * that does depends on the path it came by (its `declineEffect`):
   * - `refuse` (a server-to-client request): it is answered with the JSON-RPC error `-1` "User
   *   rejected sampling request" (the spec's example); the task or call goes on, the server decides.
   * - `cancel-task` (a task's `inputRequests`): that wire has no way to refuse one, so the task is
   *   cancelled with `tasks/cancel`; the question is gone only once the server took the cancel.
   * - `abandon-call` (an MRTR round): the call is not retried; it ends here as failed.
   */
  async decline(ref: InputOwnerRef, key: string): Promise<void> {
    const { owner, task, input } = this.pending(ref, key);
    this.deps.requireProtocol(owner.serverId);
    const what = input.request.method === 'sampling/createMessage' ? 'sampling request' : `${input.request.method.slice(0, 60)} request`;
    switch (input.declineEffect) {
      case 'cancel-task':
        if (task === undefined) throw new Error('The task is gone.');
        await this.deps.watcher.cancel(task.localId, { kind: 'cancelled-to-decline', request: what });
        this.handled(owner, key);
        return;
      case 'abandon-call':
        if (task === undefined) throw new Error('The call is gone.');
        await this.deps.calls.abandon(task.localId, { kind: 'call-abandoned-on-decline', request: what });
        return;
      default:
        await this.deliver(owner, task, input, { error: { code: DECLINED_CODE, message: `User rejected ${what}` } }, { kind: 'input-refused', request: what });
    }
  }

  /**
   * Files the questions a read of `task` lists (its `inputRequests`), minus those answered, and
   * sends held answers once nothing else is outstanding (the server withdrew the question they
   * waited for). `readAt`: monotonic ms the read was sent.
   */
  syncTaskInputs(task: TrackedTask, readAt: number): void {
    const requests = task.snapshot?.inputRequests;
    // The hot path of every poll: a task that asks nothing, with nothing pending anywhere.
    if (requests === undefined && this.deps.inputs.size === 0) return;
    const owner = { serverId: task.serverId, localId: task.localId };
    const asked = outstandingInputs(requests ?? {}, {
      answeredKeys: task.answeredInputKeys,
      deliveredAt: this.deliveredAt.get(task.localId) ?? NO_TIMES,
      inFlight: this.inFlight.get(task.localId) ?? NO_KEYS,
    }, readAt);
    this.deps.inputs.sync(owner, asked, this.deps.clock.now(), 'cancel-task');
    const pending = this.deps.inputs.ofOwner(owner).filter((input) => input.declineEffect === 'cancel-task');
    if (pending.length === 0 || pending.some((input) => input.held !== true)) return;
    this.sendTaskAnswers(task, this.deps.inputs.heldAnswers(owner)).catch((error: unknown) => {
      const current = this.deps.ledger.get(task.localId);
      if (current !== undefined) this.deps.ledger.put(withProblem(current, { kind: 'answers-not-sent', detail: errorText(error) }));
    });
  }

  /** Forgets a task's answer state (it ended or was removed). */
  forget(id: string): void {
    this.inFlight.delete(id);
    this.deliveredAt.delete(id);
  }

  private pending(ref: InputOwnerRef, key: string): { owner: InputOwner; task: TrackedTask | undefined; input: PendingInput } {
    const task = typeof ref === 'string' ? this.deps.ledger.get(ref) : undefined;
    if (typeof ref === 'string' && task === undefined) throw new Error('No such task.');
    const owner: InputOwner = task !== undefined ? { serverId: task.serverId, localId: task.localId } : { serverId: (ref as { serverId: string }).serverId };
    const input = this.deps.inputs.get(owner, key);
    if (input === undefined) throw new Error('That question is no longer pending.');
    return { owner, task, input };
  }

  /** True when every question of the owner on this path is held (`except` aside). */
  private allHeld(owner: InputOwner, path: PendingInput['declineEffect'], except?: string): boolean {
    return this.deps.inputs.ofOwner(owner).every((input) => input.declineEffect !== path || input.key === except || input.held === true);
  }

  /** Delivers an answer or a refusal to a server-to-client request; asked again when it did not arrive. */
  private async deliver(owner: InputOwner, task: TrackedTask | undefined, input: PendingInput, answer: { result: Record<string, unknown> } | { error: { code: number; message: string } }, fact: AnswerFact): Promise<void> {
    // Off the list while it is sent, so it cannot be answered twice.
    this.deps.inputs.remove(owner, input.key);
    try {
      await this.deps.requests.deliver(owner.serverId, input.key, answer);
    } catch (error) {
      // The server still waits for it (it was unreachable for a while, or the request was kept across a restart).
      if (this.deps.requests.isWaiting(owner.serverId, input.key)) this.deps.inputs.restore([input]);
      throw error;
    }
    if (task === undefined) return;
    this.handled(owner, input.key, fact);
    if (task.serverTaskId !== undefined) this.deps.watcher.pollSoon(task.localId);
  }

  /**
   * Sends answers to a task's own questions in one `tasks/update`. They leave the list while the
   * send is in flight; when it fails they are answerable again (not held) and the error is thrown.
   */
  private async sendTaskAnswers(task: TrackedTask, responses: Record<string, Record<string, unknown>>): Promise<void> {
    const owner = { serverId: task.serverId, localId: task.localId };
    if (task.serverTaskId === undefined) throw new Error('The task has no server id yet.');
    const sent = Object.keys(responses).flatMap((key) => this.deps.inputs.get(owner, key) ?? []);
    for (const input of sent) this.deps.inputs.remove(owner, input.key);
    const inFlight = this.inFlight.get(task.localId) ?? new Set<string>();
    this.inFlight.set(task.localId, inFlight);
    const keys = Object.keys(responses);
    for (const key of keys) inFlight.add(key);
    const settle = (): void => {
      for (const key of keys) inFlight.delete(key);
      if (inFlight.size === 0 && this.inFlight.get(task.localId) === inFlight) this.inFlight.delete(task.localId);
    };
    try {
      await this.deps.requireProtocol(task.serverId).answerInputs(task.serverTaskId, responses);
    } catch (error) {
      settle();
      // Answerable again; a poll soon shows whether the server still asks them.
      this.deps.inputs.restore(sent);
      this.deps.watcher.pollSoon(task.localId);
      throw error;
    }
    const deliveredAt = this.deliveredAt.get(task.localId) ?? new Map<string, number>();
    this.deliveredAt.set(task.localId, deliveredAt);
    const now = this.deps.clock.monotonic();
    for (const [key, response] of Object.entries(responses)) {
      deliveredAt.set(key, now);
      this.handled(owner, key, describeAnswer(response));
    }
    // Only now: the keys are in `answeredInputKeys`, so a late read cannot ask them again.
    settle();
    this.deps.watcher.pollSoon(task.localId);
  }

  /** Drops a handled question and counts its key as answered, so a read does not ask it again. */
  private handled(owner: InputOwner, key: string, fact?: AnswerFact): void {
    this.deps.inputs.remove(owner, key);
    const current = owner.localId === undefined ? undefined : this.deps.ledger.get(owner.localId);
    if (current !== undefined) this.deps.ledger.put(recordAnswer(current, key, this.deps.clock.now(), fact));
  }
}

/** How the timeline records each action of a form. */
const ANSWER_WAY_OF: Record<AnswerAction, AnswerWay> = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' };

/**
 * What the user did, for the timeline: the action of a form (a decline or cancel reads as what it
 * was, never as an answer), never the values typed into it, which may be secrets.
 */
function describeAnswer(response: Record<string, unknown>): AnswerFact {
  if (response.role === 'assistant') return { kind: 'input-answered', how: 'replied' };
  // A roots list has no action.
  if (response.action === undefined) return { kind: 'input-answered', how: 'answered' };
  return { kind: 'input-answered', how: ANSWER_WAY_OF[answerActionOf(response)] };
}
