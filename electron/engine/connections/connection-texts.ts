/**
 * What the server console says about a connection: where the server runs, how it connected, why
 * a connect failed and how a stdio server's process ended. Server-supplied parts (stderr, error
 * messages) are untrusted text, only cut to length here.
 */
import type { ProcessExit, ServerConfig, ServerState } from '../../../shared/server-config.js';
import { explainingLines } from './stderr-lines.js';
import type { StdioTransport } from './stdio-transport.js';

/**
 * Where a server runs, for the console: its URL without query or fragment (either may carry a
 * token), or its command — never its environment or headers.
 */
export function describeEndpoint(config: ServerConfig): string {
  if (config.transport === 'http') {
    const url = new URL(config.url);
    const hidden = url.search !== '' || url.hash !== '' ? '?… (query not shown)' : '';
    return `${url.origin}${url.pathname}${hidden}`.slice(0, 300);
  }
  return [config.command, ...config.args].join(' ').slice(0, 300);
}

/** The connected event: the protocol era and version, and the task form. */
export function describeConnected(state: ServerState): string {
  const era = state.era === 'modern' ? '2026-07-28 era' : '2025-11-25 era';
  const tasks = state.taskSupport === 'extension' ? 'tasks extension' : state.taskSupport === 'legacy' ? 'experimental tasks (2025-11-25)' : 'no tasks';
  return `Connected (${era}, protocol ${state.protocolVersion ?? 'unknown'}; ${tasks}${state.logging === true ? '; offers logging' : ''}).`;
}

/** How a stdio server's process ended and the stderr lines that say why, as the start of a sentence, or nothing. */
export function describeExit(exit: ProcessExit | undefined): string {
  if (exit === undefined) return '';
  const how = exit.code !== undefined ? `The server exited with code ${exit.code}` : `The server was ended by ${exit.signal ?? 'a signal'}`;
  return `${how}${exit.stderr.length > 0 ? ` (${exit.stderr.join(' | ')})` : ''}: `;
}

/** The connect error's message, with the stderr lines that explain it (those of a server that is still running). */
export function describeConnectError(error: unknown, stderr: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const tail = stderr.length > 0 ? ` (server stderr: ${stderr.join(' | ').slice(0, 500)})` : '';
  return `${message}${tail}`.slice(0, 1_000);
}

/** How a stdio server's process ended on its own, with the stderr lines that say why; undefined when it did not. */
export function exitOf(transport: StdioTransport): ProcessExit | undefined {
  const exit = transport.exit;
  if (exit === undefined) return undefined;
  return {
    ...(exit.code !== null ? { code: exit.code } : {}),
    ...(exit.signal !== null ? { signal: exit.signal } : {}),
    stderr: explainingLines(transport.stderrLines()),
  };
}
