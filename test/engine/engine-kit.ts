/**
 * The engine's collaborators wired as in the app (createEngineParts) to a scripted fake protocol,
 * in-memory stores and a fake clock: engine rules tested without spawning a server, the way VS
 * Code tests its MCP task client. Integration tests against real servers stay the proof that the
 * wire behaves; these pin the rules.
 */
import type { ServerRequestAnswer } from '../../electron/engine/connections/connection-contract.js';
import { McpRequestError } from '../../electron/engine/connections/mcp-request-error.js';
import { Emitter } from '../../electron/engine/emitter.js';
import { createEngineParts, type EngineParts } from '../../electron/engine/engine-parts.js';
import type { Logger, ResultStore, SaveProblem, TaskStore, TaskStoreChanges } from '../../electron/engine/ports.js';
import type { CallOptions, CallReply, TaskProtocol } from '../../electron/engine/protocols/task-protocol.js';
import type { TaskObservation } from '../../electron/engine/protocols/task-wire.js';
import type { LegacySession, PendingInput, TaskForm, TaskSnapshot, ToolResult, TrackedTask } from '../../shared/task-model.js';
import { FakeClock, flushPromises } from '../helpers/fake-clock.js';

/** A store that keeps what was saved, in memory. */
export class MemoryTaskStore implements TaskStore {
  readonly saved = new Map<string, TrackedTask>();
  constructor(private readonly initial: TrackedTask[] = []) {}
  load() {
    for (const task of this.initial) this.saved.set(task.localId, task);
    return Promise.resolve({ tasks: [...this.initial], problems: [] });
  }
  save({ upserts, removals }: TaskStoreChanges) {
    for (const task of upserts) this.saved.set(task.localId, task);
    for (const id of removals) this.saved.delete(id);
    return Promise.resolve();
  }
}

export class MemoryResultStore implements ResultStore {
  readonly results = new Map<string, ToolResult>();
  get(id: string) {
    return Promise.resolve(this.results.get(id));
  }
  put(id: string, result: ToolResult) {
    this.results.set(id, result);
    return Promise.resolve();
  }
  delete(id: string) {
    this.results.delete(id);
    return Promise.resolve();
  }
}

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** One request the fake protocol received. */
export type ProtocolCall =
  | { method: 'tools/call'; name: string; args: Record<string, unknown>; options: CallOptions }
  | { method: 'tasks/get' | 'tasks/cancel'; taskId: string }
  | { method: 'tasks/update'; taskId: string; responses: Record<string, unknown> };

/** A scripted task protocol: each method answers through a replaceable handler and is logged. */
export class FakeProtocol implements TaskProtocol {
  readonly calls: ProtocolCall[] = [];
  watched: readonly string[] = [];
  session: LegacySession | undefined;
  onCall: (name: string, args: Record<string, unknown>, options: CallOptions) => Promise<CallReply> = () => Promise.reject(new Error('no tools/call scripted'));
  onGet: (taskId: string) => Promise<TaskObservation> = () => Promise.reject(new Error('no tasks/get scripted'));
  onCancel: (taskId: string) => Promise<TaskObservation | undefined> = () => Promise.resolve(undefined);
  onUpdate: (taskId: string, responses: Record<string, unknown>) => Promise<void> = () => Promise.resolve();

  readonly takesServerRequests = true;
  /** What `mayBecomeTask` answers (false: the server's calls are plain). */
  mayBecome = true;
  cancelWire = { notifies: true, closesRequest: false };

  constructor(readonly form: TaskForm = 'extension') {}

  mayBecomeTask(): Promise<boolean> {
    return Promise.resolve(this.mayBecome);
  }

  callTool(name: string, args: Record<string, unknown>, options: CallOptions = {}): Promise<CallReply> {
    this.calls.push({ method: 'tools/call', name, args, options });
    return this.onCall(name, args, options);
  }
  getTask(taskId: string): Promise<TaskObservation> {
    this.calls.push({ method: 'tasks/get', taskId });
    return this.onGet(taskId);
  }
  cancelTask(taskId: string): Promise<TaskObservation | undefined> {
    this.calls.push({ method: 'tasks/cancel', taskId });
    return this.onCancel(taskId);
  }
  answerInputs(taskId: string, responses: Record<string, unknown>): Promise<void> {
    this.calls.push({ method: 'tasks/update', taskId, responses });
    return this.onUpdate(taskId, responses);
  }
  taskSession(): LegacySession | undefined {
    return this.session;
  }
  relatedTaskOf(params: Record<string, unknown>): string | undefined {
    return typeof params.relatedTask === 'string' ? params.relatedTask : undefined;
  }
  listTasks(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  watch(taskIds: readonly string[]): void {
    this.watched = taskIds;
  }
  isPushed(): boolean {
    return false;
  }
  handleNotification(): boolean {
    return false;
  }
  reset(): void {}

  /** How many requests of `method` it received. */
  count(method: ProtocolCall['method']): number {
    return this.calls.filter((call) => call.method === method).length;
  }
}

/** A snapshot of `taskId` with defaults. */
export function snapshot(taskId: string, fields: Partial<TaskSnapshot> = {}): TaskSnapshot {
  return { serverTaskId: taskId, status: 'working', createdAt: '2026-11-30T09:00:00.000Z', lastUpdatedAt: '2026-11-30T09:00:00.000Z', ttlMs: 3_600_000, pollIntervalMs: 1_000, ...fields };
}

/** A JSON-RPC error as a server answers it. */
export function serverError(code: number, message: string): McpRequestError {
  return McpRequestError.fromServer(code, message, undefined);
}

/** A fake server connection's answers to server-to-client requests, as they went out. */
export class FakeResponder {
  readonly sent: Array<{ requestId: string | number; answer: ServerRequestAnswer }> = [];
  respond(requestId: string | number, answer: ServerRequestAnswer): Promise<void> {
    this.sent.push({ requestId, answer });
    return Promise.resolve();
  }
}

export const SERVER = 'server-a';

/** The wired parts on a fake clock and in-memory stores, with `protocol` as server `SERVER`'s (undefined = disconnected). */
export function engineKit(options: { initial?: TrackedTask[]; protocol?: FakeProtocol } = {}) {
  const clock = new FakeClock();
  const taskStore = new MemoryTaskStore(options.initial);
  const resultStore = new MemoryResultStore();
  let protocol: FakeProtocol | undefined = options.protocol ?? new FakeProtocol();
  const report = (error: unknown): void => {
    throw error;
  };
  const emitters = {
    task: new Emitter<TrackedTask>(report),
    removed: new Emitter<string>(report),
    inputs: new Emitter<PendingInput[]>(report),
    saveProblem: new Emitter<SaveProblem | undefined>(report),
  };
  const parts: EngineParts = createEngineParts({
    ports: { taskStore, resultStore, clock, logger: silent, random: () => 0 },
    emitters,
    protocolOf: (serverId) => (serverId === SERVER ? protocol : undefined),
    rootsOf: () => [],
    notConnected: (serverId) => new McpRequestError(`${serverId} is not connected.`, undefined, undefined, 'disconnected'),
  });
  return {
    clock,
    taskStore,
    resultStore,
    parts,
    emitters,
    get protocol(): FakeProtocol | undefined {
      return protocol;
    },
    /** Disconnects (undefined) or connects another protocol. */
    setProtocol(next: FakeProtocol | undefined): void {
      protocol = next;
    },
    /** Lets the fake clock run `ms` forward, firing timers and settling promises. */
    advance: (ms: number) => clock.advance(ms),
    settle: flushPromises,
  };
}
