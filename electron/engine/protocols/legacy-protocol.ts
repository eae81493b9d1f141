/**
 * The experimental tasks of 2025-11-25 (SEP-1686, PROTOCOL.md §4, §7.3): `task` param only where
 * the tool allows it, `tasks/get`, blocking `tasks/result` for the payload (also of failed tasks),
 * `tasks/cancel`, unsolicited `notifications/tasks/status`. While a task waits for input a
 * `tasks/result` request is kept open: SDK 1.x servers deliver their elicitation (and sampling,
 * roots) requests only on that stream (§4.5), and the answers go back as JSON-RPC responses.
 */
import { isTerminalStatus, type InputRequest, type JsonRpcErrorObject, type ToolResult } from '../../../shared/task-model.js';
import type { ServerConnection, ServerRequestAnswer } from '../connections/server-connection.js';
import { McpRequestError } from '../connections/mcp-request-error.js';
import type { CallOutcome, ProtocolSink, TaskProtocol } from './task-protocol.js';
import { isJsonObject, parseLegacyTask, type TaskObservation } from './task-wire.js';

/** Retention asked for on task-augmented calls; servers may override it (§4.8). */
const REQUESTED_TTL_MS = 24 * 3_600_000;
const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';
/** Pages of `tasks/list` read at most (a server repeating cursors cannot loop us forever). */
const MAX_LIST_PAGES = 100;
/** Longest part of a string JSON-RPC id put into an input key. */
const MAX_KEY_ID_LENGTH = 100;

/** What `tasks/result` gave: the original request's result, or its JSON-RPC error. */
type Payload = { result: ToolResult } | { error: JsonRpcErrorObject };

interface WaitingRequest {
  taskId: string;
  /** The JSON-RPC id of a request adopted after a restart (no SDK handler to withdraw it). */
  adoptedId?: string | number;
  /** Delivers the answer: to the SDK's live handler, or (adopted after a restart) as a bare response. */
  deliver(answer: ServerRequestAnswer): Promise<void>;
}

/** Legacy-form adapter for one connected server. */
export class LegacyProtocol implements TaskProtocol {
  readonly form = 'legacy' as const;
  private toolTaskSupport: Map<string, string> | undefined;
  /** Payloads that arrived on an open `tasks/result` before a poll saw the terminal status. */
  private readonly payloads = new Map<string, Payload>();
  /** Tasks with a `tasks/result` request open. */
  private readonly openStreams = new Map<string, AbortController>();
  private readonly waiting = new Map<string, WaitingRequest>();

  constructor(
    private readonly connection: ServerConnection,
    private readonly sink: ProtocolSink,
  ) {}

  async callTool(name: string, args: Record<string, unknown>): Promise<CallOutcome> {
    const params: Record<string, unknown> = { name, arguments: args };
    if (await this.mayAugment(name)) params.task = { ttl: REQUESTED_TTL_MS };
    const result = await this.connection.request('tools/call', params, { timeoutMs: 120_000 });
    if (isJsonObject(result.task)) {
      const parsed = parseLegacyTask(result.task);
      if (!parsed.ok) throw new McpRequestError(`Malformed task from the server: ${parsed.reason}`, undefined, undefined, 'malformed');
      return { kind: 'task', observation: parsed.value };
    }
    // A receiver may ignore the `task` param and answer normally (PROTOCOL.md §4.1).
    return { kind: 'result', result };
  }

  async getTask(taskId: string): Promise<TaskObservation> {
    const parsed = parseLegacyTask(await this.connection.request('tasks/get', { taskId }));
    if (!parsed.ok) throw new McpRequestError(`Malformed task from the server: ${parsed.reason}`, undefined, undefined, 'malformed');
    const observation = parsed.value;
    const { status } = observation.snapshot;
    if (status === 'input_required') this.openResultStream(taskId);
    // No payload for cancelled tasks: SDK servers answer -32603 there (PROTOCOL.md §7.3.5).
    if (isTerminalStatus(status) && status !== 'cancelled') {
      const payload = this.payloads.get(taskId) ?? (await this.fetchPayload(taskId));
      this.payloads.delete(taskId);
      if (payload !== undefined) applyPayload(observation, payload);
    }
    return observation;
  }

