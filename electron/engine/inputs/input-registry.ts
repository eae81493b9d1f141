/**
 * Pending input requests of every task in one shape `{taskId, key, request}`, whichever form
 * they came from: the extension's `inputRequests` (de-duplicated by key, PROTOCOL.md §3.6.2)
 * or a 2025-11-25 server request held open on a `tasks/result` stream.
 */
import type { DeclineEffect, InputRequest, PendingInput } from '../../../shared/task-model.js';

/** The set of questions waiting for the user. */
export class InputRegistry {
  private readonly inputs = new Map<string, PendingInput>();
  /** Answers held back until the task's other questions are answered too (by input id; see `hold`). */
  private readonly heldResponses = new Map<string, Record<string, unknown>>();

  constructor(private readonly onChange: () => void) {}

  /** Every pending input, oldest first. */
  all(): PendingInput[] {
    return [...this.inputs.values()].sort((a, b) => a.receivedAt - b.receivedAt);
  }

  get(taskId: string, key: string): PendingInput | undefined {
    return this.inputs.get(inputKey(taskId, key));
  }

  /** Adds one request unless that key is already pending (a repeat poll is not a new question). */
  add(input: PendingInput): void {
    const id = inputKey(input.taskId, input.key);
    if (this.inputs.has(id)) return;
    this.inputs.set(id, input);
    this.onChange();
  }

  /**
   * Makes the task's pending inputs exactly `requests` minus `answered` keys (the extension
   * reports all outstanding requests on every read); keeps first-arrival times of known keys.
   * New inputs are filed with `declineEffect` (what declining them does on this task's path).
   */
  syncTask(task: { id: string; serverId: string }, requests: Record<string, InputRequest>, answered: readonly string[], now: number, declineEffect: DeclineEffect): void {
    let changed = false;
    const wanted = new Set(Object.keys(requests).filter((key) => !answered.includes(key)));
    for (const [id, input] of this.inputs) {
      if (input.taskId === task.id && !wanted.has(input.key)) {
        this.delete(id);
        changed = true;
      }
    }
    for (const key of wanted) {
      const id = inputKey(task.id, key);
      if (this.inputs.has(id)) continue;
      this.inputs.set(id, { taskId: task.id, serverId: task.serverId, key, request: requests[key]!, receivedAt: now, declineEffect });
      changed = true;
    }
    if (changed) this.onChange();
  }

  remove(taskId: string, key: string): void {
    if (this.delete(inputKey(taskId, key))) this.onChange();
  }

  /** The task's pending inputs, held ones included. */
  ofTask(taskId: string): PendingInput[] {
    return [...this.inputs.values()].filter((input) => input.taskId === taskId);
  }

  /**
   * Keeps `response` as the answer to a pending input without sending it: the input stays
   * pending, marked `held`, until the task's other questions are answered and all go in one
   * `tasks/update` (PROTOCOL.md §3.6.3). Withdrawing or removing the input drops the answer.
   */
  hold(taskId: string, key: string, response: Record<string, unknown>): void {
    const id = inputKey(taskId, key);
    const input = this.inputs.get(id);
    if (input === undefined) return;
    this.inputs.set(id, { ...input, held: true });
    this.heldResponses.set(id, response);
    this.onChange();
  }

  /** The held answers of a task, by key. */
  heldAnswers(taskId: string): Record<string, Record<string, unknown>> {
    const answers: Record<string, Record<string, unknown>> = {};
    for (const input of this.ofTask(taskId)) {
      const response = this.heldResponses.get(inputKey(taskId, input.key));
      if (response !== undefined) answers[input.key] = response;
    }
    return answers;
  }

  /** Files `inputs` again as answerable (not held), unless their keys are pending already (a send failed). */
  restore(inputs: readonly PendingInput[]): void {
    let changed = false;
    for (const { held: _held, ...input } of inputs) {
      const id = inputKey(input.taskId, input.key);
      if (this.inputs.has(id)) continue;
      this.inputs.set(id, input);
      changed = true;
    }
    if (changed) this.onChange();
  }

  /** Drops every pending input of a task (it ended or was removed). */
  clearTask(taskId: string): void {
    let changed = false;
    for (const [id, input] of this.inputs) {
      if (input.taskId === taskId) {
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

function inputKey(taskId: string, key: string): string {
  return `${taskId}\u0000${key}`;
}
