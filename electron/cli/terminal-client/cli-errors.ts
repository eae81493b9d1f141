/** The two ways a command fails before it gets to a task: a bad command line, or a run that could not happen. */
import type { Outcome } from './exit-codes.js';

/** A command line that cannot be used; its message says why (exit code 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The command could not do its work; its message is written for the user. */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
  constructor(message: string, readonly outcome: Outcome = 'could-not-run') {
    super(message);
  }
}
