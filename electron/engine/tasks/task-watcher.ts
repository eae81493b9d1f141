/**
 * Watching tasks: polls on one due-time queue at each task's pace, observations (polls, pushes,
 * cancel answers) merged by the pure rules, the end of a task, back-off on errors, the push set
 * of each server, and cancel requests. Every request loop here is bounded: a task is polled at
 * most once per effective poll interval unless the user acts (an answer, a cancel), and every
 * error backs off exponentially.
 */
import { isTaskFinished, isTerminalStatus, type ToolResult, type TrackedServerTask, type TrackedTask } from '../../../shared/task-model.js';
import type { CancelFact } from '../../../shared/timeline-facts.js';
import { McpRequestError } from '../connections/mcp-request-error.js';
import { errorText } from '../error-text.js';
import type { Clock, Logger } from '../ports.js';
import type { ResultKeeper } from './result-keeper.js';
import type { TaskProtocol } from '../protocols/task-protocol.js';
import type { TaskObservation } from '../protocols/task-wire.js';
import { PollScheduler } from './poll-scheduler.js';
import type { TaskLedger } from './task-ledger.js';
import { clampPollInterval } from '../../../shared/poll-interval.js';
import { cancelFailed, endAsOtherForm, endAsUnknownToServer, mergeSnapshot, nextPollDelay, requestCancel, withProblem, withStoredResult } from './task-rules.js';

/** Most requests in flight to one server from polling. */
export const MAX_POLLS_IN_FLIGHT_PER_SERVER = 8;
/** Delay of the poll that follows something the user did (a cancel, an answer). */
const PROMPT_POLL_MS = 100;

/** What the watcher needs from the engine. */
export interface TaskWatcherDeps {
  clock: Clock;
  random: () => number;
  logger: Logger;
  ledger: TaskLedger;
  results: ResultKeeper;
  /** The task protocol of a connected server. */
  protocolOf(serverId: string): TaskProtocol | undefined;
  /** A read of the task was applied, or repeated what is stored (its questions may be outstanding); `readAt` is when it was sent. */
  onObserved(task: TrackedTask, readAt: number): void;
  /** The task will never be polled again: whatever else waits on it can go. */
  onFinished(task: TrackedTask): void;
}

/** Follows every running task of every server. */
export class TaskWatcher {
  private readonly scheduler: PollScheduler;
  private readonly pollErrors = new Map<string, number>();
  /** Monotonic ms the last `tasks/get` of each task was sent. */
  private readonly lastSentAt = new Map<string, number>();
  private readonly watchDirty = new Set<string>();
  private disposed = false;

  constructor(private readonly deps: TaskWatcherDeps) {
    this.scheduler = new PollScheduler({
      clock: deps.clock,
      maxInFlightPerGroup: MAX_POLLS_IN_FLIGHT_PER_SERVER,
      groupOf: (id) => deps.ledger.get(id)?.serverId ?? '',
      run: (id) => this.poll(id),
    });
  }

  /** Number of tasks queued for a poll (leak checks). */
  get scheduledCount(): number {
    return this.scheduler.size;
  }

  /** Starts following a task the server just created; `observation` is its creation answer. */
  async follow(id: string, observation: TaskObservation): Promise<void> {
    await this.observe(id, observation, this.deps.clock.monotonic());
    const task = this.deps.ledger.get(id);
    if (task === undefined || isTaskFinished(task)) return;
    // A seed that is not `working` lacks its details (inputs, result): read it now.
    const { status, pollIntervalMs } = observation.snapshot;
    this.schedule(id, status === 'working' ? clampPollInterval(pollIntervalMs) : 0);
    this.markWatchDirty(task.serverId);
  }

