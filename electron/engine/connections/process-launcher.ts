/**
 * How a stdio server's process is started. The engine spawns the command itself unless its host
 * supplies another launcher (`EnginePorts.launchProcess`): the packaged desktop app runs its own
 * bundled demo servers in Electron utility processes, where no system Node exists to spawn.
 */
import type { Readable, Writable } from 'node:stream';
import spawn from 'cross-spawn';

/** What to start, resolved: the environment is complete (not added to anything). */
export interface LaunchParameters {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string;
}

/**
 * A started process as the stdio transport uses it; a Node `ChildProcess` is one. A launcher
 * that is not a plain spawn must behave like one: `spawn` once started or `error` if it could not
 * be; `exit` with its code (or signal) once it ended, then `close` once stdout and stderr ended;
 * `pid` names a real OS process, which is how it is ended (with its descendants).
 */
export interface LaunchedProcess {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  once(event: 'error', listener: (error: Error) => void): this;
  once(event: 'spawn', listener: () => void): this;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
  once(event: 'close', listener: () => void): this;
}

/** Starts a stdio server's process; may throw when it cannot even try. */
export type ProcessLauncher = (parameters: LaunchParameters) => LaunchedProcess;

/** The default launcher: the command itself, with piped stdio, never through a shell. */
export const spawnProcess: ProcessLauncher = ({ command, args, env, cwd }) =>
  spawn(command, [...args], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'], shell: false, windowsHide: true });
