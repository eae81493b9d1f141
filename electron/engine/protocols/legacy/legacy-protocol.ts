/**
 * The experimental tasks of 2025-11-25 (SEP-1686): `task` param only where the tool allows it,
 * `tasks/get`, blocking `tasks/result` for the payload (also of failed tasks), `tasks/cancel`,
 * `tasks/list`, unsolicited `notifications/tasks/status`. While a task waits for input a
 * `tasks/result` request is kept open: SDK 1.x servers deliver their elicitation (and sampling,
 * roots) requests only on that stream, as server-to-client requests tagged with the task
 * (answered through inputs/server-requests.ts, not here).
 */
import { isTerminalStatus, type JsonRpcErrorObject, type LegacySession, type ToolResult } from '../../../../shared/task-model.js';
import type { ServerConnection } from '../../connections/server-connection.js';
import { McpRequestError } from '../../connections/mcp-request-error.js';
import type { Clock } from '../../ports.js';
import { callRequestOptions, type CallOptions, type CallReply, type ProtocolSink, type TaskProtocol } from '../task-protocol.js';
import { isJsonObject } from '../../../../shared/json-guards.js';
import { parseLegacyTask, type TaskObservation } from '../task-wire.js';
import { errorBackoffDelay, type CancelWire } from '../../tasks/task-rules.js';

/** Retention asked for on task-augmented calls; servers may override it. */
const REQUESTED_TTL_MS = 24 * 3_600_000;
const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';
/** Pages of `tasks/list` read at most (a server repeating cursors cannot loop us forever). */
const MAX_LIST_PAGES = 100;

/** A task's open `tasks/result` request and how its earlier ones fared. */
interface ResultStream {
  /** The open request, if any. */
  controller?: AbortController;
  /** Streams in a row that ended without the payload (an error, or closed). */
  failures: number;
  /** Monotonic ms before which no new stream opens (exponential backoff after failures). */
  notBefore: number;
}

/** Legacy-form adapter for one connected server. */
export class LegacyProtocol implements TaskProtocol {
  readonly form = 'legacy' as const;
  readonly takesServerRequests = true;
  private toolTaskSupport: Map<string, string> | undefined;
  /**
   * Results that arrived on an open `tasks/result` before a poll saw the terminal status. Only
   * results: an error on a stream opened while the task waited says nothing of how it will end
   * (some servers answer at once "no result stored"), so a finished task fetches its error fresh.
   */
  private readonly results = new Map<string, ToolResult>();
  private readonly streams = new Map<string, ResultStream>();

  constructor(
    private readonly connection: ServerConnection,
    private readonly sink: ProtocolSink,
    private readonly clock: Clock,
  ) {}

  get cancelWire(): CancelWire {
    return this.connection.cancelWire;
  }

