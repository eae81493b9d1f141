/**
 * Our own stdio transport for the SDK client, for three reasons the SDK's cannot serve:
 * - Responses to our raw requests must reach us even when malformed: the SDK's line reader
 *   drops any line failing its message schema and only reports a schema error without the
 *   line, so a garbled answer would leave a request hanging until its timeout. Lines that
 *   answer one of our ids go straight to the connection, which refuses them with a reason.
 * - Closing must end the whole process tree
 *   (docs/security.md#running-servers-stdio-is-code-execution), read before the child goes.
 * - Being a custom transport, the SDK probes the era on this very process instead of spawning
 *   a throw-away sibling whose launcher descendants it would leak.
 * - A server that exits on its own must be able to say why: its exit code or signal and the end
 *   of its stderr are kept, and `onclose` waits until stderr is read to the end.
 * - A line longer than the message limit (message-limit.ts) is cut while it is read: its bytes
 *   are dropped as they arrive, never gathered, and the request it answers is failed at once
 *   when its id can be read from the line's start (see `onTooLarge`).
 */
import { deserializeMessage, serializeMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { ID_PREFIX_BYTES, topLevelIdIn } from './json-prefix-id.js';
import { DEFAULT_MAX_MESSAGE_BYTES, MessageTooLargeError } from './message-limit.js';
import { spawnProcess, type LaunchedProcess, type ProcessLauncher } from './process-launcher.js';
import { endProcesses, listDescendants } from './process-tree.js';
import { StderrTail } from './stderr-lines.js';

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

/** How a `StdioTransport` treats lines over the message limit, and who hears its stderr. */
export interface StdioLineLimit {
  /** The longest line read, in bytes (default 16 MiB). */
  maxBytes?: number;
  /**
   * Told of each line over the limit, with the top-level JSON-RPC `id` when the line's first
   * 4 KiB name it (a server may put `id` after a huge `result`: then it is undefined and the
   * request waiting for that answer runs into its timeout). `onerror` hears of it too.
   */
  onTooLarge?: (id: string | number | undefined, error: MessageTooLargeError) => void;
  /** Told each line of the server's stderr as it arrives (uncleaned: untrusted text). */
  onStderrLine?: (line: string) => void;
}

/** A `Transport` over a child process's stdin/stdout. */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: LaunchedProcess | undefined;
  /** The pieces of the line being read (no newline yet) and their length in bytes. */
  private linePieces: Buffer[] = [];
  private lineBytes = 0;
  /** True while the rest of a line over the limit is being skipped. */
  private discarding = false;
  private readonly maxLineBytes: number;
  /** The end of the server's stderr (free-form logging, not an error signal). */
  private readonly stderrTail: StderrTail;
  private exitStatus: ExitStatus | undefined;
  private isClosing = false;
  private hasReportedClose = false;
  private delivering: string | undefined;
  /** The process start, once `launch` (or `start`) began it. */
  private launched: Promise<void> | undefined;
  /** `start` was called: stdout is read. */
  private isStarted = false;

  /**
   * @param isOwnResponseId true for ids of requests sent outside the SDK (their responses are
   *   delivered unvalidated so the caller can refuse malformed ones with a reason).
   * @param startProcess starts the process (default: spawns the command); closing ends it the same way
   *   whatever started it.
   */
  constructor(
    private readonly parameters: StdioServerParameters,
    private readonly isOwnResponseId: (id: unknown) => boolean,
    private readonly lineLimit: StdioLineLimit = {},
    private readonly startProcess: ProcessLauncher = spawnProcess,
  ) {
    this.maxLineBytes = lineLimit.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.stderrTail = new StderrTail(lineLimit.onStderrLine);
  }

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

  /**
   * Starts the server's process without reading what it writes, so that it can boot before it is
   * spoken to (`ServerConnection.prelaunch`); `start` then takes it over. Once only: later calls
   * return the first one's promise, which resolves when the process runs.
   */
  launch(): Promise<void> {
    if (this.launched !== undefined) return this.launched;
    this.launched = new Promise((resolve, reject) => {
      const child = this.startProcess({
        command: this.parameters.command,
        args: this.parameters.args,
        env: { ...getDefaultEnvironment(), ...this.parameters.env },
        ...(this.parameters.cwd !== undefined ? { cwd: this.parameters.cwd } : {}),
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
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.stderrTail.push(chunk)).on('end', () => this.stderrTail.end());
    });
    // Launched ahead and closed before `start`: nobody else waits on a failed spawn.
    this.launched.catch(() => undefined);
    return this.launched;
  }

  /**
   * The SDK's start: launches the process (unless `launch` did) and reads its stdout from here
   * on (what it wrote before waits in the pipe). Rejects when the process could not start or
   * has already ended (its exit status is kept, see `exit`).
   */
  async start(): Promise<void> {
    if (this.isStarted) throw new Error('The stdio transport was already started.');
    this.isStarted = true;
    const launched = this.launch();
    this.child?.stdout?.on('data', (chunk: Buffer) => this.read(chunk));
    await launched;
    if (this.child === undefined) throw new Error('The server process ended before it was spoken to.');
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.sendLine(serializeMessage(message));
  }

  /**
   * Sends one message already serialized as its line (`serializeMessage`: JSON and a newline), so
   * a caller that needs the text too serializes once.
   */
  sendLine(line: string): Promise<void> {
    const stdin = this.child?.stdin;
    if (stdin === undefined || stdin === null || stdin.destroyed) return Promise.reject(new Error('The server process is not running.'));
    return new Promise((resolve) => {
      if (stdin.write(line)) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /**
   * The line of the message being delivered to `onmessage` right now (read it inside `onmessage`:
   * it is the JSON text exactly as the server wrote it); undefined at any other time.
   */
  get deliveringLine(): string | undefined {
    return this.delivering;
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

  /** Splits stdout into lines as it arrives; a line over the limit is dropped piece by piece. */
  private read(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      const piece = chunk.subarray(start, end);
      start = end + 1;
      if (this.discarding) {
        if (newline !== -1) this.discarding = false;
        continue;
      }
      if (this.lineBytes + piece.length > this.maxLineBytes) {
        this.refuseLine(piece);
        // The rest of the line, up to its newline, is skipped as it comes.
        this.discarding = newline === -1;
        continue;
      }
      this.linePieces.push(piece);
      this.lineBytes += piece.length;
      if (newline === -1) continue;
      const line = Buffer.concat(this.linePieces, this.lineBytes).toString('utf8').replace(/\r$/, '');
      this.linePieces = [];
      this.lineBytes = 0;
      this.dispatch(line);
    }
  }

  /** The line being read grew past the limit with `piece`: what was gathered goes, and whoever waits on it hears why. */
  private refuseLine(piece: Buffer): void {
    const head: Buffer[] = [];
    let headBytes = 0;
    for (const gathered of [...this.linePieces, piece]) {
      if (headBytes >= ID_PREFIX_BYTES) break;
      const part = gathered.subarray(0, ID_PREFIX_BYTES - headBytes);
      head.push(part);
      headBytes += part.length;
    }
    const start = Buffer.concat(head, headBytes).toString('utf8');
    this.linePieces = [];
    this.lineBytes = 0;
    const error = new MessageTooLargeError(this.maxLineBytes, 'message');
    this.onerror?.(error);
    this.lineLimit.onTooLarge?.(topLevelIdIn(start), error);
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
      this.deliver(parsed as JSONRPCMessage, line);
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      this.onerror?.(new Error('The server wrote a message that is not valid JSON-RPC; it was ignored.'));
      return;
    }
    this.deliver(message, line);
  }

  private deliver(message: JSONRPCMessage, line: string): void {
    this.delivering = line;
    try {
      this.onmessage?.(message);
    } finally {
      this.delivering = undefined;
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
