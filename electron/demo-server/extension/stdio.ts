/**
 * The extension server over stdio: the SDK's `serveStdio` (modern era only) behind a transport
 * decorator that serves task subscriptions itself.
 */
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { INVALID_REQUEST } from '../catalogue/tool-result.js';
import type { Logger } from '../log.js';
import { closeOnce, type RunningServer, type StdioStreams } from '../running-server.js';
import { createExtensionServerCore } from './extension-server.js';
import { LISTEN_METHOD, checkListenRequest } from './listen-request.js';
import type { TaskSubscriptions } from './task-subscriptions.js';

/**
 * Wraps the stdio wire and takes `subscriptions/listen` and the `notifications/cancelled` that
 * end a listen out of the inbound stream before `serveStdio` sees them: the SDK's stdio entry
 * would answer listen itself and drop `taskIds`
 * (docs/protocol-notes.md#what-the-mcp-typescript-packages-really-do). Everything else passes
 * through untouched, in order.
 */
class TaskListenTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** Open subscriptions by listen request id: the demultiplexing key on stdio (docs/protocol-notes.md#subscriptions). */
  private readonly open = new Map<RequestId, () => void>();

  constructor(
    private readonly wire: Transport,
    private readonly subscriptions: TaskSubscriptions,
    private readonly log: Logger,
  ) {}

  setProtocolVersion = (version: string): void => this.wire.setProtocolVersion?.(version);

  async start(): Promise<void> {
    this.wire.onmessage = (message, extra) => {
      if (!this.intercept(message)) this.onmessage?.(message, extra);
    };
    this.wire.onerror = (error) => this.onerror?.(error);
    this.wire.onclose = () => {
      this.open.clear();
      this.onclose?.();
    };
    await this.wire.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.wire.send(message, options);
  }

  close(): Promise<void> {
    return this.wire.close();
  }

  /** Serves the message if it belongs to a task subscription; true when it did. */
  private intercept(message: JSONRPCMessage): boolean {
    if (isJSONRPCRequest(message) && message.method === LISTEN_METHOD) {
      const check = checkListenRequest(message);
      if (!check.ok) {
        this.write({ jsonrpc: '2.0', id: message.id, error: check.error });
        return true;
      }
      const { subscriptionId } = check;
      // The id is the demultiplexing key: a second open subscription under it could never be told apart.
      if (this.open.has(subscriptionId)) {
        this.write({ jsonrpc: '2.0', id: message.id, error: { code: INVALID_REQUEST, message: `A subscription with id ${String(subscriptionId)} is already open` } });
        return true;
      }
      let ended = false;
      const end = this.subscriptions.subscribe(subscriptionId, check.taskIds, {
        send: (out) => this.write(out),
        end: () => {
          ended = true;
          this.open.delete(subscriptionId);
        },
      });
      if (!ended) this.open.set(subscriptionId, end);
      return true;
    }
    if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') {
      const requestId = message.params?.['requestId'];
      const end = typeof requestId === 'string' || typeof requestId === 'number' ? this.open.get(requestId) : undefined;
      if (end === undefined) return false;
      end();
      return true;
    }
    return false;
  }

  private write(message: JSONRPCMessage): void {
    this.wire.send(message).catch((error: unknown) => this.log.warn('could not write to stdout', { error: String(error) }));
  }
}

/** Serves the extension form on `stdio` (default: this process's stdin/stdout) until `close()` or stdin ends. */
export function serveExtensionOverStdio(log: Logger, stdio: StdioStreams = { stdin: process.stdin, stdout: process.stdout }): RunningServer {
  const core = createExtensionServerCore(log);
  const transport = new TaskListenTransport(new StdioServerTransport(stdio.stdin, stdio.stdout), core.subscriptions, log);
  // `legacy: 'reject'`: this server speaks 2026-07-28 only; an `initialize` gets -32022 naming it.
  const handle = serveStdio(core.factory, { legacy: 'reject', transport, onerror: (error) => log.debug(error.message) });
  return {
    close: closeOnce(async () => {
      core.dispose();
      await handle.close();
    }),
  };
}
