/**
 * The extension's task runtime — the part the SDK does not have
 * (docs/protocol-notes.md#what-the-mcp-typescript-packages-really-do): it creates tasks, runs their
 * work, turns questions into `inputRequests` answered by `tasks/update`, and cancels. Questions
 * asked together are outstanding together; a partial `tasks/update` answers those keys and leaves
 * the task `input_required` until the rest arrive. One runtime serves every connection and request
 * of the process: the protocol is stateless, tasks are addressed by id alone
 * (docs/protocol-notes.md#http-routing-by-task-id).
 */
import { wireRequest, type ClientRequestSpec } from '../catalogue/client-requests.js';
import type { ClientReply } from '../catalogue/replies.js';
import type { TaskJob, ToolOutcome } from '../catalogue/task-job.js';
import { promised } from '../core/promised.js';
import { TaskJobs, type TaskDriver } from '../core/task-jobs.js';
import { TaskTable, type TaskChange, type TaskState } from '../core/task-table.js';
import type { Logger } from '../log.js';

type Waiter = { resolve: (reply: ClientReply) => void; detach: () => void };

/** The terminal change an outcome makes: `isError` results still complete (extension semantics, docs/protocol-notes.md#task-statuses). */
function finalChange(outcome: ToolOutcome): TaskChange {
  if (outcome.kind === 'error') {
    return { status: 'failed', statusMessage: outcome.error.message, error: outcome.error, inputRequests: undefined };
  }
  const statusMessage = outcome.result.isError === true ? 'Completed with a tool error' : 'Completed';
  return { status: 'completed', statusMessage, result: outcome.result, inputRequests: undefined };
}

/** Tasks, their work and their pending questions, for one extension server process. */
export class ExtensionTaskRuntime {
  /** The task records; subscriptions watch it for changes. */
  readonly table = new TaskTable();
  private readonly jobs: TaskJobs;
  /** Questions the work is waiting on, by task id, then by `inputRequests` key. */
  private readonly waiting = new Map<string, Map<string, Waiter>>();

  constructor(log: Logger) {
    this.jobs = new TaskJobs(this.table, log);
  }

  /**
   * Creates a task and starts `job`. The task exists (a `tasks/get` resolves) before this
   * returns, as docs/protocol-notes.md#what-a-tool-call-returns requires of a `CreateTaskResult`;
   * the state returned already shows the work's first status message.
   */
  start(job: TaskJob): TaskState {
    const created = this.table.create({ statusMessage: 'Starting' });
    this.jobs.start(created.taskId, job, this.driver(created.taskId));
    return this.table.get(created.taskId) ?? created;
  }

  /** The task, or undefined when unknown or expired. */
  get(taskId: string): TaskState | undefined {
    return this.table.get(taskId);
  }

  /**
   * Delivers `tasks/update` answers. Keys that are not outstanding (never asked, already
   * answered) are ignored (docs/protocol-notes.md#answering-input-requests). Returns false when the
   * task is unknown.
   */
  answer(taskId: string, responses: Record<string, unknown>): boolean {
    if (this.table.get(taskId) === undefined) return false;
    const waiters = this.waiting.get(taskId);
    for (const [key, response] of Object.entries(responses)) {
      const waiter = waiters?.get(key);
      if (waiter === undefined) continue;
      this.forgetWaiter(taskId, key);
      waiter.detach();
      this.table.update(taskId, this.withoutInputRequest(taskId, key));
      waiter.resolve({ ok: true, value: response });
    }
    return true;
  }

  /**
   * Cancels the task: it becomes `cancelled` at once and its work stops. A terminal task keeps
   * its state (the ack is the same, docs/protocol-notes.md#cancelling-a-task). Returns false when
   * the task is unknown.
   */
  cancel(taskId: string): boolean {
    if (this.table.get(taskId) === undefined) return false;
    this.table.update(taskId, { status: 'cancelled', statusMessage: 'Cancelled at the client’s request', inputRequests: undefined });
    return true;
  }

  /** Stops all work and forgets all tasks (server shutdown). */
  dispose(): void {
    this.jobs.dispose();
    this.waiting.clear();
    this.table.clear();
  }

  /** Forgets every question of a task whose work ended (one of two concurrent answers may have failed it). */
  private forgetWaiters(taskId: string): void {
    for (const waiter of this.waiting.get(taskId)?.values() ?? []) waiter.detach();
    this.waiting.delete(taskId);
  }

  private forgetWaiter(taskId: string, key: string): void {
    const waiters = this.waiting.get(taskId);
    waiters?.delete(key);
    if (waiters?.size === 0) this.waiting.delete(taskId);
  }

  /** The change that removes the answered `key`; back to `working` once nothing is outstanding. */
  private withoutInputRequest(taskId: string, key: string): TaskChange {
    const remaining = Object.fromEntries(Object.entries(this.table.get(taskId)?.inputRequests ?? {}).filter(([other]) => other !== key));
    return Object.keys(remaining).length > 0
      ? { inputRequests: remaining }
      : { status: 'working', statusMessage: 'Input received', inputRequests: undefined };
  }

  private driver(taskId: string): TaskDriver {
    const update = (change: TaskChange): void => {
      if (this.table.update(taskId, change) === undefined) throw new Error(`Task ${taskId} can no longer be updated`);
    };
    return {
      report: (statusMessage) => promised(() => update({ status: 'working', statusMessage, inputRequests: undefined })),
      request: (request, signal) => this.ask(taskId, request, signal, update),
      settle: (outcome) =>
        promised(() => {
          this.forgetWaiters(taskId);
          update(finalChange(outcome));
        }),
    };
  }

  /** Publishes `request` (no `elicitationId` in 2026-07-28) under its key, beside any still outstanding, and waits for the `tasks/update` that answers it. */
  private ask(taskId: string, request: ClientRequestSpec, signal: AbortSignal, update: (change: TaskChange) => void): Promise<ClientReply> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new Error('The task’s work was stopped', { cause: signal.reason }));
        return;
      }
      const outstanding = this.table.get(taskId)?.inputRequests;
      update({
        status: 'input_required',
        statusMessage: `Waiting for input: ${request.title}`,
        inputRequests: { ...outstanding, [request.key]: wireRequest(request) },
      });
      const onAbort = () => {
        this.forgetWaiter(taskId, request.key);
        // A question withdrawn while the task goes on (no answer in time) leaves `inputRequests`;
        // a task that ended keeps its final state (the table refuses changes to it).
        this.table.update(taskId, this.withoutInputRequest(taskId, request.key));
        reject(new Error('The task’s work was stopped', { cause: signal.reason }));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const waiters = this.waiting.get(taskId) ?? new Map<string, Waiter>();
      waiters.set(request.key, { resolve, detach: () => signal.removeEventListener('abort', onAbort) });
      this.waiting.set(taskId, waiters);
    });
  }
}
