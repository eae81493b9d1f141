/**
 * Decides when a task is worth a desktop notification, from the engine's task updates and
 * pending-input lists; the shell shows it through a `NotificationSink` (Electron: the OS; browser
 * mode: an event the page shows). Rules:
 *
 * - **Needs input**: a task gets a new pending question while the user has not already been told
 *   that it waits. One notification per waiting spell, however many questions arrive in it; the
 *   spell ends when the user answers one, when the server reports another status, or (for a call
 *   waiting on MRTR answers, which has no status) when its questions are gone.
 *   A question asked again after a reconnect or restart (the extension lists it again; the engine
 *   re-files a 2025-11-25 request it kept with the task, under the same key) is inside the same
 *   spell: nothing new is raised.
 * - **Completed** / **failed**: a task the app watched as unfinished ends. "Failed" also covers a
 *   task the server cancelled, one the server no longer knows (`lost`), one that `expired` on the
 *   server before its result was read, and a call that got no answer (outcome unknown): in each
 *   the user's work did not finish as asked. A cancel the user asked for raises nothing.
 *   A task or call whose result says `isError` is reported as failed ("completed with a tool
 *   error"), never as completed. A call that waited on the user's input (MRTR) and was then
 *   answered without a task counts like a task: completed, or failed for an `isError` result or a refusal; declining its
 *   question (the user's own doing) raises nothing. So does any call that ends without a task,
 *   without the user's input, within `QUICK_CALL_MS` of being sent: the user who just started it
 *   is looking at its entry, which the launcher opened.
 * - **Only live changes**: what the engine holds when the notifier starts (tasks already ended,
 *   questions already waiting, tasks persisted as `input_required`) is the baseline and raises
 *   nothing, and each task ends at most once. A task that was unfinished at start and turns out to
 *   have ended while the app was closed or the server unreachable *is* reported: it is a change
 *   the app sees for the first time and the user has not been told about.
 * - **No floods**: changes are collected for `BURST_MS`; more than `MAX_SEPARATE` of them become
 *   one summary. At most `MAX_PER_WINDOW` notifications are shown per `WINDOW_MS`; beyond that
 *   changes wait and are summarised once the window allows.
 * - **Muted servers** raise nothing (checked when a notification would be shown); what happened
 *   while muted is not raised later.
 * The waiting count (tasks with at least one pending question, muted servers included: it is the
 * state of the inbox, not a notification) goes to `sink.setWaitingCount` whenever it changes.
 */
import type { TaskNotification } from '../../shared/ipc/contract.js';
import { isTaskFinished, type PendingInput, type TrackedTask } from '../../shared/task-model.js';
import { describeLastProblem } from '../../shared/messages/fact-messages.js';
import { classifyTask } from '../../shared/task-status.js';
import type { Clock, TimerHandle } from '../engine/index.js';
import { notificationWords, summaryWords, type NotifiedOutcome } from './notification-text.js';

/** How long changes are collected before they are shown (a reconnect storm lands in one batch). */
export const BURST_MS = 500;
/** More changes than this in one batch become a single summary. */
export const MAX_SEPARATE = 3;
/** The rate limit: at most `MAX_PER_WINDOW` notifications per `WINDOW_MS`. */
export const MAX_PER_WINDOW = 8;
export const WINDOW_MS = 60_000;
/** A call answered or refused without a task, and without the user's input, this soon after it was sent raises nothing. */
export const QUICK_CALL_MS = 10_000;

/** Where notifications go: the OS (Electron main) or the page (browser mode). */
export interface NotificationSink {
  show(notification: TaskNotification): void;
  /** The number of tasks with at least one pending question (the tray's count). */
  setWaitingCount(count: number): void;
}

export interface TaskNotifierDeps {
  clock: Pick<Clock, 'setTimer' | 'monotonic'>;
  sink: NotificationSink;
  /** The user's name for a server. */
  serverName(serverId: string): string | undefined;
  /** True when the user muted the server's notifications. */
  isMuted(serverId: string): boolean;
  /** The engine's task by local id (a question names only its task). */
  task(id: string): TrackedTask | undefined;
}

/** What the notifier remembers of one task. */
interface TaskMemory {
  hasEnded: boolean;
  /** The user was told (or, at start, already could see) that the task waits for input. */
  isWaitingKnown: boolean;
  answered: number;
}

