/**
 * Our own stdio transport for the SDK client, for three reasons the SDK's cannot serve:
 * - Responses to our raw requests must reach us even when malformed: the SDK's line reader
 *   drops any line failing its message schema and only reports a schema error without the
 *   line, so a garbled answer would leave a request hanging until its timeout. Lines that
 *   answer one of our ids go straight to the connection, which refuses them with a reason.
 * - Closing must end the whole process tree (SECURITY.md §3), read before the child goes.
 * - Being a custom transport, the SDK probes the era on this very process instead of spawning
 *   a throw-away sibling whose launcher descendants it would leak.
 * - A server that exits on its own must be able to say why: its exit code or signal and the end
 *   of its stderr are kept, and `onclose` waits until stderr is read to the end.
 */
import type { ChildProcess } from 'node:child_process';
import spawn from 'cross-spawn';
import { deserializeMessage, serializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { endProcesses, listDescendants } from './process-tree.js';
import { StderrTail } from './stderr-lines.js';

/** The longest line accepted from a server; a longer one is dropped with an error. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;
/** How long a server gets to exit after its stdin closes, before it is signalled. */
const STDIN_CLOSE_GRACE_MS = 1_000;
/**
 * How long after the process exited `onclose` waits for its stdout and stderr to end: a
 * descendant that inherited them may hold them open for ever.
 */
const PIPES_CLOSE_GRACE_MS = 500;

/** How the process ended by itself: its exit code, or the signal that ended it. */
export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What to run: the command and its arguments as an array (never through a shell). */
export interface StdioServerParameters {
  command: string;
  args: string[];
  /** Added to a safe default environment (PATH, HOME, ...), not replacing it. */
  env?: Record<string, string>;
  cwd?: string;
}

/** A `Transport` over a child process's stdin/stdout. */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: ChildProcess | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private discarding = false;
  /** The end of the server's stderr (free-form logging, not an error signal). */
  private readonly stderrTail = new StderrTail();
  private exitStatus: ExitStatus | undefined;
  private isClosing = false;
  private hasReportedClose = false;

  /**
   * @param isOwnResponseId true for ids of requests sent outside the SDK (their responses are
   *   delivered unvalidated so the caller can refuse malformed ones with a reason).
   */
  constructor(
    private readonly parameters: StdioServerParameters,
    private readonly isOwnResponseId: (id: unknown) => boolean,
  ) {}

  /** The child's pid once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How the process ended when it ended by itself; undefined while it runs or after `close()` stopped it. */
  get exit(): ExitStatus | undefined {
    return this.exitStatus;
  }

  /** The last lines of the server's stderr, cleaned (see stderr-lines.ts). */
  stderrLines(): string[] {
    return this.stderrTail.lines();
  }

  start(): Promise<void> {
    if (this.child !== undefined) return Promise.reject(new Error('The stdio transport was already started.'));
    return new Promise((resolve, reject) => {
      const child = spawn(this.parameters.command, this.parameters.args, {
        env: { ...getDefaultEnvironment(), ...this.parameters.env },
        cwd: this.parameters.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => resolve());
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = undefined;
        if (!this.isClosing) this.exitStatus = { code, signal };
        setTimeout(() => this.reportClose(), PIPES_CLOSE_GRACE_MS).unref();
      });
      // After 'exit' and once stdout and stderr ended: what the server wrote last has been read.
      child.once('close', () => this.reportClose());
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.stderrTail.push(chunk));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (stdin === undefined || stdin === null || stdin.destroyed) return Promise.reject(new Error('The server process is not running.'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Closes stdin, then ends the whole process tree: SIGTERM, and SIGKILL for what lingers. */
  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.isClosing = true;
    if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) {
      this.reportClose();
      return;
    }
    const descendants = await listDescendants(child.pid);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin?.end();
    await Promise.race([exited, delay(STDIN_CLOSE_GRACE_MS)]);
    await endProcesses(child.exitCode === null && child.signalCode === null ? [child.pid, ...descendants] : descendants, child.pid);
    child.stdout?.destroy();
    child.stderr?.destroy();
  }

  /** Calls `onclose` once. */
  private reportClose(): void {
    if (this.hasReportedClose) return;
    this.hasReportedClose = true;
    this.onclose?.();
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const newline = this.buffer.indexOf(0x0a);
      if (newline === -1) break;
      const line = this.buffer.toString('utf8', 0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.subarray(newline + 1);
      if (this.discarding) {
        this.discarding = false;
        continue;
      }
      this.dispatch(line);
    }
    if (this.buffer.length > MAX_LINE_BYTES) {
      this.buffer = Buffer.alloc(0);
      this.discarding = true;
      this.onerror?.(new Error(`The server sent a line longer than ${MAX_LINE_BYTES} bytes; it was dropped.`));
    }
  }

  private dispatch(line: string): void {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.onerror?.(new Error('The server wrote a line that is not JSON; it was ignored.'));
      return;
    }
    if (typeof parsed === 'object' && parsed !== null && !('method' in parsed) && this.isOwnResponseId((parsed as { id?: unknown }).id)) {
      this.onmessage?.(parsed as JSONRPCMessage);
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      this.onerror?.(new Error('The server wrote a message that is not valid JSON-RPC; it was ignored.'));
      return;
    }
    this.onmessage?.(message);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
