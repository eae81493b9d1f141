/** A `Logger` writing one JSON line per entry to stderr, at or above a minimum level. */
import type { Logger } from './logger.js';

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];

/** Creates a stderr logger; entries below `minimum` are dropped. */
export function createConsoleLogger(minimum: Level = 'info'): Logger {
  const floor = LEVELS.indexOf(minimum);
  const write = (level: Level) => (message: string, details?: Record<string, unknown>): void => {
    if (LEVELS.indexOf(level) < floor) return;
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...details })}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