  /** Applies an observation to a task, storing a final result apart. `readAt`: monotonic ms the read was sent. */
  async observe(id: string, observation: TaskObservation, readAt: number): Promise<void> {
    const seen = this.deps.ledger.serverTask(id);
    if (seen === undefined) return;
    const { result } = observation;
    const hasFinalResult = result !== undefined && isTerminalStatus(observation.snapshot.status);
    // The result is stored before the task says it has one. The merge is made afterwards, on the
    // task as it is then: a change made while the disk was busy (an answer noted, a cancel asked
    // for) must not be overwritten by a copy read before it, nor look newer than the completion.
    let storedResult: ToolResult | undefined;
    if (hasFinalResult && mergeSnapshot(seen, observation.snapshot, this.deps.clock.now()).outcome === 'applied') {
      await this.deps.results.put(id, result);
      storedResult = result;
    }
    const task = this.deps.ledger.serverTask(id);
    if (task === undefined) {
      // Removed while its result was written: the result goes with it.
      if (storedResult !== undefined) await this.deps.results.delete(id);
      return;
    }
    const merged = mergeSnapshot(task, observation.snapshot, this.deps.clock.now());
    if (merged.outcome === 'duplicate' && !isTaskFinished(task)) this.deps.onObserved(task, readAt);
    if (merged.outcome !== 'applied') return;
    const next = storedResult !== undefined ? withStoredResult(merged.task, storedResult) : merged.task;
    const stored = this.deps.ledger.put(next);
    if (isTaskFinished(stored)) this.finish(stored);
    else this.deps.onObserved(stored, readAt);
  }

  /** A pushed observation of a task (by the server's id). */
  pushed(serverId: string, serverTaskId: string, observation: TaskObservation): void {
    const task = this.deps.ledger.findByServerTaskId(serverId, serverTaskId);
    if (task !== undefined) void this.observe(task.localId, observation, this.deps.clock.monotonic());
  }

  /** The server says something changed for a task: poll it at its pace (never sooner than that, never in a loop). */
  hinted(serverId: string, serverTaskId: string): void {
    const task = this.deps.ledger.findByServerTaskId(serverId, serverTaskId);
    if (task === undefined || isTaskFinished(task)) return;
    const sentAt = this.lastSentAt.get(task.localId);
    const pace = nextPollDelay(task.snapshot?.pollIntervalMs, this.pollErrors.get(task.localId) ?? 0, false);
    this.schedule(task.localId, sentAt === undefined ? 0 : sentAt + pace - this.deps.clock.monotonic());
  }

  /** Polls a task soon because the user acted on it (answered, cancelled). */
  pollSoon(id: string): void {
    this.schedule(id, PROMPT_POLL_MS);
  }

  /** A pushed message about a task was refused as malformed: the user sees why on the task. */
  quarantined(serverId: string, serverTaskId: string | undefined, reason: string): void {
    this.deps.logger.warn('quarantined a server message', { server: serverId, reason });
    const task = serverTaskId === undefined ? undefined : this.deps.ledger.findByServerTaskId(serverId, serverTaskId);
    if (task === undefined) return;
    const noted = withProblem(task, { kind: 'push-refused', detail: reason });
    if (noted !== task) this.deps.ledger.put(noted);
  }

  /** Ends following a task: nothing is scheduled for it, and the rest of the engine lets go of it. */
  finish(task: TrackedTask): void {
    this.forget(task.localId);
    this.markWatchDirty(task.serverId);
    this.deps.onFinished(task);
  }

  /** Forgets a task's polling state (it ended or was removed). */
  forget(id: string): void {
    this.scheduler.unschedule(id);
    this.pollErrors.delete(id);
    this.lastSentAt.delete(id);
  }

  /**
   * A server connected with `protocol`: its running tasks of that form are polled again, first
   * polls spread so a thousand tasks do not poll at once; tasks of another form cannot be followed.
   */
  serverConnected(serverId: string, protocol: TaskProtocol): void {
    const now = this.deps.clock.now();
    for (const task of this.deps.ledger.ofServer(serverId)) {
      if (task.phase !== 'task' || isTaskFinished(task)) continue;
      if (task.form !== protocol.form) {
        this.finish(this.deps.ledger.put(endAsOtherForm(task, protocol.form, now)));
        continue;
      }
      const interval = clampPollInterval(task.snapshot?.pollIntervalMs);
      this.schedule(task.localId, Math.floor(this.deps.random() * interval));
    }
    this.markWatchDirty(serverId);
  }

