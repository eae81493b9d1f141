/**
 * How the renderer reads the questions servers wait on: which can be answered now (the count the
 * navigation shows), one group per task (its card), and a one-line text of each question for
 * where its form does not show (queued, or already answered and held).
 */
import type { PendingInputView } from '../../shared/ipc/contract';

/**
 * True when the user can answer `input` now: not queued behind its server's open questions and
 * not answered already (a held answer waits only for the task's other questions).
 */
export function isAnswerableNow(input: PendingInputView): boolean {
  return !input.held && input.queuePlace === undefined;
}

/** How many questions can be answered now: the number the navigation's badge shows. */
export function countAnswerableNow(inputs: readonly PendingInputView[]): number {
  return inputs.filter(isAnswerableNow).length;
}

/** The questions of one task (or, for questions tied to no call, of one server), oldest first. */
export interface QuestionGroup {
  /** Stable identity of the group (a React key). */
  id: string;
  /** The task's local id; absent for the questions a server asked outside any call. */
  localId?: string;
  serverId: string;
  inputs: PendingInputView[];
}

/**
 * Groups `inputs` by task, so each task is one card holding all its questions; the questions a
 * server asked outside any call form one group per server. Groups come oldest question first.
 */
export function groupByTask(inputs: readonly PendingInputView[]): QuestionGroup[] {
  const groups = new Map<string, QuestionGroup>();
  for (const input of [...inputs].sort((a, b) => a.receivedAt - b.receivedAt)) {
    // JSON keeps a task id and a server id apart whatever characters either holds.
    const id = JSON.stringify(input.localId !== undefined ? ['task', input.localId] : ['server', input.serverId]);
    const group = groups.get(id) ?? { id, ...(input.localId !== undefined ? { localId: input.localId } : {}), serverId: input.serverId, inputs: [] };
    group.inputs.push(input);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/**
 * What a question asks, as one text (untrusted server text for the kinds that carry a message):
 * shown where its form is not (queued, held), so no question hides behind its state.
 */
export function questionText(input: PendingInputView): string {
  switch (input.kind) {
    case 'roots':
      return 'Which folders on this computer may it work with (roots)?';
    case 'sampling':
      return 'It asks you to write the reply of its model (sampling).';
    case 'unsupported':
      return input.message !== undefined && input.message !== '' ? input.message : input.description;
    default:
      return input.message !== '' ? input.message : 'It asks for information (no message given).';
  }
}

/**
 * True when a question of task `taskId` waits for the user (answerable now or queued; a held one
 * no longer does): the `waitsForInput` of `classifyTask`, so a call that asks first never reads
 * as still starting.
 */
export function waitsForInput(inputs: readonly PendingInputView[], taskId: string): boolean {
  return inputs.some((input) => input.localId === taskId && !input.held);
}
