/**
 * Which of a task's listed questions are still the user's to answer: pure, table-tested. A key
 * answered once is not asked again by a read the server may have served before it applied the
 * answer (`tasks/update` is eventually consistent); a key listed again well after its answer was
 * delivered is the server asking again (a loop, or a question whose answer it did not take) and
 * is shown as a new question with its round.
 */
import type { InputRequest } from '../../../shared/task-model.js';
import type { AskedInput } from './input-registry.js';

/**
 * How long after an answer was delivered a read may still list its key without that meaning the
 * server asked again: the spec lets the next `tasks/get` still show the old state.
 */
export const REASK_GRACE_MS = 2_000;

/** What is known of a task's earlier answers. */
export interface AnswerHistory {
  /** Every key the user answered, once per answer delivered (persisted: the count is the round). */
  answeredKeys: readonly string[];
  /** Monotonic ms each key's latest answer was delivered, where known (not across a restart). */
  deliveredAt: ReadonlyMap<string, number>;
  /** Keys whose answers are on their way right now. */
  inFlight: ReadonlySet<string>;
}

/**
 * The questions among `requests` (a read's `inputRequests`) the user is to answer. `readAt` is the
 * monotonic ms the read was sent (or a push arrived). A key never answered is asked; a key in
 * flight is not; an answered key is asked again (round = answers + 1) only by a read sent at
 * least `REASK_GRACE_MS` after its latest answer was delivered (always, when that time is
 * unknown: the answer was given before a restart).
 */
export function outstandingInputs(requests: Readonly<Record<string, InputRequest>>, history: AnswerHistory, readAt: number): AskedInput[] {
  const asked: AskedInput[] = [];
  for (const [key, request] of Object.entries(requests)) {
    if (history.inFlight.has(key)) continue;
    const answers = countOf(history.answeredKeys, key);
    if (answers === 0) {
      asked.push({ key, request });
      continue;
    }
    const deliveredAt = history.deliveredAt.get(key);
    if (deliveredAt !== undefined && readAt - deliveredAt < REASK_GRACE_MS) continue;
    asked.push({ key, request, round: answers + 1 });
  }
  return asked;
}

function countOf(keys: readonly string[], key: string): number {
  let count = 0;
  for (const each of keys) if (each === key) count += 1;
  return count;
}
