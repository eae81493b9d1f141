/**
 * Pending input requests of every task, call and server in one shape `PendingInput`, whichever
 * path they came by: a task's `inputRequests` (de-duplicated by key), an MRTR round of a tool
 * call, or a server-to-client request held until the user answers it.
 */
import { answerActionOf } from '../../../shared/elicitation/elicit-result.js';
import type { DeclineEffect, InputRequest, PendingInput } from '../../../shared/task-model.js';

/** Whom a question belongs to: a task or call (by local id), or only a server. */
export interface InputOwner {
  serverId: string;
  /** Local id of the task or call; absent for a question tied to no call. */
  localId?: string;
}

/** One question as a path reports it: its key, what it asks, and (asked again) its round. */
export interface AskedInput {
  key: string;
  request: InputRequest;
  round?: number;
}

/** The set of questions waiting for the user. */
export class InputRegistry {
  private readonly inputs = new Map<string, PendingInput>();
  /** Answers held back until the owner's other questions are answered too (by input id; see `hold`). */
  private readonly heldResponses = new Map<string, Record<string, unknown>>();

  constructor(private readonly onChange: () => void) {}

  /** How many inputs are pending (held ones included). */
  get size(): number {
    return this.inputs.size;
  }

  /** Every pending input, oldest first. */
  all(): PendingInput[] {
    return [...this.inputs.values()].sort((a, b) => a.receivedAt - b.receivedAt);
  }

  get(owner: InputOwner, key: string): PendingInput | undefined {
    return this.inputs.get(inputId(owner, key));
  }

  /** Adds one request unless that key is already pending for its owner (a repeat is not a new question). */
  add(input: PendingInput): void {
    const id = inputId(input, input.key);
    if (this.inputs.has(id)) return;
    this.inputs.set(id, input);
    this.onChange();
  }

  /**
   * Makes the owner's pending inputs of one path exactly `asked` (a task's `inputRequests` or an
   * MRTR round lists every outstanding question each time); `declineEffect` names the path (what
   * declining does on it), and the owner's questions of other paths are left alone. A key already
   * pending in the same round keeps its first-arrival time (and a held answer); a key asked in a
   * new round is a new question.
   */
  sync(owner: Required<InputOwner>, asked: readonly AskedInput[], now: number, declineEffect: DeclineEffect): void {
    let changed = false;
    const wanted = new Map(asked.map((entry) => [entry.key, entry]));
    for (const [id, input] of this.inputs) {
      if (!sameOwner(input, owner) || input.declineEffect !== declineEffect) continue;
      const entry = wanted.get(input.key);
      if (entry === undefined || entry.round !== input.round) {
        this.delete(id);
        changed = true;
      }
    }
    for (const entry of asked) {
      const id = inputId(owner, entry.key);
      if (this.inputs.has(id)) continue;
      this.inputs.set(id, {
        localId: owner.localId,
        serverId: owner.serverId,
        key: entry.key,
        request: entry.request,
        receivedAt: now,
        declineEffect,
        ...(entry.round !== undefined ? { round: entry.round } : {}),
      });
      changed = true;
    }
    if (changed) this.onChange();
  }

  remove(owner: InputOwner, key: string): void {
    if (this.delete(inputId(owner, key))) this.onChange();
  }

  /** The owner's pending inputs, held ones included. */
  ofOwner(owner: InputOwner): PendingInput[] {
    return [...this.inputs.values()].filter((input) => sameOwner(input, owner));
  }

  /**
   * Keeps `response` as the answer to a pending input without sending it: the input stays
   * pending, marked `held`, until the owner's other questions are answered and all go together
   * (one `tasks/update`, or one MRTR retry). Withdrawing or removing the input drops the answer.
   */
  hold(owner: InputOwner, key: string, response: Record<string, unknown>): void {
    const id = inputId(owner, key);
    const input = this.inputs.get(id);
    if (input === undefined) return;
    this.inputs.set(id, { ...input, held: true, heldAction: answerActionOf(response) });
    this.heldResponses.set(id, response);
    this.onChange();
  }

  /** The held answers of an owner, by key. */
  heldAnswers(owner: InputOwner): Record<string, Record<string, unknown>> {
    const answers: Record<string, Record<string, unknown>> = {};
    for (const input of this.ofOwner(owner)) {
      const response = this.heldResponses.get(inputId(owner, input.key));
      if (response !== undefined) answers[input.key] = response;
    }
    return answers;
  }

  /** Files `inputs` again as answerable (not held), unless their keys are pending already (a send failed). */
  restore(inputs: readonly PendingInput[]): void {
    let changed = false;
    for (const { held: _held, heldAction: _heldAction, ...input } of inputs) {
      const id = inputId(input, input.key);
      if (this.inputs.has(id)) continue;
      this.inputs.set(id, input);
      changed = true;
    }
    if (changed) this.onChange();
  }

  /** Drops every pending input of an owner (its task or call ended, or was removed). */
  clearOwner(owner: InputOwner): void {
    let changed = false;
    for (const [id, input] of this.inputs) {
      if (sameOwner(input, owner)) {
        this.delete(id);
        changed = true;
      }
    }
    if (changed) this.onChange();
  }

  /** Drops one input and any answer held for it; true when it was pending. */
  private delete(id: string): boolean {
    this.heldResponses.delete(id);
    return this.inputs.delete(id);
  }
}

function sameOwner(input: InputOwner, owner: InputOwner): boolean {
  return input.localId === owner.localId && (owner.localId !== undefined || input.serverId === owner.serverId);
}

/** A task's or call's questions are filed under its local id; a server's own under the server. */
function inputId(owner: InputOwner, key: string): string {
  return owner.localId !== undefined ? `t\u0000${owner.localId}\u0000${key}` : `s\u0000${owner.serverId}\u0000${key}`;
}
