/**
 * The server-to-client requests (elicitation, sampling, roots) of one connection that wait for the
 * user: each is held under a key until its answer is delivered — to the SDK's live handler, or,
 * for a request kept across a restart, as a bare JSON-RPC response with its original id, which the
 * rejoined session's server still waits for.
 */
import type { ServerRequestAnswer } from '../connections/connection-contract.js';
import type { ServerConnection } from '../connections/server-connection.js';
import { McpRequestError } from '../connections/mcp-request-error.js';

/** What the desk answers through: the connection the requests arrived on. */
export type RequestResponder = Pick<ServerConnection, 'respond'>;

/** Longest part of a string JSON-RPC id put into an input key. */
const MAX_KEY_ID_LENGTH = 100;

interface HeldRequest {
  /** The JSON-RPC id of a request adopted after a restart (no SDK handler to withdraw it). */
  adoptedId?: string | number;
  deliver(answer: ServerRequestAnswer): Promise<void>;
}

/** A live request as received: the key it is held under and the answer the handler waits for. */
export interface ReceivedRequest {
  key: string;
  answer: Promise<Record<string, unknown>>;
}

/** The held requests of one connection. */
export class ServerRequestDesk {
  private readonly held = new Map<string, HeldRequest>();

  /** `connection`: the connection the requests arrived on (and answers go out on). */
  constructor(readonly connection: RequestResponder) {}

  /**
   * Holds a live request. Its key comes from the JSON-RPC id (unique in the session), so a request
   * kept across a restart is filed under the same key and cannot collide with one asked later.
   * `answer` resolves with the result the user gave (or rejects with their refusal); `sent` is the
   * send of that answer (see `ServerRequestHandler`). `onWithdrawn` runs when the server
   * withdraws it (`signal`) before an answer.
   */
  receive(requestId: string | number, signal: AbortSignal, sent: Promise<void>, onWithdrawn: (key: string) => void): ReceivedRequest {
    const key = this.keyFor(requestId);
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      let handedOver = false;
      this.held.set(key, {
        deliver: async (reply) => {
          // The live handler answers once; when that send failed, the next try is a bare response
          // to the same id, which the session's server still waits for.
          if (handedOver) return this.connection.respond(requestId, reply);
          handedOver = true;
          if ('result' in reply) resolve(reply.result);
          else reject(new McpRequestError(reply.error.message, reply.error.code));
          await sent;
        },
      });
      signal.addEventListener('abort', () => {
        if (!this.held.delete(key)) return;
        onWithdrawn(key);
        reject(new Error('The server withdrew the request.'));
      }, { once: true });
    });
    return { key, answer };
  }

  /**
   * Holds a request the server sent on an earlier connection to this same session (kept with its
   * task across a restart): its answer goes out as a bare JSON-RPC response with the original
   * `requestId`. False when `key` is already held.
   */
  adopt(key: string, requestId: string | number): boolean {
    if (this.held.has(key)) return false;
    this.held.set(key, { adoptedId: requestId, deliver: (answer) => this.connection.respond(requestId, answer) });
    return true;
  }

  /** True while the request filed under `key` waits for an answer here. */
  isWaiting(key: string): boolean {
    return this.held.has(key);
  }

  /** Takes the request off the held list and delivers its answer; put back when the send fails. */
  async deliver(key: string, answer: ServerRequestAnswer): Promise<void> {
    const held = this.held.get(key);
    if (held === undefined) throw new McpRequestError(`The server no longer waits for input ${key}.`, undefined, undefined, 'malformed');
    this.held.delete(key);
    try {
      await held.deliver(answer);
    } catch (error) {
      if (!this.held.has(key)) this.held.set(key, held);
      throw error;
    }
  }

  /**
   * `notifications/cancelled` for an adopted request (a live one is withdrawn through its
   * handler's signal): drops it and returns its key; undefined when the id is not one of ours.
   */
  withdrawAdopted(requestId: unknown): string | undefined {
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return undefined;
    for (const [key, held] of this.held) {
      if (held.adoptedId !== requestId) continue;
      this.held.delete(key);
      return key;
    }
    return undefined;
  }

  /** Forgets every held request (the connection ended) and returns their keys. */
  clear(): string[] {
    const keys = [...this.held.keys()];
    this.held.clear();
    return keys;
  }

  /** `request-<id>`; a (hostile) string id cut short that matches a held key gets a suffix. */
  private keyFor(requestId: string | number): string {
    const base = `request-${String(requestId).slice(0, MAX_KEY_ID_LENGTH)}`;
    let key = base;
    for (let n = 2; this.held.has(key); n++) key = `${base}~${n}`;
    return key;
  }
}
