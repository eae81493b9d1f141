/**
 * `call <url|name> <tool>`: one tool call on the engine, as the app makes it (a pending entry on
 * disk before the request goes out, never resent). A direct answer ends the command; a task ends
 * it once the task exists on its server (its id is on disk, so it can be followed later), or with
 * `--watch` once the task ends. Questions the call itself waits on are answered in any case: a
 * call cannot wait for them beyond this process. A call the server refused for want of sign-in or
 * access (HTTP 401/403, so it never ran) is made again once signed in.
 */
import { CallNotSavedError, McpRequestError } from '../../engine/index.js';
import type { TrackedTask } from '../../../shared/task-model.js';
import type { Command } from './command-line.js';
import type { CommandContext, CommandEnd } from './command-context.js';
import { readAnswerPolicy } from './answer-policy.js';
import { outcomeOfTask } from './exit-codes.js';
import { followTask } from './follow-task.js';
import { InputAnswerer } from './input-answerer.js';
import { isSignInRefusal } from './cli-sign-in.js';
import { resolveTarget } from './targets.js';

type CallCommand = Extract<Command, { kind: 'call' }>;

export async function runCall(command: CallCommand, context: CommandContext): Promise<CommandEnd> {
  const { reporter } = context;
  const policy = await readAnswerPolicy(command.answer, context.isTerminal);
  const { server, notes } = await resolveTarget(command.target, command.configFile);
  for (const note of notes) reporter.note(note);
  const reach = command.configFile === undefined ? '' : ` --config ${command.configFile}`;
  const session = await context.openSession(command.dataDir);
  try {
    for (const problem of session.storeProblems) reporter.note(`Note: ${problem}`);
    const state = await session.connect(server);
    const answerer = new InputAnswerer({
      engine: session.engine,
      policy,
      person: policy.kind === 'ask' ? context.person() : undefined,
      reporter,
      askerOf: (serverId) => ({ name: session.nameOf(serverId), ...(state.serverInfo?.name ? { reportedName: state.serverInfo.name } : {}) }),
    });
    answerer.followServer(server.id);
    try {
      // The call's pending entry is the first new `calling` entry: the engine announces it before the request goes out.
      let entryId: string | undefined;
      const known = new Set(session.engine.listTasks().map((task) => task.localId));
      const entries = session.engine.onDidUpdateTask((task) => {
        if (entryId !== undefined || known.has(task.localId) || task.phase !== 'calling') return;
        entryId = task.localId;
        answerer.follow(task.localId);
      });
      let outcome;
      try {
        for (;;) {
          try {
            outcome = await untilAborted(session.engine.callTool(server.id, command.tool, command.args), context.signal);
            break;
          } catch (error) {
            if (!isSignInRefusal(error)) return callFailed(error, entryId === undefined ? undefined : session.engine.getTask(entryId));
            // Refused at the door: the call did not run. Its entry stays as refused; the next one is new.
            if (entryId !== undefined) known.add(entryId);
            entryId = undefined;
            await session.signInAgain(server);
          }
        }
      } finally {
        entries.dispose();
      }
      if (outcome === undefined) {
        const entry = entryId === undefined ? undefined : session.engine.getTask(entryId);
        const message = entry?.plain === true
          ? 'Stopped before the server answered the call: it is interrupted (its answer can no longer be received), and it will not be sent again.'
          : 'Stopped before the server answered the call: whether it started is unknown, and it will not be sent again.';
        return { outcome: 'lost', message, ...(entryId !== undefined ? { localId: entryId } : {}) };
      }
      if (outcome.kind === 'result') {
        await answerer.settled();
        // The answer is kept with its entry in the data folder ("tasks show <id>").
        reporter.result(outcome.result, outcome.task.localId);
        return { outcome: outcomeOfTask(outcome.task, outcome.result), localId: outcome.task.localId };
      }
      reporter.task(outcome.task);
      answerer.follow(outcome.task.localId);
      const end = await followTask(session, context, answerer, outcome.task.localId, command.watch ? 'finished' : 'task-created', reach);
      if (server.transport === 'stdio' && end.outcome === 'not-finished') {
        reporter.note(`Note: ${server.name} is a stdio server: it stops when this command ends, and its task most likely with it. Use --watch to follow a task to its end.`);
      }
      return end;
    } finally {
      answerer.dispose();
    }
  } finally {
    await session.close();
  }
}

/** `promise`'s value, or `undefined` once `signal` aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A call that threw: not saved (so not sent), refused by the server (its entry keeps the error), or sent without an answer (outcome unknown). */
function callFailed(error: unknown, entry: Pick<TrackedTask, 'localId' | 'phase'> | undefined): CommandEnd {
  const text = error instanceof Error ? error.message : String(error);
  // Refused before anything was sent: the message says why and that nothing reached the server.
  if (error instanceof CallNotSavedError) return { outcome: 'could-not-run', message: text };
  if (error instanceof McpRequestError && error.code !== undefined) return { outcome: 'refused', message: `The server refused the call: ${text} (error ${error.code})`, ...(entry !== undefined ? { localId: entry.localId } : {}) };
  if (entry?.phase === 'outcome-unknown') return { outcome: 'lost', localId: entry.localId, message: `No usable answer to the call (${text}); whether it started is unknown, and it was not sent again.` };
  return { outcome: 'could-not-run', message: `The call could not be sent: ${text}` };
}
