/**
 * A child process that has no stdin pipe but takes messages — an Electron utility process —
 * made to look like a spawned one (the engine's `LaunchedProcess`), so the stdio transport runs
 * it unchanged: its stdin is written as messages (demo-server/message-stdin.ts), its stdout and
 * stderr come from its own pipes, and it is ended by pid like any other server. Needs no Electron.
 */
import { EventEmitter } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
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

/**
 * A pipe of the child forwarded into a stream of our own. Electron removes every listener of a
 * utility process's pipes right after its `exit` and forgets them, while what the process wrote
 * last may still be on its way: `keepForwarding` (called on exit) listens again, so that tail and
 * the end still arrive.
 */
class ForwardedPipe {
  readonly stream = new PassThrough();
  private readonly onData = (chunk: string | Buffer): void => {
    this.stream.write(chunk);
  };
  private readonly onEnd = (): void => {
    this.stream.end();
  };

  constructor(private readonly from: NodeJS.ReadableStream) {
    this.listen();
  }

  keepForwarding(): void {
    if (!this.stream.writableEnded && !this.from.listeners('data').includes(this.onData)) this.listen();
  }

  private listen(): void {
    this.from.on('data', this.onData).once('end', this.onEnd);
  }
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
    const pipes = [child.stdout, child.stderr].map((from) => (from === null ? undefined : new ForwardedPipe(from)));
    this.stdout = pipes[0]?.stream ?? null;
    this.stderr = pipes[1]?.stream ?? null;
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
      // After the child's own exit handling (which drops the pipes' listeners), before more I/O.
      process.nextTick(() => {
        for (const pipe of pipes) pipe?.keepForwarding();
      });
      this.emit('exit', code, null);
      void this.closeWhenPipesEnd();
    });
  }

  /** The pid, kept after exit (a utility process forgets its own), for ending what it left behind. */
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

function ended(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('end', resolve).once('close', resolve);
  });
}
