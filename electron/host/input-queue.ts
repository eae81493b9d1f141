/**
 * The per-server flood limit on questions (issue: "a server cannot flood the user"): at most
 * `MAX_OPEN_INPUTS_PER_SERVER` (shared/ipc/contract.ts) questions of one server are open at a time, oldest first; later
 * ones wait in line, shown as queued, and cannot be answered until an earlier one is.
 */
import { MAX_OPEN_INPUTS_PER_SERVER } from '../../shared/ipc/contract.js';
import type { PendingInput } from '../../shared/task-model.js';

/**
 * Each queued input's place in its server's line (1 = opens next); open inputs are absent.
 * Oldest first by arrival; inputs that arrived at the same moment keep the engine's order.
 * A held input (answered; its answer waits to go out with the task's other answers) takes no
 * place: the user is done with it.
 */
export function queuePlaces(inputs: readonly PendingInput[]): Map<PendingInput, number> {
  const places = new Map<PendingInput, number>();
  const openOrQueued = new Map<string, number>();
  const waiting = inputs.filter((input) => input.held !== true).sort((a, b) => a.receivedAt - b.receivedAt);
  for (const input of waiting) {
    const seen = openOrQueued.get(input.serverId) ?? 0;
    openOrQueued.set(input.serverId, seen + 1);
    if (seen >= MAX_OPEN_INPUTS_PER_SERVER) places.set(input, seen - MAX_OPEN_INPUTS_PER_SERVER + 1);
  }
  return places;
}