  /** Only where the server offers task-augmented calls and the tool allows them (`execution.taskSupport`). */
  async mayBecomeTask(toolName: string): Promise<boolean> {
    if (this.connection.state.taskSupport !== 'legacy') return false;
    if (this.toolTaskSupport === undefined || !this.toolTaskSupport.has(toolName)) {
      const tools = await this.connection.listTools();
      this.toolTaskSupport = new Map(tools.map((tool) => [tool.name, readTaskSupport(tool)]));
    }
    const support = this.toolTaskSupport.get(toolName);
    return support === 'optional' || support === 'required';
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallReply> {
    const params: Record<string, unknown> = { name, arguments: args };
    if (options.asTask === true) params.task = { ttl: REQUESTED_TTL_MS };
    if (options.progressToken !== undefined) params._meta = { progressToken: options.progressToken };
    const result = await this.connection.request('tools/call', params, callRequestOptions(options));
    if (isJsonObject(result.task)) {
      const parsed = parseLegacyTask(result.task);
      if (!parsed.ok) throw new McpRequestError(`Malformed task from the server: ${parsed.reason}`, undefined, undefined, 'malformed');
      return { kind: 'task', observation: parsed.value };
    }
    // A receiver may ignore the `task` param and answer normally (2025-11-25 tasks: "process it normally").
    return { kind: 'result', result };
  }

  async getTask(serverTaskId: string): Promise<TaskObservation> {
    const parsed = parseLegacyTask(await this.connection.request('tasks/get', { taskId: serverTaskId }));
    if (!parsed.ok) throw new McpRequestError(`Malformed task from the server: ${parsed.reason}`, undefined, undefined, 'malformed');
    const observation = parsed.value;
    const { status } = observation.snapshot;
    if (status === 'input_required') this.openResultStream(serverTaskId);
    // No payload for cancelled tasks: SDK servers answer -32603 there.
    if (isTerminalStatus(status) && status !== 'cancelled') {
      const early = this.results.get(serverTaskId);
      const payload = early !== undefined ? { result: early } : await this.fetchPayload(serverTaskId);
      this.results.delete(serverTaskId);
      this.streams.delete(serverTaskId);
      if (payload !== undefined) applyPayload(observation, payload);
    }
    return observation;
  }

  async cancelTask(serverTaskId: string): Promise<TaskObservation | undefined> {
    if (!this.serverOffers('cancel')) throw new McpRequestError('This server does not offer cancelling tasks (no tasks.cancel capability).', undefined, undefined, 'malformed');
    const parsed = parseLegacyTask(await this.connection.request('tasks/cancel', { taskId: serverTaskId }));
    return parsed.ok ? parsed.value : undefined;
  }

  answerInputs(): Promise<void> {
    // Its tasks ask through server-to-client requests, each answered on its own.
    return Promise.reject(new McpRequestError('A 2025-11-25 task has no input requests of its own to answer.', undefined, undefined, 'malformed'));
  }

  taskSession(): LegacySession | undefined {
    return this.connection.legacySession;
  }

  relatedTaskOf(params: Record<string, unknown>): string | undefined {
    const meta = isJsonObject(params._meta) ? params._meta : {};
    const related = isJsonObject(meta[RELATED_TASK_KEY]) ? meta[RELATED_TASK_KEY] : undefined;
    return typeof related?.taskId === 'string' && related.taskId !== '' ? related.taskId : undefined;
  }

  /**
   * Every task the server lists for this session (`tasks/list`, following `nextCursor`), or
   * undefined when the server does not offer listing. Malformed entries are skipped.
   */
  async listTasks(): Promise<TaskObservation[] | undefined> {
    if (!this.serverOffers('list')) return undefined;
    const found: TaskObservation[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const result = await this.connection.request('tasks/list', cursor === undefined ? {} : { cursor });
      for (const raw of Array.isArray(result.tasks) ? result.tasks : []) {
        const parsed = parseLegacyTask(raw);
        if (parsed.ok) found.push(parsed.value);
      }
      if (typeof result.nextCursor !== 'string' || result.nextCursor === cursor) return found;
      cursor = result.nextCursor;
    }
    return found;
  }

  watch(): void {
    // 2025-11-25 pushes status unsolicited; there is nothing to subscribe to.
  }

  isPushed(): boolean {
    // A requestor MUST NOT rely on notifications/tasks/status: always poll.
    return false;
  }

  reset(): void {
    for (const stream of this.streams.values()) stream.controller?.abort();
    this.streams.clear();
    this.results.clear();
    this.toolTaskSupport = undefined;
  }

  /** Handles `notifications/tasks/status`; true when the notification was ours. */
  handleNotification(method: string, params: Record<string, unknown>): boolean {
    if (method !== 'notifications/tasks/status') return false;
    const parsed = parseLegacyTask(params);
    if (!parsed.ok) {
      this.sink.onQuarantined(typeof params.taskId === 'string' ? params.taskId : undefined, parsed.reason);
      return true;
    }
    const { serverTaskId: taskId, status } = parsed.value.snapshot;
    // A pushed end carries no payload; a poll fetches it with the status (tasks/result).
    if (isTerminalStatus(status) && status !== 'cancelled') this.sink.onPollHint(taskId);
    else this.sink.onObservation(taskId, parsed.value);
    return true;
  }

  private serverOffers(feature: 'list' | 'cancel'): boolean {
    const tasks = this.connection.serverCapabilities?.tasks;
    return isJsonObject(tasks) && isJsonObject(tasks[feature]);
  }

  /**
   * Keeps a `tasks/result` open while the task waits, so the server can deliver its questions.
   * A stream that ends without the payload is reopened only after an exponential backoff (capped
   * at 60 s): a server answering every `tasks/result` at once with an error cannot make a loop.
   */
  private openResultStream(serverTaskId: string): void {
    const stream = this.streams.get(serverTaskId) ?? { failures: 0, notBefore: 0 };
    if (stream.controller !== undefined || this.clock.monotonic() < stream.notBefore) return;
    const controller = new AbortController();
    stream.controller = controller;
    this.streams.set(serverTaskId, stream);
    this.connection
      .request('tasks/result', { taskId: serverTaskId }, { timeoutMs: Infinity, signal: controller.signal })
      .then(
        (result) => {
          this.results.set(serverTaskId, result);
          // The payload is here: the task has ended, and a poll shows how.
          this.sink.onPollHint(serverTaskId);
        },
        () => {
          if (controller.signal.aborted) return;
          stream.failures += 1;
          stream.notBefore = this.clock.monotonic() + errorBackoffDelay(stream.failures);
        },
      )
      .finally(() => {
        if (stream.controller === controller) stream.controller = undefined;
      });
  }

  private async fetchPayload(serverTaskId: string): Promise<Payload | undefined> {
    try {
      return { result: await this.connection.request('tasks/result', { taskId: serverTaskId }) };
    } catch (error) {
      if (error instanceof McpRequestError && error.code !== undefined && !error.isUnknownTask) {
        return { error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } };
      }
      if (error instanceof McpRequestError && error.code === undefined) throw error;
      return undefined;
    }
  }
}

/** What `tasks/result` gave: the original request's result, or its JSON-RPC error. */
type Payload = { result: ToolResult } | { error: JsonRpcErrorObject };

function readTaskSupport(tool: { execution?: unknown }): string {
  const execution = isJsonObject(tool.execution) ? tool.execution : {};
  return typeof execution.taskSupport === 'string' ? execution.taskSupport : 'forbidden';
}

/** Puts a `tasks/result` payload on an observation: a result, or the original JSON-RPC error. */
function applyPayload(observation: TaskObservation, payload: Payload): void {
  if ('result' in payload) {
    const { _meta: _meta, ...result } = payload.result;
    observation.result = result;
  } else if (observation.snapshot.status === 'failed') {
    observation.snapshot.error = payload.error;
  }
}
