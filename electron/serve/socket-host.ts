/**
 * The IPC contract over WebSockets (shared/ipc/socket-protocol.ts): invoke frames go to
 * `host.dispatch` and come back as result frames; host events go to every open socket. Frames
 * from the page are untrusted: one that is not a valid invoke gets an error result when it
 * names a request id, else its socket is closed — the server itself never fails on a frame.
 * Upgrades reach `accept` only after the access checks (access-guard.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { IpcResult } from '../../shared/ipc/contract.js';
import { InvokeFrameSchema, MAX_FRAME_BYTES, MAX_HOST_FRAME_BYTES, type EventFrame, type ResultFrame } from '../../shared/ipc/socket-protocol.js';
import type { Logger } from '../engine/index.js';
import type { HostApi } from '../host/host-api.js';
import { parseJson } from '../node/data-folder.js';

/** A socket this far behind on events is dropped: the page reconnects and reloads, instead of the host buffering without end. */
const MAX_BUFFERED_BYTES = 2 * MAX_HOST_FRAME_BYTES;
/** How long `close` waits for pages to acknowledge the close before cutting their sockets. */
const CLOSE_GRACE_MS = 1_000;
/** WebSocket close codes (RFC 6455 §7.4.1). */
const CLOSE_GOING_AWAY = 1001;
const CLOSE_UNSUPPORTED_DATA = 1003;
const CLOSE_POLICY_VIOLATION = 1008;

/** Carries one host to every socket of the page(s); see the module comment. */
export class SocketHost {
  readonly #server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  readonly #unsubscribe: () => void;

  constructor(private readonly host: HostApi, private readonly logger: Logger) {
    this.#unsubscribe = host.subscribe((channel, payload) => this.#broadcast({ type: 'event', channel, payload }));
  }

  /** Completes an upgrade the caller has already checked. */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#server.handleUpgrade(request, socket, head, (ws) => {
      ws.on('message', (data, isBinary) => void this.#receive(ws, data, isBinary));
      ws.on('error', (error) => this.logger.warn('browser socket failed', { error: error.message }));
    });
  }

  /** Stops sending events and closes every socket (cut after a short grace). */
  async close(): Promise<void> {
    this.#unsubscribe();
    const sockets = [...this.#server.clients];
    for (const ws of sockets) ws.close(CLOSE_GOING_AWAY, 'The app is shutting down');
    await Promise.all(sockets.map((ws) => new Promise<void>((resolve) => {
      if (ws.readyState === WebSocket.CLOSED) return resolve();
      const timer = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
      ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    })));
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #receive(ws: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    if (isBinary) {
      ws.close(CLOSE_UNSUPPORTED_DATA, 'Text frames only');
      return;
    }
    const value = parseJson(textOf(data));
    const frame = InvokeFrameSchema.safeParse(value);
    if (!frame.success) {
      const id = requestIdOf(value);
      if (id === undefined) ws.close(CLOSE_POLICY_VIOLATION, 'Invalid frame');
      else this.#reply(ws, id, { ok: false, error: { message: 'The request frame is not valid.' } });
      return;
    }
    this.#reply(ws, frame.data.id, await this.host.dispatch(frame.data.channel, frame.data.request));
  }

  #reply(ws: WebSocket, id: number, result: IpcResult<unknown>): void {
    const text = serialize({ type: 'result', id, result } satisfies ResultFrame)
      ?? serialize({ type: 'result', id, result: { ok: false, error: { message: `The answer is larger than browser mode can carry (${MAX_HOST_FRAME_BYTES / 1024 / 1024} MiB).` } } } satisfies ResultFrame);
    if (text !== undefined) this.#send(ws, text);
  }

  #broadcast(frame: EventFrame): void {
    const text = serialize(frame);
    if (text === undefined) {
      this.logger.warn('event too large for the browser socket; dropped', { channel: frame.channel });
      return;
    }
    for (const ws of this.#server.clients) this.#send(ws, text);
  }

  #send(ws: WebSocket, text: string): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.logger.warn('browser socket fell too far behind; closed');
      ws.terminate();
      return;
    }
    ws.send(text);
  }
}

/** The frame as JSON text, or undefined when it cannot be sent (over MAX_FRAME_BYTES, or not serializable). */
function serialize(frame: ResultFrame | EventFrame): string | undefined {
  try {
    const text = JSON.stringify(frame);
    return Buffer.byteLength(text, 'utf8') <= MAX_HOST_FRAME_BYTES ? text : undefined;
  } catch {
    return undefined;
  }
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

/** The id of a frame that is not a valid invoke but names one, so the page can match the error to its request. */
function requestIdOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null || !('id' in value)) return undefined;
  const { id } = value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}
