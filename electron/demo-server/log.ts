/**
 * Logging for the demo servers: stderr only, because stdout is the MCP channel in stdio mode
 * and carries the one `{"url":…}` line in HTTP mode.
 */

/** Where the demo servers write what an operator may want to read. */
export interface Logger {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

type Level = keyof Logger;

/**
 * A logger writing `[name] level: message {details}` lines to stderr. Debug lines appear only
 * when the environment variable `DEMO_SERVER_DEBUG` is set.
 */
export function createStderrLogger(name: string): Logger {
  const verbose = process.env['DEMO_SERVER_DEBUG'] !== undefined;
  const write = (level: Level) => (message: string, details?: Record<string, unknown>) => {
    if (level === 'debug' && !verbose) return;
    const suffix = details === undefined ? '' : ` ${JSON.stringify(details)}`;
    process.stderr.write(`[${name}] ${level}: ${message}${suffix}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
