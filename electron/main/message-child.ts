/**
 * A child process that has no stdin pipe but takes messages — an Electron utility process —
 * made to look like a spawned one (the engine's `LaunchedProcess`), so the stdio transport runs
 * it unchanged: its stdin is written as messages (demo-server/message-stdin.ts), its stdout and
 * stderr are its own pipes, and it is ended by pid like any other server. Needs no Electron.
 */
import { EventEmitter } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { messageStdinWriter } from '../demo-server/message-stdin.js';
import type { LaunchedProcess } from '../engine/index.js';

/** What the adapter needs of the child (an Electron `UtilityProcess` forked with `stdio: 'pipe'`). */
export interface MessageChild {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  postMessage(message: unknown): void;
  once(event: 'spawn', listener: () => void): unknown;
  /** Only a code: a utility process reports no signal, so `signalCode` stays null. */
  once(event: 'exit', listener: (code: number) => void): unknown;
}

class MessageChildProcess extends EventEmitter implements LaunchedProcess {
  readonly stdin: Writable;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  exitCode: number | null = null;
  readonly signalCode: NodeJS.Signals | null = null;
  private lastPid: number | undefined;

  constructor(private readonly child: MessageChild) {
    super();
    this.stdin = messageStdinWriter((message) => child.postMessage(message));
    // Taken now: the child drops its streams once it exited.
    this.stdout = asReadable(child.stdout);
    this.stderr = asReadable(child.stderr);
    let hasSpawned = false;
    child.once('spawn', () => {
      hasSpawned = true;
      this.lastPid = child.pid;
      this.emit('spawn');
    });
    child.once('exit', (code) => {
      if (!hasSpawned) this.emit('error', new Error(`The process could not be started (exit code ${code}).`));
      this.exitCode = code;
      // Nothing can be written any more; a write now fails as it does on a closed pipe.
      this.stdin.destroy();
      this.emit('exit', code, null);
      void this.closeWhenPipesEnd();
    });
  }

  /** The pid while it runs (a utility process forgets its own once it exited). */
  get pid(): number | undefined {
    return this.child.pid ?? this.lastPid;
  }

  private async closeWhenPipesEnd(): Promise<void> {
    await Promise.all([this.stdout, this.stderr].map((stream) => (stream === null ? Promise.resolve() : ended(stream))));
    this.emit('close');
  }
}

/**
 * The `LaunchedProcess` for `child`: `spawn`, `exit` (with its code, never a signal) and `close`
 * as a child process emits them, and `error` when it exited without having started.
 */
export function launchedFromMessageChild(child: MessageChild): LaunchedProcess {
  return new MessageChildProcess(child);
}

function asReadable(stream: NodeJS.ReadableStream | null): Readable | null {
  if (stream === null) return null;
  return stream instanceof Readable ? stream : new Readable().wrap(stream);
}

function ended(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('end', resolve).once('close', resolve);
  });
}