  /**
   * Asks the server to cancel a task, with `why` on its timeline. The task shows "cancel
   * requested" until the server's real terminal state arrives — which may be `completed`
   * (cancellation is cooperative). Rejects when the server refused; the task runs on as before.
   */
  async cancel(id: string, why: CancelFact): Promise<void> {
    const task = this.deps.ledger.get(id);
    if (task?.serverTaskId === undefined || isTaskFinished(task)) throw new Error('Only a running task can be cancelled.');
    const protocol = this.requireProtocol(task.serverId);
    this.deps.ledger.put(requestCancel(task, why, this.deps.clock.now()));
    try {
      const observation = await protocol.cancelTask(task.serverTaskId);
      if (observation !== undefined) await this.observe(id, observation, this.deps.clock.monotonic());
    } catch (error) {
      // Unknown or already terminal on the server: the next poll shows how it ended.
      if (!(error instanceof McpRequestError && error.isUnknownTask)) {
        const current = this.deps.ledger.get(id);
        if (current !== undefined) this.deps.ledger.put(cancelFailed(current, errorText(error), this.deps.clock.now()));
        throw error;
      }
    }
    this.pollSoon(id);
  }

  /** Marks a server's push set for recomputing (once per microtask for any number of changes). */
  markWatchDirty(serverId: string): void {
    if (this.watchDirty.size === 0) queueMicrotask(() => this.flushWatch());
    this.watchDirty.add(serverId);
  }

  /** Stops every timer. */
  dispose(): void {
    this.disposed = true;
    this.scheduler.dispose();
  }

  private schedule(id: string, delayMs: number): void {
    if (!this.disposed) this.scheduler.schedule(id, delayMs);
  }

  private requireProtocol(serverId: string): TaskProtocol {
    const protocol = this.deps.protocolOf(serverId);
    if (protocol === undefined) throw new McpRequestError('The server is not connected.', undefined, undefined, 'disconnected');
    return protocol;
  }

  /** One poll of one task; reschedules itself relative to when the request was sent. */
  private async poll(id: string): Promise<void> {
    const task = this.deps.ledger.serverTask(id);
    if (task === undefined || isTaskFinished(task)) return;
    // A disconnected server's tasks are rescheduled when it connects again.
    const protocol = this.deps.protocolOf(task.serverId);
    if (protocol === undefined) return;
    const sentAt = this.deps.clock.monotonic();
    this.lastSentAt.set(id, sentAt);
    try {
      const observation = await protocol.getTask(task.serverTaskId);
      this.pollErrors.delete(id);
      await this.observe(id, observation, sentAt);
    } catch (error) {
      if (error instanceof McpRequestError && error.isUnknownTask) {
        const current = this.deps.ledger.serverTask(id);
        if (current !== undefined && !isTaskFinished(current)) this.finish(this.deps.ledger.put(endAsUnknownToServer(current, this.deps.clock.now(), error.message)));
        return;
      }
      this.pollErrors.set(id, (this.pollErrors.get(id) ?? 0) + 1);
      const current = this.deps.ledger.get(id);
      if (current !== undefined) {
        const failed = withProblem(current, { kind: 'poll-failed', detail: errorText(error) });
        if (failed !== current) this.deps.ledger.put(failed);
      }
    }
    const current = this.deps.ledger.get(id);
    if (current === undefined || isTaskFinished(current) || this.deps.protocolOf(current.serverId) !== protocol) return;
    if (this.scheduler.isScheduled(id)) return;
    const delay = nextPollDelay(current.snapshot?.pollIntervalMs, this.pollErrors.get(id) ?? 0, protocol.isPushed(task.serverTaskId));
    this.schedule(id, delay - (this.deps.clock.monotonic() - sentAt));
  }

  private flushWatch(): void {
    const dirty = [...this.watchDirty];
    this.watchDirty.clear();
    for (const serverId of dirty) {
      const protocol = this.deps.protocolOf(serverId);
      if (protocol === undefined) continue;
      const ids = this.deps.ledger.ofServer(serverId)
        .filter((task): task is TrackedServerTask => task.phase === 'task' && !isTaskFinished(task))
        .map((task) => task.serverTaskId);
      protocol.watch(ids);
    }
  }
}
