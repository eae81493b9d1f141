/**
 * Push for the extension form: one `subscriptions/listen` stream per server carrying every live
 * task id (docs/protocol-notes.md#subscriptions, docs/protocol-notes.md#push-notifications). There
 * is no way to add ids to a stream, so a changed set opens a new stream and the old one is closed
 * once the new one is acknowledged (no gap). Push is optional for servers: polling continues,
 * slowed to a safety net only for ids the server acknowledged.
 */
import type { ServerConnection } from '../../connections/server-connection.js';
import { McpRequestError } from '../../connections/mcp-request-error.js';
import type { Clock, TimerHandle } from '../../ports.js';
import type { ProtocolSink } from '../task-protocol.js';
import { isJsonObject } from '../../../../shared/json-guards.js';
import { parseExtensionTask } from '../task-wire.js';
import { errorBackoffDelay } from '../../tasks/task-rules.js';

const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';
/** Wait before re-opening a stream that dropped; doubled for each stream in a row dropped before its acknowledgement. */
const REOPEN_BASE_MS = 2_000;

interface Stream {
  id: string;
  taskIds: readonly string[];
  abort: AbortController;
  /** Ids the server agreed to push, once acknowledged. */
  acknowledged?: ReadonlySet<string>;
}

/** The listen stream of one extension server. */
export class TaskSubscription {
  private current: Stream | undefined;
  private previous: Stream | undefined;
  private desired: readonly string[] = [];
  private unsupported = false;
  private reopenTimer: TimerHandle | undefined;
  /** Streams in a row that ended before being acknowledged (a server that drops every listen backs off). */
  private drops = 0;

  constructor(
    private readonly connection: ServerConnection,
    private readonly sink: ProtocolSink,
    private readonly clock: Clock,
  ) {}

  /** Sets the ids to be pushed; opens a new stream when the set changed. */
  setTaskIds(taskIds: readonly string[]): void {
    const sorted = [...taskIds].sort();
    if (sameIds(sorted, this.desired)) return;
    this.desired = sorted;
    this.open();
  }

  /** True when an acknowledged stream pushes this task. */
  covers(taskId: string): boolean {
    return this.current?.acknowledged?.has(taskId) === true;
  }

  /** Drops every stream (connection gone); a later `setTaskIds` starts afresh. */
  reset(): void {
    this.reopenTimer?.cancel();
    this.reopenTimer = undefined;
    this.close(this.current);
    this.close(this.previous);
    this.current = undefined;
    this.previous = undefined;
    this.desired = [];
    this.unsupported = false;
    this.drops = 0;
  }

  /** Consumes listen acknowledgements and task pushes; true when the notification was ours. */
  handleNotification(method: string, params: Record<string, unknown>): boolean {
    const meta = isJsonObject(params._meta) ? params._meta : {};
    const subscriptionId = meta[SUBSCRIPTION_ID_KEY];
    const stream = [this.current, this.previous].find((candidate) => candidate !== undefined && candidate.id === subscriptionId);
    if (method === 'notifications/subscriptions/acknowledged') {
      if (stream === undefined) return false;
      const agreed = isJsonObject(params.notifications) && Array.isArray(params.notifications.taskIds)
        ? params.notifications.taskIds.filter((id): id is string => typeof id === 'string')
        : [];
      // Only ids we asked for count: a server cannot widen what we watch.
      stream.acknowledged = new Set(agreed.filter((id) => stream.taskIds.includes(id)));
      this.drops = 0;
      if (stream === this.current) {
        this.close(this.previous);
        this.previous = undefined;
      }
      return true;
    }
    if (method !== 'notifications/tasks') return false;
    if (stream === undefined) return true;
    const parsed = parseExtensionTask(params);
    if (!parsed.ok) {
      this.sink.onQuarantined(typeof params.taskId === 'string' ? params.taskId : undefined, parsed.reason);
      return true;
    }
    if (stream.taskIds.includes(parsed.value.snapshot.serverTaskId)) {
      this.sink.onObservation(parsed.value.snapshot.serverTaskId, parsed.value);
    }
    return true;
  }

  private open(): void {
    if (this.unsupported || !this.connection.isConnected) return;
    this.reopenTimer?.cancel();
    this.reopenTimer = undefined;
    // Keep the acknowledged stream until the new one is acknowledged; drop any older one.
    this.close(this.previous);
    this.previous = this.current?.acknowledged !== undefined ? this.current : undefined;
    if (this.previous === undefined) this.close(this.current);
    this.current = undefined;
    if (this.desired.length === 0) {
      this.close(this.previous);
      this.previous = undefined;
      return;
    }
    const stream: Stream = { id: this.connection.allocateRequestId(), taskIds: this.desired, abort: new AbortController() };
    this.current = stream;
    this.connection
      .request('subscriptions/listen', { notifications: { taskIds: stream.taskIds } }, { id: stream.id, timeoutMs: Infinity, signal: stream.abort.signal })
      .then(() => this.ended(stream, undefined), (error: unknown) => this.ended(stream, error));
  }

  private ended(stream: Stream, error: unknown): void {
    if (stream.abort.signal.aborted) return;
    if (this.previous === stream) this.previous = undefined;
    if (this.current !== stream) return;
    this.current = undefined;
    if (error instanceof McpRequestError && (error.code === -32601 || error.isMissingCapability)) {
      // The server does not push: stay on polling for this connection.
      this.unsupported = true;
      return;
    }
    if (!this.connection.isConnected) return;
    if (stream.acknowledged === undefined) this.drops += 1;
    this.reopenTimer = this.clock.setTimer(errorBackoffDelay(this.drops, REOPEN_BASE_MS), () => {
      this.reopenTimer = undefined;
      this.open();
    });
  }

  private close(stream: Stream | undefined): void {
    if (stream !== undefined && !stream.abort.signal.aborted) stream.abort.abort();
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
