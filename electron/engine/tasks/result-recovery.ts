/**
 * A finished task's result that cannot be read from disk (damaged and kept aside, or missing):
 * the task says so on its timeline, and the result is fetched again from the server where it
 * still holds the task (both forms return a finished task's result when it is read again).
 */
import type { ToolResult, TrackedTask } from '../../../shared/task-model.js';
import { errorText } from '../error-text.js';
import type { Clock, Logger } from '../ports.js';
import type { TaskProtocol } from '../protocols/task-protocol.js';
import type { ResultKeeper } from './result-keeper.js';
import type { TaskLedger } from './task-ledger.js';
import { resultRecovered } from './task-rules.js';

export interface ResultRecoveryDeps {
  clock: Clock;
  logger: Logger;
  ledger: TaskLedger;
  results: ResultKeeper;
  protocolOf(serverId: string): TaskProtocol | undefined;
}

/**
 * Reads results of tasks that say `hasResult`: the stored one, else the server's again (stored
 * anew), else `undefined` with the task marked as having none. Either way the task tells the
 * user what happened to the stored copy. Reads of one task at once share one recovery, so a
 * damaged result is noted and fetched once.
 */
export class ResultReader {
  private readonly reading = new Map<string, Promise<ToolResult | undefined>>();

  constructor(private readonly deps: ResultRecoveryDeps) {}

  read(task: TrackedTask): Promise<ToolResult | undefined> {
    const running = this.reading.get(task.localId);
    if (running !== undefined) return running;
    const reading = this.readOnce(task).finally(() => this.reading.delete(task.localId));
    this.reading.set(task.localId, reading);
    return reading;
  }

  private async readOnce(task: TrackedTask): Promise<ToolResult | undefined> {
    const { deps } = this;
    let keptAs: string | undefined;
    const stored = await deps.results.get(task.localId, (name) => {
      keptAs = name;
    });
    if (stored !== undefined) return stored;
    const result = await fetchAgain(deps, task);
    if (result !== undefined) await deps.results.put(task.localId, result);
    const current = deps.ledger.get(task.localId);
    if (current !== undefined) deps.ledger.put(resultRecovered(current, keptAs, result !== undefined, deps.clock.now()));
    return result;
  }
}

async function fetchAgain(deps: ResultRecoveryDeps, task: TrackedTask): Promise<ToolResult | undefined> {
  const protocol = deps.protocolOf(task.serverId);
  if (task.serverTaskId === undefined || protocol === undefined) return undefined;
  try {
    return (await protocol.getTask(task.serverTaskId)).result;
  } catch (error) {
    deps.logger.warn('could not fetch a lost result again', { server: task.serverId, error: errorText(error) });
    return undefined;
  }
}
