/**
 * Task push for the extension (docs/protocol-notes.md#subscriptions,
 * docs/protocol-notes.md#push-notifications): each `subscriptions/listen` with
 * `notifications.taskIds` becomes a subscription that first acknowledges the agreed subset, then
 * sends the current state of each agreed task once, then a `notifications/tasks` (a complete
 * `DetailedTask`, no `resultType`) on every change of one of them. Every message carries
 * `_meta["io.modelcontextprotocol/subscriptionId"]` = the listen request's id.
 *
 * Transport-neutral: stdio and HTTP differ only in the `SubscriptionSink` they hand in.
 */
import { SERVER_INFO_META_KEY, SUBSCRIPTION_ID_META_KEY, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/server';
import type { TaskTable, TaskState } from '../core/task-table.js';
import { toDetailedTask } from './wire.js';

/** Where one subscription's messages go. */
export interface SubscriptionSink {
  /** Writes one message of the subscription (must not throw). */
  send(message: JSONRPCMessage): void;
  /** Called once when the subscription is over; nothing is sent afterwards. */
  end(): void;
}

type Subscription = { id: RequestId; sink: SubscriptionSink; unwatch: () => void };

/** The open task subscriptions of one server process. */
export class TaskSubscriptions {
  private readonly open = new Set<Subscription>();

  constructor(
    private readonly table: TaskTable,
    private readonly serverInfo: { name: string; version: string },
  ) {}

  /**
   * Opens the subscription of the listen request `id` for `taskIds`. Only ids of live tasks are
   * agreed; with none agreed the subscription ends at once, gracefully. Returns the function that
   * ends it at the client's request (stdio `notifications/cancelled`, HTTP stream closed) — no
   * further message is sent then.
   */
  subscribe(id: RequestId, taskIds: readonly string[], sink: SubscriptionSink): () => void {
    const agreed = [...new Set(taskIds)].filter((taskId) => this.table.get(taskId) !== undefined);
    sink.send(this.notification('notifications/subscriptions/acknowledged', { notifications: { taskIds: agreed } }, id));
    const subscription: Subscription = { id, sink, unwatch: () => {} };
    this.open.add(subscription);
    if (agreed.length === 0) {
      this.end(subscription, true);
      return () => {};
    }
    const watched = new Set(agreed);
    subscription.unwatch = this.table.onDidChange((state) => {
      if (watched.has(state.taskId)) sink.send(this.taskNotification(state, id));
    });
    // The current state first: a task that changed (or finished) before the listen is not missed.
    for (const taskId of agreed) {
      const state = this.table.get(taskId);
      if (state !== undefined) sink.send(this.taskNotification(state, id));
    }
    return () => this.end(subscription, false);
  }

  /** Ends every subscription gracefully with its listen response (server shutdown, docs/protocol-notes.md#subscriptions). */
  endAll(): void {
    for (const subscription of [...this.open]) this.end(subscription, true);
  }

  private end(subscription: Subscription, graceful: boolean): void {
    if (!this.open.delete(subscription)) return;
    subscription.unwatch();
    if (graceful) {
      subscription.sink.send({
        jsonrpc: '2.0',
        id: subscription.id,
        result: { resultType: 'complete', _meta: { [SUBSCRIPTION_ID_META_KEY]: subscription.id, [SERVER_INFO_META_KEY]: this.serverInfo } },
      });
    }
    subscription.sink.end();
  }

  private taskNotification(state: TaskState, id: RequestId): JSONRPCMessage {
    return this.notification('notifications/tasks', toDetailedTask(state), id);
  }

  private notification(method: string, params: Record<string, unknown>, id: RequestId): JSONRPCMessage {
    return { jsonrpc: '2.0', method, params: { ...params, _meta: { [SUBSCRIPTION_ID_META_KEY]: id } } };
  }
}
