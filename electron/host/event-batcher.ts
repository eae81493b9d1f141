/**
 * Turns the engine's per-change events into contract events, at most one flush per
 * `EVENT_INTERVAL_MS` (docs/architecture.md#events): a burst of a thousand task updates costs the
 * renderer one message, not a thousand. This is the only batching between the engine and the
 * screen: the renderer writes each message straight into its cache. Within a flush interval the
 * last version of each task wins, a task updated and then removed is only reported removed,
 * server and input lists are sent once, as they are at the flush, and the servers whose logs grew
 * are named once (the page reads what is new itself). A task whose timeline or answers changed
 * since its last update sent also gets a detail change (its new timeline entries), so an open
 * task page keeps up without reading the task again.
 */
import type { EventChannel, EventPayload, ServerView, TaskDetailChange } from '../../shared/ipc/contract.js';
import { EVENT_INTERVAL_MS } from '../../shared/ipc/contract-values.js';
import type { PendingInput, TrackedTask } from '../../shared/task-model.js';
import { timelineCountOf, timelineTail } from '../../shared/timeline.js';
import type { Clock, TimerHandle } from '../engine/index.js';
import { toPendingInputViews } from './input-views.js';
import { toTaskSummary } from './views.js';

/**
 * Most tasks in one `tasks:updated` message. A flush with more (a reconnect storm) is sent as
 * several messages in the same flush, so a message stays within the socket's frame limit
 * (MAX_HOST_FRAME_BYTES, 64 MiB, holds 5,000 summaries even with status message, error and last
 * error at their engine caps of 4,000 + 4,000 + 500 characters).
 */
export const MAX_TASKS_PER_MESSAGE = 5_000;

/**
 * Most timeline entries one detail change carries. A task that appended more within one flush
 * interval has its open detail read again instead (the renderer sees the gap in the numbers).
 */
export const MAX_NEW_TIMELINE_ENTRIES = 16;

/** Receives the contract events, typed per channel. */
export type EventSink = <C extends EventChannel>(channel: C, payload: EventPayload<C>) => void;

/** Collects engine changes and flushes them as contract events; see the module comment. */
export class EventBatcher {
  readonly #tasks = new Map<string, TrackedTask>();
  readonly #removed = new Set<string>();
  readonly #logsAppended = new Set<string>();
  /** Tasks whose exchange changed with those entries. */
  readonly #changedExchanges = new Set<string>();
  /** Per task, the timeline count and number of answers its last detail change carried. */
  readonly #sentDetails = new Map<string, { timelineCount: number; answers: number }>();
  #isServersChanged = false;
  #inputs: PendingInput[] | undefined;
  /** The inputs last reported, re-sent when the servers change: their views carry server names and roots. */
  #lastInputs: PendingInput[] = [];
  #timer: TimerHandle | undefined;

  /** `servers` is read at flush time, so the list sent is the current one. */
  constructor(
    private readonly clock: Pick<Clock, 'setTimer'>,
    private readonly emit: EventSink,
    private readonly servers: () => ServerView[],
  ) {}

  taskUpdated(task: TrackedTask): void {
    this.#removed.delete(task.localId);
    this.#tasks.set(task.localId, task);
    this.#schedule();
  }

  taskRemoved(id: string): void {
    this.#tasks.delete(id);
    this.#sentDetails.delete(id);
    this.#removed.add(id);
    this.#schedule();
  }

  /** The server list or a server's live state changed. */
  serversChanged(): void {
    this.#isServersChanged = true;
    this.#schedule();
  }

  /** The full list of pending inputs, as the engine reports it. */
  inputsChanged(inputs: PendingInput[]): void {
    this.#inputs = inputs;
    this.#lastInputs = inputs;
    this.#schedule();
  }

  /** New console lines or protocol messages were recorded for `serverId`, changing the exchanges of `exchangeLocalIds`. */
  logsAppended(serverId: string, exchangeLocalIds: readonly string[] = []): void {
    this.#logsAppended.add(serverId);
    for (const localId of exchangeLocalIds) this.#changedExchanges.add(localId);
    this.#schedule();
  }

  /** Drops what is pending and stops the timer. */
  dispose(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#tasks.clear();
    this.#removed.clear();
    this.#logsAppended.clear();
    this.#changedExchanges.clear();
    this.#sentDetails.clear();
    this.#isServersChanged = false;
    this.#inputs = undefined;
    this.#lastInputs = [];
  }

  #schedule(): void {
    this.#timer ??= this.clock.setTimer(EVENT_INTERVAL_MS, () => this.#flush());
  }

  /**
   * What `task`'s open detail lacks since the last change sent for it: the entries appended since
   * (at most MAX_NEW_TIMELINE_ENTRIES) and its answered keys; undefined when neither changed.
   */
  #detailChange(task: TrackedTask): TaskDetailChange | undefined {
    const timelineCount = timelineCountOf(task);
    const answers = task.answeredInputKeys.length;
    const sent = this.#sentDetails.get(task.localId);
    if (sent !== undefined && sent.timelineCount === timelineCount && sent.answers === answers) return undefined;
    this.#sentDetails.set(task.localId, { timelineCount, answers });
    // A task not sent since this batcher began: its newest entry; a detail further behind reads the task again.
    const wanted = sent === undefined ? 1 : Math.min(timelineCount - sent.timelineCount, MAX_NEW_TIMELINE_ENTRIES);
    return { localId: task.localId, timeline: timelineTail(task, wanted), answeredInputKeys: task.answeredInputKeys };
  }

  /** Servers first, so a task's server is known when the task arrives; inputs last, after their tasks, as checked views. */
  #flush(): void {
    this.#timer = undefined;
    if (this.#isServersChanged) {
      this.#isServersChanged = false;
      this.emit('servers:changed', { servers: this.servers() });
      // A renamed server or new roots change what a pending question shows and may be answered with.
      if (this.#inputs === undefined && this.#lastInputs.length > 0) this.#inputs = this.#lastInputs;
    }
    if (this.#tasks.size > 0) {
      const updated = [...this.#tasks.values()];
      this.#tasks.clear();
      for (let start = 0; start < updated.length; start += MAX_TASKS_PER_MESSAGE) {
        const chunk = updated.slice(start, start + MAX_TASKS_PER_MESSAGE);
        const details = chunk.flatMap((task) => this.#detailChange(task) ?? []);
        this.emit('tasks:updated', { tasks: chunk.map(toTaskSummary), ...(details.length > 0 ? { details } : {}) });
      }
    }
    if (this.#removed.size > 0) {
      const localIds = [...this.#removed];
      this.#removed.clear();
      this.emit('tasks:removed', { localIds });
    }
    if (this.#logsAppended.size > 0) {
      const serverIds = [...this.#logsAppended];
      const exchangeLocalIds = [...this.#changedExchanges];
      this.#logsAppended.clear();
      this.#changedExchanges.clear();
      this.emit('logs:appended', { serverIds, exchangeLocalIds });
    }
    if (this.#inputs !== undefined) {
      const inputs = this.#inputs;
      this.#inputs = undefined;
      // Checked here, with the server names as they are at the flush
      // (docs/security.md#untrusted-text).
      this.emit('inputs:changed', { inputs: toPendingInputViews(inputs, this.servers()) });
    }
  }
}
