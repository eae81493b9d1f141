/**
 * `notifications/progress` for the engine's calls: every `tools/call` carries
 * `_meta.progressToken` = the entry's local id, so a notification names its entry directly. Only
 * increasing `progress` is taken (the MCP spec: it must increase with each notification); the
 * rest is dropped. A chatty server costs next to nothing: per entry the ledger changes at most
 * once per `PROGRESS_WRITE_INTERVAL_MS` (the newest value wins; a held one is written at the end
 * of the interval, or when the entry ends).
 */
import type { TaskProgress, TrackedTask } from '../../../shared/task-model.js';
import { cleanLine } from '../connections/untrusted-line.js';
import type { Clock, TimerHandle } from '../ports.js';
import { MAX_TEXT_LENGTH } from '../protocols/task-wire.js';
import type { TaskLedger } from '../tasks/task-ledger.js';

/** The shortest time between two progress writes of one entry (at most ~10 a second). */
export const PROGRESS_WRITE_INTERVAL_MS = 100;

/** A `notifications/progress` as read from the wire (untrusted values checked, message cleaned). */
export interface ProgressReport {
  token: string;
  progress: number;
  total?: number;
  message?: string;
}

/**
 * Reads `notifications/progress` params: undefined when they are not a report the engine could
 * have asked for (a token that is not a string — ours are — or a progress that is not a finite
 * number). A `total` that is not a finite number is dropped; the message is made plain text and capped.
 */
export function parseProgress(params: Record<string, unknown>): ProgressReport | undefined {
  const { progressToken, progress, total, message } = params;
  if (typeof progressToken !== 'string' || typeof progress !== 'number' || !Number.isFinite(progress)) return undefined;
  const report: ProgressReport = { token: progressToken, progress };
  if (typeof total === 'number' && Number.isFinite(total)) report.total = total;
  if (typeof message === 'string') {
    const text = cleanLine(message, MAX_TEXT_LENGTH);
    if (text !== '') report.message = text;
  }
  return report;
}

/** The progress after `report` arrived at `now`, or undefined when it is dropped (not above `newest`). */
export function acceptProgress(newest: TaskProgress | undefined, report: ProgressReport, now: number): TaskProgress | undefined {
  if (newest !== undefined && !(report.progress > newest.progress)) return undefined;
  return {
    progress: report.progress,
    ...(report.total !== undefined ? { total: report.total } : {}),
    ...(report.message !== undefined ? { message: report.message } : {}),
    at: now,
  };
}

/** What progress needs from the engine. */
export interface CallProgressDeps {
  clock: Clock;
  ledger: TaskLedger;
  /**
   * True while the unfinished `task` may report progress: its call is on the wire, or it is a
   * 2025-11-25 task (the token stays valid for the task's life there).
   */
  takesProgress(task: TrackedTask): boolean;
  /** A report for `task` was accepted (its call is alive: the timeout starts over). */
  onAccepted(task: TrackedTask): void;
}

/** One entry's progress waiting for its write. */
interface Held {
  progress: TaskProgress;
  timer: TimerHandle;
}

/** Every entry's progress, for every server. */
export class CallProgress {
  private readonly held = new Map<string, Held>();
  /** Monotonic ms of each entry's newest progress write. */
  private readonly writtenAt = new Map<string, number>();

  constructor(private readonly deps: CallProgressDeps) {}

  /**
   * Takes a notification of server `serverId`; true when it was `notifications/progress` (taken
   * or dropped: a token of another server's entry, of an unknown or finished one, is ignored).
   */
  handle(serverId: string, method: string, params: Record<string, unknown>): boolean {
    if (method !== 'notifications/progress') return false;
    const report = parseProgress(params);
    const task = report === undefined ? undefined : this.deps.ledger.get(report.token);
    if (report === undefined || task === undefined || task.serverId !== serverId || !this.deps.takesProgress(task)) return true;
    const held = this.held.get(task.localId);
    const next = acceptProgress(held?.progress ?? task.progress, report, this.deps.clock.now());
    if (next === undefined) return true;
    this.deps.onAccepted(task);
    if (held !== undefined) {
      held.progress = next;
      return true;
    }
    const sinceWrite = this.deps.clock.monotonic() - (this.writtenAt.get(task.localId) ?? -Infinity);
    if (sinceWrite >= PROGRESS_WRITE_INTERVAL_MS) {
      this.write(task.localId, next);
      return true;
    }
    const timer = this.deps.clock.setTimer(PROGRESS_WRITE_INTERVAL_MS - sinceWrite, () => this.flush(task.localId));
    this.held.set(task.localId, { progress: next, timer });
    return true;
  }

  /** The entry ended or left: a held report (it came before the end) is written now, and nothing more is kept for it. */
  ended(id: string): void {
    this.flush(id);
    this.writtenAt.delete(id);
  }

  /** Writes every held report (the engine stops). */
  dispose(): void {
    for (const id of [...this.held.keys()]) this.flush(id);
    this.writtenAt.clear();
  }

  /** Live internals, for leak checks in tests. */
  get heldCount(): number {
    return this.held.size;
  }

  private flush(id: string): void {
    const held = this.held.get(id);
    if (held === undefined) return;
    held.timer.cancel();
    this.held.delete(id);
    this.write(id, held.progress);
  }

  private write(id: string, progress: TaskProgress): void {
    const task = this.deps.ledger.get(id);
    if (task === undefined) return;
    this.writtenAt.set(id, this.deps.clock.monotonic());
    this.deps.ledger.put({ ...task, progress });
  }
}
