/**
 * Holds what the app knows against what the servers did, counted on the server side: for a test
 * that kills the app and must prove that no task a server created was lost and no call was sent
 * twice. Every call the test makes carries a unique tag, which the servers record with each call
 * and each task they create (test/fixtures/server-task-log.ts).
 */
import type { EndReason, TaskPhase } from '../../shared/task-model.js';
import type { ServerTaskLog } from '../fixtures/server-task-log.js';

/** One entry of the app's task list, with the tag of its call where the app has no task id. */
export interface AuditedEntry {
  /** The app's local id. */
  id: string;
  serverId: string;
  phase: TaskPhase;
  /** How it ended, when it did: a call that never became a task ends in phase `calling` (answered, refused, interrupted...). */
  endReason?: EndReason;
  taskId?: string;
  /** The call's tag, read from the entry's arguments (needed for entries without a task id). */
  tag?: string;
}

/** A server's log under the id the app knows it by. */
export interface AuditedServer {
  serverId: string;
  log: ServerTaskLog;
}

/** What an audit counted. */
export interface AuditCounts {
  /** `tools/call` requests the servers received. */
  received: number;
  /** Task ids the servers created. */
  created: number;
  /** Of those, the ones the app knows by id. */
  knownById: number;
  /**
   * Of those, the ones created for a call the app shows as "outcome unknown": the app was killed
   * after the server created the task and before its id reached the disk. No 2026-07-28 server
   * can be asked for it again (no `tasks/list`), so the app says it does not know; it never resends.
   */
  outcomeUnknown: number;
  /** `outcomeUnknown` by server id. */
  outcomeUnknownByServer: Record<string, number>;
  /** Calls the app shows as "outcome unknown" that no server received (killed before sending). */
  unknownNeverReceived: number;
  /** Entries in the app's list. */
  entries: number;
}

/** The audit's verdict: `problems` is empty when nothing was lost, duplicated or left pending. */
export interface Audit {
  problems: string[];
  counts: AuditCounts;
}

/** A task id the app reported before it was killed (a `tools:call` answer): it was on disk by then. */
export interface ReportedTask {
  serverId: string;
  taskId: string;
}

/**
 * Checks, right after the app started again (before it was asked to do anything new):
 * - no call was received twice by a server (nothing was resent) and no tag has two entries;
 * - every task a server created is in the app's list by its id, or its call is there as
 *   `outcome-unknown` (never silently gone); every task the app had reported is there by its id;
 * - every entry with a task id names a task its server created, and no call is still under way
 *   (`calling` without an end: an interrupted call must end when the app starts — as outcome
 *   unknown, or, for a plain call that no task can come of, as interrupted).
 */
export function auditTasks(entries: readonly AuditedEntry[], servers: readonly AuditedServer[], reported: readonly ReportedTask[] = []): Audit {
  const problems: string[] = [];
  const counts: AuditCounts = { received: 0, created: 0, knownById: 0, outcomeUnknown: 0, outcomeUnknownByServer: {}, unknownNeverReceived: 0, entries: entries.length };
  const byTaskId = new Map<string, AuditedEntry>();
  const unknownByTag = new Map<string, AuditedEntry>();
  for (const entry of entries) {
    if (entry.phase === 'calling' && entry.endReason === undefined) problems.push(`entry ${entry.id} (${entry.serverId}) is still "calling" after the restart`);
    if (entry.taskId !== undefined) byTaskId.set(`${entry.serverId}\u0000${entry.taskId}`, entry);
    if (entry.phase !== 'outcome-unknown') continue;
    if (entry.tag === undefined) {
      problems.push(`entry ${entry.id} (${entry.serverId}) is "outcome-unknown" but carries no tag`);
    } else if (unknownByTag.has(entry.tag)) {
      problems.push(`two entries for call ${entry.tag}`);
    } else {
      unknownByTag.set(entry.tag, entry);
    }
  }

  for (const { serverId, log } of servers) {
    counts.received += log.callCount;
    for (const [tag, times] of log.received) {
      if (times > 1) problems.push(`${serverId} received call ${tag} ${times} times (it was sent again)`);
    }
    const createdIds = new Set<string>();
    for (const { taskId, tag } of log.created) {
      counts.created += 1;
      createdIds.add(taskId);
      const known = byTaskId.get(`${serverId}\u0000${taskId}`);
      const unknown = unknownByTag.get(tag);
      if (known !== undefined && unknown !== undefined) {
        problems.push(`call ${tag} is both task ${taskId} and an "outcome-unknown" entry`);
      } else if (known !== undefined) {
        counts.knownById += 1;
      } else if (unknown?.serverId === serverId) {
        counts.outcomeUnknown += 1;
        counts.outcomeUnknownByServer[serverId] = (counts.outcomeUnknownByServer[serverId] ?? 0) + 1;
      } else {
        problems.push(`LOST: ${serverId} created task ${taskId} for call ${tag}, and the app knows neither the task nor the call`);
      }
    }
    for (const entry of entries) {
      if (entry.serverId === serverId && entry.taskId !== undefined && !createdIds.has(entry.taskId)) {
        problems.push(`entry ${entry.id} names task ${entry.taskId}, which ${serverId} never created`);
      }
    }
  }
  for (const { serverId, taskId } of reported) {
    if (!byTaskId.has(`${serverId}\u0000${taskId}`)) problems.push(`LOST: the app had reported task ${taskId} of ${serverId}, and no longer knows it`);
  }
  for (const entry of unknownByTag.values()) {
    const log = servers.find((server) => server.serverId === entry.serverId)?.log;
    if (log !== undefined && !log.received.has(entry.tag!)) counts.unknownNeverReceived += 1;
  }
  return { problems, counts };
}
