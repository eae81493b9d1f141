/**
 * Following one task (or a call waiting on questions) to its end, as `call --watch` and `tasks
 * show --watch` do: its questions answered by the policy, each change reported, and the result
 * printed once it ends. Stopping (Ctrl+C) only stops following: the task goes on on its server.
 */
import { isTaskFinished, type ToolResult, type TrackedTask } from '../../../shared/task-model.js';
import type { CliSession } from './cli-session.js';
import { waitForTask } from './cli-session.js';
import type { CommandContext, CommandEnd } from './command-context.js';
import { describeLastProblem } from '../../../shared/messages/fact-messages.js';
import { explainStatus } from '../../../shared/messages/status-messages.js';
import { outcomeOfTask } from './exit-codes.js';
import type { InputAnswerer } from './input-answerer.js';

/** Until what a task is followed: its end, or (without --watch) the moment it is a task on its server. */
export type FollowUntil = 'finished' | 'task-created';

/**
 * Follows `id` (already followed by `answerer`) until `until`; reports and returns how it ended.
 * `reach` is what a later `tasks show` needs to find the server again (e.g. ` --config f.json`).
 */
export async function followTask(session: CliSession, context: CommandContext, answerer: InputAnswerer, id: string, until: FollowUntil, reach: string): Promise<CommandEnd> {
  const { engine } = session;
  const { reporter, signal } = context;
  const updates = engine.onDidUpdateTask((task) => {
    if (task.localId === id) reporter.task(task);
  });
  let final: TrackedTask | undefined;
  try {
    final = await waitForTask(engine, id, (task) => isTaskFinished(task) || (until === 'task-created' && task.phase === 'task'), signal);
    // An answer still on its way belongs to this run's report.
    await answerer.settled();
  } finally {
    updates.dispose();
  }
  if (final === undefined) {
    const current = engine.getTask(id);
    if (signal.aborted && current !== undefined) return endOf(current, undefined, reach, 'Stopped following; the task goes on on its server.');
    return { outcome: 'lost', message: 'The task is no longer in the data folder.', localId: id };
  }
  const result = await engine.getResult(id);
  if (result !== undefined) reporter.result(result, id);
  return endOf(final, result, reach);
}

/** The end of a command about `task`: its outcome, and for an unfinished task how to follow it. */
export function endOf(task: TrackedTask, result: ToolResult | undefined, reach: string, note?: string): CommandEnd {
  const outcome = outcomeOfTask(task, result);
  if (outcome !== 'not-finished') {
    // Why it ended, when its state alone does not say (a refusal, a lost task, an abandoned call).
    const why = outcome === 'completed' ? undefined : describeLastProblem(task) ?? task.callError?.message ?? explainStatus(task);
    const message = [note, why].filter((part) => part !== undefined).join(' ');
    return { outcome, localId: task.localId, ...(message !== '' ? { message } : {}) };
  }
  const follow = `Follow it with: mcp-task-monitor tasks show ${task.localId} --watch${reach}`;
  return { outcome, localId: task.localId, message: note === undefined ? `Task ${task.localId} goes on. ${follow}` : `${note} ${follow}` };
}
