/**
 * Runs tasks' work and stops it: one AbortController per running task, aborted when the task
 * reaches a terminal state by someone else's hand (a cancel), when its record can no longer be
 * updated (expired, session gone), or at shutdown. Nothing keeps running after that: the work's
 * waits are abortable and clear their timers.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { ClientRequestSpec } from '../catalogue/client-requests.js';
import { checkFormReply, checkRootsReply, checkSamplingReply, checkUrlReply, type ClientReply } from '../catalogue/replies.js';
import type { TaskJob, TaskJobContext, ToolOutcome } from '../catalogue/task-job.js';
import { INTERNAL_ERROR, JsonRpcError } from '../catalogue/tool-result.js';
import type { Logger } from '../log.js';
import { isTerminalStatus, type TaskTable } from './task-table.js';

/** How a running task's state reaches one wire form. Every method may reject when the task is gone. */
export interface TaskDriver {
  /** Status `working` with `statusMessage`. */
  report(statusMessage: string): Promise<void>;
  /**
   * `notifications/progress` with the token of the call that created the task, where the form has
   * numeric progress and the client sent a token (2025-11-25); absent: the form has none (the extension).
   */
  progress?(progress: number, total: number, message: string): Promise<void>;
  /** Sends `request` (a form, a URL, a sampling or roots request) to the client and resolves with its raw, unchecked reply. */
  request(request: ClientRequestSpec, signal: AbortSignal): Promise<ClientReply>;
  /** Records the final outcome (the task's terminal state). */
  settle(outcome: ToolOutcome): Promise<void>;
}

/** The running work of one server process. */
export class TaskJobs {
  private readonly running = new Map<string, AbortController>();
  private readonly unsubscribe: () => void;

  constructor(table: TaskTable, private readonly log: Logger) {
    // A task that turns terminal while its work still runs was cancelled: stop the work.
    this.unsubscribe = table.onDidChange((state) => {
      if (isTerminalStatus(state.status)) this.abort(state.taskId);
    });
  }

  /** Starts `job` for the task `taskId`; its progress and outcome go through `driver`. */
  start(taskId: string, job: TaskJob, driver: TaskDriver): void {
    const controller = new AbortController();
    this.running.set(taskId, controller);
    void this.run(taskId, job, driver, controller);
  }

  /** Stops the work of `taskId`, if it runs. */
  abort(taskId: string): void {
    this.running.get(taskId)?.abort();
  }

  /** Stops all work for good (server shutdown). */
  dispose(): void {
    this.unsubscribe();
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
  }

  private async run(taskId: string, job: TaskJob, driver: TaskDriver, controller: AbortController): Promise<void> {
    const { signal } = controller;
    // A driver call that fails means the task can no longer change (expired, gone): stop working.
    const guarded = async <T>(step: Promise<T>): Promise<T> => {
      try {
        return await step;
      } catch (error) {
        if (!signal.aborted) {
          this.log.debug(`task ${taskId}: stopping, its state can no longer be updated`, { error: String(error) });
          controller.abort(error);
        }
        throw error;
      }
    };
    const context: TaskJobContext = {
      signal,
      report: (statusMessage) => guarded(driver.report(statusMessage)),
      progress: (progress, total, message) => guarded(driver.progress?.(progress, total, message) ?? Promise.resolve()),
      ask: async (form) => checkFormReply(form, await guarded(driver.request(form, signal))),
      askWithin: async (form, withinMs) => {
        const deadline = new AbortController();
        const timer = setTimeout(() => deadline.abort(new Error(`No answer within ${withinMs} ms`)), withinMs);
        try {
          const reply = await guarded(driver.request(form, AbortSignal.any([signal, deadline.signal])).catch((error: unknown) => {
            // The server's own deadline, not a stopped task: the work goes on without the answer.
            if (deadline.signal.aborted && !signal.aborted) return undefined;
            throw error;
          }));
          return reply === undefined ? undefined : checkFormReply(form, reply);
        } finally {
          clearTimeout(timer);
        }
      },
      askToOpen: async (page) => checkUrlReply(page, await guarded(driver.request(page, signal))),
      sample: async (request) => checkSamplingReply(request, await guarded(driver.request(request, signal))),
      listRoots: async (request) => checkRootsReply(request, await guarded(driver.request(request, signal))),
      wait: (ms) => delay(ms, undefined, { signal }),
    };

    let outcome: ToolOutcome | undefined;
    try {
      outcome = await job(context);
    } catch (error) {
      if (error instanceof JsonRpcError) outcome = { kind: 'error', error: error.toJsonRpc() };
      else if (!signal.aborted) {
        this.log.error(`task ${taskId}: work failed unexpectedly`, { error: String(error) });
        outcome = { kind: 'error', error: { code: INTERNAL_ERROR, message: 'Internal error in the demo server' } };
      }
    } finally {
      if (this.running.get(taskId) === controller) this.running.delete(taskId);
    }
    // Aborted work has nothing to report: whoever aborted it already decided the task's end.
    if (outcome === undefined || signal.aborted) return;
    try {
      await driver.settle(outcome);
    } catch (error) {
      this.log.debug(`task ${taskId}: outcome not recorded`, { error: String(error) });
    }
  }
}
