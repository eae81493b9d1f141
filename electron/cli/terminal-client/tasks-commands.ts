/**
 * `tasks list|show|cancel|export`: the tasks in the data folder, as last seen; following or
 * cancelling one connects to its server again (found from the task, `--url` or `--config`: see
 * targets.ts); exporting one reads the data folder only.
 */
import { writeFile } from 'node:fs/promises';
import { isTaskFinished, type TrackedTask } from '../../../shared/task-model.js';
import type { Command } from './command-line.js';
import type { CommandContext, CommandEnd } from './command-context.js';
import type { CliSession } from './cli-session.js';
import { waitForTask } from './cli-session.js';
import { readAnswerPolicy } from './answer-policy.js';
import { CommandFailed } from './cli-errors.js';
import { endOf, followTask } from './follow-task.js';
import { InputAnswerer } from './input-answerer.js';
import { serverOfTask } from './targets.js';

/** Shortest start of an id that may stand for it. */
const MIN_ID_PREFIX = 4;
/** How long `tasks cancel` waits for the server's final word. */
const CANCEL_WAIT_MS = 30_000;

type TasksList = Extract<Command, { kind: 'tasks-list' }>;
type TasksShow = Extract<Command, { kind: 'tasks-show' }>;
type TasksCancel = Extract<Command, { kind: 'tasks-cancel' }>;
type TasksExport = Extract<Command, { kind: 'tasks-export' }>;

export async function runTasksList(command: TasksList, context: CommandContext): Promise<CommandEnd> {
  const session = await context.openSession(command.dataDir);
  try {
    for (const problem of session.storeProblems) context.reporter.note(`Note: ${problem}`);
    const tasks = [...session.engine.listTasks()].sort((a, b) => b.createdAt - a.createdAt);
    for (const task of tasks) context.reporter.listed(task);
    return { outcome: 'completed', ...(tasks.length === 0 ? { message: `No tasks in ${command.dataDir}.` } : {}) };
  } finally {
    await session.close();
  }
}

export async function runTasksShow(command: TasksShow, context: CommandContext): Promise<CommandEnd> {
  const policy = command.watch ? await readAnswerPolicy(command.answer, context.isTerminal) : undefined;
  const session = await context.openSession(command.dataDir);
  try {
    const task = findTask(session, command.id);
    const reach = command.configFile === undefined ? '' : ` --config ${command.configFile}`;
    if (policy === undefined || isTaskFinished(task)) {
      const result = await session.engine.getResult(task.localId);
      context.reporter.detail(task, result);
      return endOf(task, result, reach);
    }
    const server = await serverOfTask(task, command.configFile, command.url);
    const state = await session.connect(server);
    const answerer = new InputAnswerer({
      engine: session.engine,
      policy,
      person: policy.kind === 'ask' ? context.person() : undefined,
      reporter: context.reporter,
      askerOf: (serverId) => ({ name: session.nameOf(serverId), ...(state.serverInfo?.name ? { reportedName: state.serverInfo.name } : {}) }),
    });
    try {
      context.reporter.task(session.engine.getTask(task.localId) ?? task);
      answerer.follow(task.localId);
      return await followTask(session, context, answerer, task.localId, 'finished', reach);
    } finally {
      answerer.dispose();
    }
  } finally {
    await session.close();
  }
}

export async function runTasksCancel(command: TasksCancel, context: CommandContext): Promise<CommandEnd> {
  const session = await context.openSession(command.dataDir);
  try {
    const task = findTask(session, command.id);
    const reach = command.configFile === undefined ? '' : ` --config ${command.configFile}`;
    if (isTaskFinished(task)) return { ...endOf(task, await session.engine.getResult(task.localId), reach), message: 'The task had already ended; nothing was sent.' };
    if (task.serverTaskId === undefined) throw new CommandFailed('This call never became a task on its server, so there is nothing to cancel.');
    await session.connect(await serverOfTask(task, command.configFile, command.url));
    try {
      await session.engine.cancelTask(task.localId);
    } catch (error) {
      throw new CommandFailed(`The cancel was not taken: ${error instanceof Error ? error.message : String(error)}`);
    }
    context.reporter.task(session.engine.getTask(task.localId) ?? task);
    const wait = AbortSignal.any([context.signal, AbortSignal.timeout(CANCEL_WAIT_MS)]);
    const final = (await waitForTask(session.engine, task.localId, isTaskFinished, wait)) ?? session.engine.getTask(task.localId) ?? task;
    context.reporter.task(final);
    return endOf(final, await session.engine.getResult(task.localId), reach, isTaskFinished(final) ? undefined : 'The cancel was sent; the server has not ended the task yet.');
  } finally {
    await session.close();
  }
}

/** `tasks export`: the task's record, result and stored exchange as one JSON document, to `--out` or stdout. */
export async function runTasksExport(command: TasksExport, context: CommandContext): Promise<CommandEnd> {
  const session = await context.openSession(command.dataDir);
  try {
    const task = findTask(session, command.id);
    const document = await session.engine.exportTask(task.localId);
    if (document === undefined) throw new CommandFailed(`The task ${task.localId} left the data folder.`, 'could-not-run');
    if (command.out === undefined) {
      context.reporter.exported(document);
      return { outcome: 'completed', localId: task.localId };
    }
    try {
      await writeFile(command.out, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
    } catch (error) {
      throw new CommandFailed(`The export could not be written to ${command.out}: ${error instanceof Error ? error.message : String(error)}`, 'could-not-run');
    }
    return { outcome: 'completed', localId: task.localId, message: `Exported task ${task.localId} to ${command.out}.` };
  } finally {
    await session.close();
  }
}

/** The task with this local id, or the only one whose id starts with it. */
function findTask(session: CliSession, id: string): TrackedTask {
  const tasks = session.engine.listTasks();
  const exact = tasks.find((task) => task.localId === id);
  if (exact !== undefined) return exact;
  const matches = id.length >= MIN_ID_PREFIX ? tasks.filter((task) => task.localId.startsWith(id)) : [];
  if (matches.length === 1) return matches[0]!;
  throw new CommandFailed(matches.length > 1 ? `More than one task id starts with ${id}: give more of it.` : `No task ${id} in the data folder (see "tasks list").`, 'could-not-run');
}