interface Queued {
  outcome: NotifiedOutcome;
  serverId: string;
  /** The task or call it is about; absent for a question a server asked outside any call. */
  task?: TrackedTask;
}

/** See the module comment. Feed it every engine task update and pending-input list. */
export class TaskNotifier {
  readonly #memory = new Map<string, TaskMemory>();
  readonly #queue = new Map<string, Queued>();
  /** Pending question ids (`owner\0key`) as last reported. */
  #questions = new Set<string>();
  /** Owners (tasks and calls by local id, servers for their own questions: see `ownerOf`) with at least one pending question. */
  #waitingTasks = new Set<string>();
  /** Monotonic times of the notifications shown within the last window. */
  #shownAt: number[] = [];
  #timer: TimerHandle | undefined;
  #nextId = 1;

  /** `tasks` and `inputs` are the engine's state now: the baseline, which raises nothing. */
  constructor(private readonly deps: TaskNotifierDeps, tasks: readonly TrackedTask[], inputs: readonly PendingInput[]) {
    this.#setQuestions(inputs);
    for (const task of tasks) {
      this.#memory.set(task.localId, {
        hasEnded: isTaskFinished(task),
        isWaitingKnown: task.snapshot?.status === 'input_required' || this.#waitingTasks.has(task.localId),
        answered: task.answeredInputKeys.length,
      });
    }
    deps.sink.setWaitingCount(this.#waitingTasks.size);
  }

  taskUpdated(task: TrackedTask): void {
    const memory = this.#remember(task.localId);
    if (task.answeredInputKeys.length > memory.answered) {
      memory.answered = task.answeredInputKeys.length;
      memory.isWaitingKnown = false;
    }
    const status = task.snapshot?.status;
    if (status !== undefined && status !== 'input_required') memory.isWaitingKnown = false;
    if (memory.hasEnded || !isTaskFinished(task)) return;
    memory.hasEnded = true;
    this.#queue.delete(task.localId);
    const outcome = endingOf(task);
    if (outcome !== undefined && !isQuickCall(task)) this.#enqueue(task, outcome);
  }

  taskRemoved(id: string): void {
    this.#memory.delete(id);
    this.#queue.delete(id);
  }

  /** The engine's full list of pending inputs. */
  inputsChanged(inputs: readonly PendingInput[]): void {
    const before = this.#questions;
    const waitingBefore = this.#waitingTasks;
    this.#setQuestions(inputs);
    const fresh = inputs.filter((input) => !before.has(questionId(input)));
    const asked = new Set(fresh.flatMap((input) => (input.localId !== undefined ? [input.localId] : [])));
    for (const input of fresh) {
      // A server's own question (tied to no call): told once per question, there is no task to remember.
      if (input.localId === undefined) this.#queue.set(`${ownerOf(input)}\u0000${input.key}`, { outcome: { kind: 'input' }, serverId: input.serverId });
    }
    if (this.#queue.size > 0) this.#timer ??= this.deps.clock.setTimer(BURST_MS, () => this.#flush());
    for (const id of waitingBefore) {
      const current = this.deps.task(id);
      // An MRTR call has no status to end its spell: answering its questions does.
      if (!this.#waitingTasks.has(id) && current?.phase === 'calling') this.#remember(id).isWaitingKnown = false;
    }
    for (const id of asked) {
      const memory = this.#remember(id);
      const current = this.deps.task(id);
      if (memory.isWaitingKnown || memory.hasEnded || current === undefined) continue;
      memory.isWaitingKnown = true;
      this.#enqueue(current, { kind: 'input' });
    }
    if (this.#waitingTasks.size !== waitingBefore.size || [...this.#waitingTasks].some((id) => !waitingBefore.has(id))) {
      this.deps.sink.setWaitingCount(this.#waitingTasks.size);
    }
  }

  /** Drops what is queued and stops the timer. */
  dispose(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#queue.clear();
  }

  #setQuestions(inputs: readonly PendingInput[]): void {
    this.#questions = new Set(inputs.map(questionId));
    this.#waitingTasks = new Set(inputs.map(ownerOf));
  }

  #remember(id: string): TaskMemory {
    let memory = this.#memory.get(id);
    if (memory === undefined) {
      memory = { hasEnded: false, isWaitingKnown: false, answered: 0 };
      this.#memory.set(id, memory);
    }
    return memory;
  }

  #enqueue(task: TrackedTask, outcome: NotifiedOutcome): void {
    this.#queue.set(task.localId, { task, outcome, serverId: task.serverId });
    this.#timer ??= this.deps.clock.setTimer(BURST_MS, () => this.#flush());
  }

  #flush(): void {
    this.#timer = undefined;
    const now = this.deps.clock.monotonic();
    this.#shownAt = this.#shownAt.filter((at) => now - at < WINDOW_MS);
    // Muted, or a question already answered (or withdrawn) before it was shown: nothing to say.
    const items = [...this.#queue.entries()].filter(([id, { serverId, task, outcome }]) =>
      !this.deps.isMuted(serverId) && (outcome.kind !== 'input' || (task !== undefined ? this.#waitingTasks.has(task.localId) : this.#questions.has(id))));
    if (items.length === 0) {
      this.#queue.clear();
      return;
    }
    const room = MAX_PER_WINDOW - this.#shownAt.length;
    if (room <= 0) {
      // Keep collecting until the window has room; the wait ends in a summary.
      this.#queue.clear();
      for (const [id, item] of items) this.#queue.set(id, item);
      this.#timer = this.deps.clock.setTimer(this.#shownAt[0]! + WINDOW_MS - now, () => this.#flush());
      return;
    }
    this.#queue.clear();
    if (items.length <= Math.min(MAX_SEPARATE, room)) {
      for (const [, item] of items) this.#show(this.#describe(item));
    } else {
      const counts = { input: 0, completed: 0, failed: 0 };
      for (const [, { outcome }] of items) counts[outcome.kind] += 1;
      this.#show({ kind: 'summary', ...summaryWords(counts) });
    }
  }

  #describe({ task, outcome, serverId }: Queued): Omit<TaskNotification, 'id'> {
    const serverName = this.deps.serverName(serverId) ?? serverId;
    if (task === undefined) return { kind: outcome.kind, ...notificationWords(outcome, { serverName }) };
    const words = notificationWords(outcome, {
      serverName,
      toolName: task.toolName,
      statusMessage: task.snapshot?.statusMessage,
      errorMessage: task.snapshot?.error?.message ?? task.callError?.message ?? describeLastProblem(task),
    });
    return { kind: outcome.kind, localId: task.localId, ...words };
  }

  #show(notification: Omit<TaskNotification, 'id'>): void {
    this.#shownAt.push(this.deps.clock.monotonic());
    this.deps.sink.show({ id: `notification-${this.#nextId++}`, ...notification });
  }
}

