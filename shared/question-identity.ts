/** What tells one asking of a question from another, for the terminal client and the renderer alike. */
import type { PendingInput } from './task-model.js';

/**
 * Which asking of a question `input` is: its owner and key, which time the server asked that key
 * (`round`), and when it was filed. A key asked again (a new MRTR round, a task re-listing an
 * answered key) is a new question, even within the same millisecond; a held or restored answer
 * keeps its question's identity. JSON keeps the parts apart whatever characters they hold.
 */
export function questionIdentity(input: Pick<PendingInput, 'localId' | 'serverId' | 'key' | 'round' | 'receivedAt'>): string {
  return JSON.stringify([input.localId ?? null, input.serverId, input.key, input.round ?? 1, input.receivedAt]);
}
