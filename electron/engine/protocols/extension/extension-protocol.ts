/**
 * The tasks extension `io.modelcontextprotocol/tasks` of 2026-07-28 (SEP-2663,
 * docs/protocol-notes.md#the-tasks-extension-2026-07-28): polymorphic `tools/call`,
 * `tasks/get|update|cancel`, and push through `subscriptions/listen` with `taskIds`. Never
 * `notifications/cancelled` for a task (docs/protocol-notes.md#cancelling-a-task).
 */
import type { InputRequest } from '../../../../shared/task-model.js';
import type { ServerConnection } from '../../connections/server-connection.js';
import { McpRequestError } from '../../connections/mcp-request-error.js';
import type { Clock } from '../../ports.js';
import { callRequestOptions, type CallOptions, type CallReply, type ProtocolSink, type TaskProtocol } from '../task-protocol.js';
import type { CancelWire } from '../../tasks/task-rules.js';
import { isJsonObject } from '../../../../shared/json-guards.js';
import { parseExtensionTask, parseInputRequests, type TaskObservation } from '../task-wire.js';
import { TaskSubscription } from './task-subscription.js';

/** Largest MRTR `requestState` we will echo (it is opaque server state, MCP 2026-07-28 MRTR). */
const MAX_REQUEST_STATE_LENGTH = 256 * 1024;

/** Extension-form adapter for one connected server. */
export class ExtensionProtocol implements TaskProtocol {
  readonly form = 'extension' as const;
  /** 2026-07-28 servers MUST NOT send requests: they ask through MRTR and `inputRequests`. */
  readonly takesServerRequests = false;
  private readonly subscription: TaskSubscription;

  constructor(
    private readonly connection: ServerConnection,
    sink: ProtocolSink,
    clock: Clock,
  ) {
    this.subscription = new TaskSubscription(connection, sink, clock);
  }

  get cancelWire(): CancelWire {
    return this.connection.cancelWire;
  }

  /** A server with the extension may answer any call with a task; one without it never does. */
  mayBecomeTask(): Promise<boolean> {
    return Promise.resolve(this.connection.state.taskSupport === 'extension');
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallReply> {
    const params: Record<string, unknown> = { name, arguments: args };
    const { round } = options;
    if (round !== undefined) {
      params.inputResponses = round.inputResponses;
      if (round.requestState !== undefined) params.requestState = round.requestState;
    }
    if (options.progressToken !== undefined) params._meta = { progressToken: options.progressToken };
    const result = await this.connection.request('tools/call', params, callRequestOptions(options));
    return parseCallResult(result);
  }

  async getTask(taskId: string): Promise<TaskObservation> {
    return parseOrThrow(await this.connection.request('tasks/get', { taskId }));
  }

  async cancelTask(taskId: string): Promise<TaskObservation | undefined> {
    // The answer is an empty ack: cancellation is cooperative and eventually consistent.
    await this.connection.request('tasks/cancel', { taskId });
    return undefined;
  }

  async answerInputs(taskId: string, responses: Record<string, unknown>): Promise<void> {
    await this.connection.request('tasks/update', { taskId, inputResponses: responses });
  }

  taskSession(): undefined {
    // Extension tasks are addressed by id alone: no session to rejoin.
    return undefined;
  }

  relatedTaskOf(): undefined {
    // 2026-07-28 has no server-to-client requests: tasks ask through their `inputRequests`.
    return undefined;
  }

  listTasks(): Promise<undefined> {
    // The extension has no `tasks/list`.
    return Promise.resolve(undefined);
  }

  watch(taskIds: readonly string[]): void {
    this.subscription.setTaskIds(taskIds);
  }

  isPushed(taskId: string): boolean {
    return this.subscription.covers(taskId);
  }

  reset(): void {
    this.subscription.reset();
  }

  /** Handles a notification this form owns; true when it was ours. */
  handleNotification(method: string, params: Record<string, unknown>): boolean {
    return this.subscription.handleNotification(method, params);
  }
}

function parseOrThrow(raw: unknown): TaskObservation {
  const parsed = parseExtensionTask(raw);
  if (!parsed.ok) throw new McpRequestError(`Malformed task from the server: ${parsed.reason}`, undefined, undefined, 'malformed');
  return parsed.value;
}

/** Maps the three `tools/call` outcomes (`complete`, `input_required`, `task`); anything else is invalid. */
export function parseCallResult(result: Record<string, unknown>): CallReply {
  switch (result.resultType) {
    case 'task':
      return { kind: 'task', observation: parseOrThrow(result) };
    case 'input_required': {
      let inputRequests: Record<string, InputRequest> = {};
      if (result.inputRequests !== undefined) {
        const parsed = parseInputRequests(result.inputRequests);
        if (!parsed.ok) throw new McpRequestError(`Malformed input request: ${parsed.reason}`, undefined, undefined, 'malformed');
        inputRequests = parsed.value;
      }
      const { requestState } = result;
      if (requestState !== undefined && (typeof requestState !== 'string' || requestState.length > MAX_REQUEST_STATE_LENGTH)) {
        throw new McpRequestError('The server sent an unusable requestState.', undefined, undefined, 'malformed');
      }
      if (Object.keys(inputRequests).length === 0 && requestState === undefined) {
        throw new McpRequestError('The server asked for input without saying what it needs.', undefined, undefined, 'malformed');
      }
      return requestState === undefined ? { kind: 'input_required', inputRequests } : { kind: 'input_required', inputRequests, requestState };
    }
    case 'complete':
    case undefined:
      // A missing resultType is tolerated like the spec's own examples.
      return { kind: 'result', result: stripResultType(result) };
    default:
      throw new McpRequestError(`The server answered with an unknown resultType ${JSON.stringify(String(result.resultType).slice(0, 40))}.`, undefined, undefined, 'malformed');
  }
}

function stripResultType(result: Record<string, unknown>): Record<string, unknown> {
  const { resultType: _resultType, ...rest } = result;
  return isJsonObject(rest) ? rest : {};
}