  async cancelTask(taskId: string): Promise<TaskObservation | undefined> {
    if (!this.serverOffers('cancel')) throw new McpRequestError('This server does not offer cancelling tasks (no tasks.cancel capability).', undefined, undefined, 'malformed');
    const parsed = parseLegacyTask(await this.connection.request('tasks/cancel', { taskId }));
    return parsed.ok ? parsed.value : undefined;
  }

  /**
   * Answers held server requests by key; rejects when an answer did not reach the server (e.g.
   * it was unreachable for a while), and that request stays held (see `isWaiting`) for another try.
   */
  async answerInputs(_taskId: string, responses: Record<string, unknown>): Promise<void> {
    for (const [key, response] of Object.entries(responses)) {
      await this.deliver(key, { result: isJsonObject(response) ? response : {} });
    }
  }

  /**
   * Answers a held server request with a JSON-RPC error instead of a result (the user refused it,
   * e.g. "User rejected sampling request", code -1 as in the spec's sampling example).
   */
  refuseInput(key: string, code: number, message: string): Promise<void> {
    return this.deliver(key, { error: { code, message } });
  }

  /** True while the request filed under `key` waits for an answer here. */
  isWaiting(key: string): boolean {
    return this.waiting.has(key);
  }

  /**
   * Holds a request the server sent on an earlier connection to this same session (kept with
   * its task across a restart): its answer goes out as a bare JSON-RPC response with the
   * original `requestId`, which the session's server still waits for. False when `key` is
   * already held.
   */
  adopt(taskId: string, key: string, requestId: string | number): boolean {
    if (this.waiting.has(key)) return false;
    this.waiting.set(key, { taskId, adoptedId: requestId, deliver: (answer) => this.connection.respond(requestId, answer) });
    return true;
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
    // A requestor MUST NOT rely on notifications/tasks/status (§4.3): always poll.
    return false;
  }

  reset(): void {
    for (const controller of this.openStreams.values()) controller.abort();
    this.openStreams.clear();
    this.payloads.clear();
    this.toolTaskSupport = undefined;
    // The server still waits for these (over HTTP its session may be rejoined): not withdrawn.
    for (const [key, waiting] of this.waiting) this.sink.onInputWithdrawn(waiting.taskId, key, 'disconnected');
    this.waiting.clear();
  }

  /**
   * Handles `notifications/tasks/status`, and `notifications/cancelled` for an adopted request
   * (the server withdrew it: e.g. its task was cancelled, or it stopped waiting); true when the
   * notification was ours. A live request's withdrawal comes through its handler's signal instead.
   */
  handleNotification(method: string, params: Record<string, unknown>): boolean {
    if (method === 'notifications/cancelled') return this.withdrawAdopted(params.requestId);
    if (method !== 'notifications/tasks/status') return false;
    const parsed = parseLegacyTask(params);
    if (!parsed.ok) {
      this.sink.onQuarantined(typeof params.taskId === 'string' ? params.taskId : undefined, `Malformed status push: ${parsed.reason}`);
      return true;
    }
    const { taskId, status } = parsed.value.snapshot;
    // A pushed end carries no payload; a poll now fetches it with the status (tasks/result).
    if (isTerminalStatus(status) && status !== 'cancelled') this.sink.onPollHint(taskId);
    else this.sink.onObservation(taskId, parsed.value);
    return true;
  }

