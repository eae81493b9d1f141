/** What every command gets from the entry point, and what it hands back. */
import type { Logger } from '../../engine/index.js';
import type { CliSession } from './cli-session.js';
import type { Outcome } from './exit-codes.js';
import type { Reporter } from './report.js';
import type { Person } from './input-answerer.js';

export interface CommandContext {
  reporter: Reporter;
  logger: Logger;
  /** Aborts when the user stops the command (Ctrl+C): following ends, tasks go on. */
  signal: AbortSignal;
  /** Whether stdin is an interactive terminal (who can be asked without `--answer`). */
  isTerminal: boolean;
  /** The person at the terminal, created on first use (it reads stdin). */
  person(): Person;
  openSession(dataDir: string): Promise<CliSession>;
}

/** How a command ended: the outcome decides the exit code; the message is the last thing said. */
export interface CommandEnd {
  outcome: Outcome;
  message?: string;
  localId?: string;
}
