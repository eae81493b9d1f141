/**
 * The terminal client: parses the command line, runs the command and turns how it ended into
 * the last line printed and the exit code. Every failure is said in plain words, never as a
 * stack trace; the engine's own log goes to stderr only with `--verbose`.
 */
import type { Logger } from '../../engine/index.js';
import { createConsoleLogger } from '../../node/console-logger.js';
import { runCall } from './call-command.js';
import { openSession } from './cli-session.js';
import { CommandFailed, UsageError } from './cli-errors.js';
import { USAGE, parseCommandLine, type Command } from './command-line.js';
import type { CommandContext, CommandEnd } from './command-context.js';
import { EXIT_CODES } from './exit-codes.js';
import type { Person } from './input-answerer.js';
import { jsonReporter, textReporter, type Output } from './report.js';
import { runTasksCancel, runTasksExport, runTasksList, runTasksShow } from './tasks-commands.js';
import { lineReader } from './terminal-prompt.js';
import { runTools } from './tools-command.js';

/** The process around the client (the real one in `main.ts`, or a test's). */
export interface CliIo extends Output {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Aborts when the user stops the command. */
  signal: AbortSignal;
  /** The environment the sign-in flags default from (none: only the command line counts). */
  env?: Readonly<Record<string, string | undefined>>;
}

const QUIET_LOGGER: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** Runs one command line; resolves with the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: Command;
  try {
    command = parseCommandLine(argv, io.env ?? {});
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`${error.message}\n\nRun "mcp-task-monitor help" for the commands and options.\n`);
    return EXIT_CODES.usage;
  }
  if (command.kind === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const reporter = command.json ? jsonReporter(io) : textReporter(io);
  let person: Person | undefined;
  const context: CommandContext = {
    reporter,
    logger: command.verbose ? createConsoleLogger('debug') : QUIET_LOGGER,
    signal: io.signal,
    isTerminal: io.stdin.isTTY === true,
    person: () => (person ??= { reader: lineReader(io.stdin, io.stderr), output: io.stderr }),
    openSession: (dataDir) => openSession(dataDir, context.logger, io.signal, command.signIn, (text) => reporter.note(text), command.logFile),
  };
  let end: CommandEnd;
  try {
    end = await run(command, context);
  } catch (error) {
    end = failure(error);
  } finally {
    person?.reader.close();
  }
  reporter.end(end.outcome, { ...(end.message !== undefined ? { message: end.message } : {}), ...(end.localId !== undefined ? { localId: end.localId } : {}) });
  return EXIT_CODES[end.outcome];
}

function run(command: Exclude<Command, { kind: 'help' }>, context: CommandContext): Promise<CommandEnd> {
  switch (command.kind) {
    case 'call':
      return runCall(command, context);
    case 'tools':
      return runTools(command, context);
    case 'tasks-list':
      return runTasksList(command, context);
    case 'tasks-show':
      return runTasksShow(command, context);
    case 'tasks-cancel':
      return runTasksCancel(command, context);
    case 'tasks-export':
      return runTasksExport(command, context);
  }
}

function failure(error: unknown): CommandEnd {
  if (error instanceof UsageError) return { outcome: 'usage', message: `${error.message} Run "mcp-task-monitor help" for the commands and options.` };
  if (error instanceof CommandFailed) return { outcome: error.outcome, message: error.message };
  return { outcome: 'could-not-run', message: `Failed: ${error instanceof Error ? error.message : String(error)}` };
}