  /**
   * A server-to-client request (elicitation, sampling, roots). Those tagged with a task are held
   * as that task's pending input until the user answers; resolves with the answer. The input's
   * key comes from the JSON-RPC id (unique in the session the task lives in), so a request kept
   * across a restart is filed under the same key and cannot collide with one asked later.
   */
  handleServerRequest(method: string, params: Record<string, unknown>, signal: AbortSignal, requestId: string | number, sent: Promise<void>): Promise<Record<string, unknown>> | undefined {
    const meta = isJsonObject(params._meta) ? params._meta : {};
    const related = isJsonObject(meta[RELATED_TASK_KEY]) ? meta[RELATED_TASK_KEY] : undefined;
    const taskId = typeof related?.taskId === 'string' ? related.taskId : undefined;
    if (taskId === undefined) return undefined;
    const key = this.keyFor(requestId);
    const { _meta: _ignored, ...requestParams } = params;
    const request: InputRequest = { method, params: requestParams };
    return new Promise((resolve, reject) => {
      let handedToSdk = false;
      this.waiting.set(key, {
        taskId,
        deliver: async (answer) => {
          // The SDK answers once; when that send failed, the next try is a bare response to the
          // same id, which the session's server still waits for.
          if (handedToSdk) return this.connection.respond(requestId, answer);
          handedToSdk = true;
          if ('result' in answer) resolve(answer.result);
          else reject(new McpRequestError(answer.error.message, answer.error.code));
          await sent;
        },
      });
      signal.addEventListener('abort', () => {
        if (!this.waiting.delete(key)) return;
        this.sink.onInputWithdrawn(taskId, key, 'withdrawn');
        reject(new Error('The server withdrew the request.'));
      }, { once: true });
      this.sink.onInputRequested(taskId, key, request, requestId);
    });
  }

  private withdrawAdopted(requestId: unknown): boolean {
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return false;
    const found = [...this.waiting].find(([, waiting]) => waiting.adoptedId === requestId);
    if (found === undefined) return false;
    const [key, { taskId }] = found;
    this.waiting.delete(key);
    this.sink.onInputWithdrawn(taskId, key, 'withdrawn');
    return true;
  }

  /** Takes the request off the held list and delivers its answer; put back when the send fails. */
  private async deliver(key: string, answer: ServerRequestAnswer): Promise<void> {
    const waiting = this.waiting.get(key);
    if (waiting === undefined) throw new McpRequestError(`The server no longer waits for input ${key}.`, undefined, undefined, 'malformed');
    this.waiting.delete(key);
    try {
      await waiting.deliver(answer);
    } catch (error) {
      if (!this.waiting.has(key)) this.waiting.set(key, waiting);
      throw error;
    }
  }

  /** `request-<id>`; a (hostile) string id cut short that matches a held key gets a suffix. */
  private keyFor(requestId: string | number): string {
    const base = `request-${String(requestId).slice(0, MAX_KEY_ID_LENGTH)}`;
    let key = base;
    for (let n = 2; this.waiting.has(key); n++) key = `${base}~${n}`;
    return key;
  }

  private serverOffers(feature: 'list' | 'cancel'): boolean {
    const tasks = this.connection.serverCapabilities?.tasks;
    return isJsonObject(tasks) && isJsonObject(tasks[feature]);
  }

  private async mayAugment(toolName: string): Promise<boolean> {
    if (this.connection.state.taskSupport !== 'legacy') return false;
    if (this.toolTaskSupport === undefined || !this.toolTaskSupport.has(toolName)) {
      const tools = await this.connection.listTools();
      this.toolTaskSupport = new Map(tools.map((tool) => [tool.name, readTaskSupport(tool)]));
    }
    const support = this.toolTaskSupport.get(toolName);
    return support === 'optional' || support === 'required';
  }

  private openResultStream(taskId: string): void {
    if (this.openStreams.has(taskId)) return;
    const controller = new AbortController();
    this.openStreams.set(taskId, controller);
    this.connection
      .request('tasks/result', { taskId }, { timeoutMs: Infinity, signal: controller.signal })
      .then(
        (result) => this.payloads.set(taskId, { result }),
        (error: unknown) => {
          if (error instanceof McpRequestError && error.code !== undefined) {
            this.payloads.set(taskId, { error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } });
          }
        },
      )
      .finally(() => {
        if (this.openStreams.get(taskId) === controller) this.openStreams.delete(taskId);
        if (!controller.signal.aborted) this.sink.onPollHint(taskId);
      });
  }

  private async fetchPayload(taskId: string): Promise<Payload | undefined> {
    try {
      return { result: await this.connection.request('tasks/result', { taskId }) };
    } catch (error) {
      if (error instanceof McpRequestError && error.code !== undefined && error.code !== -32602) {
        return { error: { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) } };
      }
      if (error instanceof McpRequestError && error.code === undefined) throw error;
      return undefined;
    }
  }
}

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