/** A call that ended without a task and without the user's input within `QUICK_CALL_MS` of being sent. */
function isQuickCall(task: TrackedTask): boolean {
  return task.phase === 'calling' && task.answeredInputKeys.length === 0 && task.updatedAt - task.createdAt < QUICK_CALL_MS;
}

/**
 * How a finished task ended, for its notification (its state is `classifyTask`'s, the one the
 * badge shows); undefined when nothing should be raised.
 */
function endingOf(task: TrackedTask): NotifiedOutcome | undefined {
  // The user's own doing: nothing to tell them.
  if (task.endReason === 'user-cancelled' || task.endReason === 'input-declined') return undefined;
  const state = classifyTask(task);
  switch (state) {
    case 'completed':
      return { kind: 'completed' };
    case 'completed-with-error':
      return { kind: 'failed', how: 'tool-error' };
    case 'failed':
      return { kind: 'failed', how: task.endReason === 'refused' ? 'refused' : 'failed' };
    case 'cancelled':
      return { kind: 'failed', how: 'server-cancelled' };
    case 'lost':
    case 'expired':
    case 'outcome-unknown':
    case 'interrupted':
      return { kind: 'failed', how: state };
    case 'starting':
    case 'working':
    case 'input-required':
    case 'cancel-requested':
      return undefined;
  }
}

/** Whom a question waits on: its task or call (local id), or its server for a question tied to no call. */
function ownerOf(input: Pick<PendingInput, 'localId' | 'serverId'>): string {
  return input.localId ?? `server\u0000${input.serverId}`;
}

function questionId(input: Pick<PendingInput, 'localId' | 'serverId' | 'key'>): string {
  return `${ownerOf(input)}\u0000${input.key}`;
}
