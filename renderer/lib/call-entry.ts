/**
 * Which inbox entry a tool call the user just started made. `tools:call` answers
 * only once the call has an outcome, which for a long plain request is minutes later; the
 * engine records the entry before it sends the call and pushes it at once. The UI opens that
 * entry as soon as it appears, so the user watches the call (elapsed time, progress, Cancel)
 * instead of a greyed button.
 */
import type { TaskSummary } from '../../shared/ipc/contract';

/** A call the UI started and waits to see the entry of. */
export interface AwaitedCall {
  serverId: string;
  toolName: string;
  /** Wall-clock ms when the user started it. */
  since: number;
  /** The ids in the inbox before it was started: its entry is none of them. */
  known: ReadonlySet<string>;
}

/**
 * How far an entry's `createdAt` (the host's clock) may lie before the click (the renderer's):
 * the same machine, but the host records the entry a moment after the click is sent.
 */
const CLOCK_SLACK_MS = 5_000;

/** The inbox ids now, for `AwaitedCall.known`. */
export function knownIds(list: readonly TaskSummary[] | undefined): ReadonlySet<string> {
  return new Set((list ?? []).map((task) => task.localId));
}

/**
 * The id of the entry `call` made: a new entry for the same server and tool, created since the
 * click (the newest if, by chance, two such appeared), or undefined while none has arrived.
 */
export function findCallEntry(list: readonly TaskSummary[], call: AwaitedCall): string | undefined {
  let found: TaskSummary | undefined;
  for (const task of list) {
    if (call.known.has(task.localId) || task.serverId !== call.serverId || task.toolName !== call.toolName) continue;
    if (task.createdAt < call.since - CLOCK_SLACK_MS) continue;
    if (found === undefined || task.createdAt > found.createdAt) found = task;
  }
  return found?.localId;
}
