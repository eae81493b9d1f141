/**
 * The server-to-client requests of one transport (elicitation, sampling, roots), taken off the
 * wire before the SDK client sees them: the SDK would parse them with its own wire schema first,
 * which strips what the app checks itself (an elicitation field's `pattern`, say) and refuses
 * a whole request over a keyword the form may simply ignore (an unknown `format`). The engine
 * gets each request exactly as the server sent it, and its answer goes back as the JSON-RPC
 * response to the request's id.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { McpRequestError } from './mcp-request-error.js';
import { isJsonObject } from '../../../shared/json-guards.js';

/** The requests a client answers, all of which this app declares it can. */
export const SERVER_REQUEST_METHODS: readonly string[] = ['elicitation/create', 'sampling/createMessage', 'roots/list'];
/** The elicitation modes the app declares (absent means form). */
const ELICITATION_MODES: readonly unknown[] = [undefined, 'form', 'url'];

/**
 * Answers one server request: resolves with the result or rejects (a `McpRequestError` with a
 * code is sent as that JSON-RPC error). `signal` aborts when the server withdraws the request.
 * `sent` settles once the answer went out: it rejects when the send failed or the server
 * withdrew the request first (its rejections need no handling).
 */
export type ServerRequestHandler = (
  method: string,
  params: Record<string, unknown>,
  signal: AbortSignal,
  requestId: string | number,
  sent: Promise<void>,
) => Promise<Record<string, unknown>>;

/** Relays one transport's server requests to a handler and its answers back. */
export class ServerRequestRelay {
  private readonly live = new Map<string | number, AbortController>();

  constructor(
    private readonly handler: ServerRequestHandler,
    private readonly send: (message: JSONRPCMessage) => Promise<void>,
  ) {}

  /** Takes `message` when it is a server request the app answers; true when taken. */
  take(message: Record<string, unknown>): boolean {
    const { id, method } = message;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof method !== 'string' || !SERVER_REQUEST_METHODS.includes(method)) return false;
    const params = isJsonObject(message.params) ? message.params : {};
    if (method === 'elicitation/create' && !ELICITATION_MODES.includes(params.mode)) {
      // A mode the client did not declare must be refused with -32602.
      void this.send({ jsonrpc: '2.0', id, error: { code: -32602, message: 'This client does not support that elicitation mode.' } }).catch(() => undefined);
      return true;
    }
    const abort = new AbortController();
    this.live.set(id, abort);
    let settleSent: { resolve(): void; reject(error: unknown): void } = { resolve: () => undefined, reject: () => undefined };
    const sent = new Promise<void>((resolve, reject) => {
      settleSent = { resolve, reject };
    });
    sent.catch(() => undefined);
    void this.handler(method, params, abort.signal, id, sent)
      .then((result): JSONRPCMessage => ({ jsonrpc: '2.0', id, result }), (error: unknown): JSONRPCMessage => ({ jsonrpc: '2.0', id, error: errorObject(error) }))
      .then(async (answer) => {
        this.live.delete(id);
        if (abort.signal.aborted) {
          settleSent.reject(new McpRequestError('The server withdrew the request before the answer went out.', undefined, undefined, 'aborted'));
          return;
        }
        try {
          await this.send(answer);
          settleSent.resolve();
        } catch (error) {
          settleSent.reject(error);
        }
      });
    return true;
  }

  /** `notifications/cancelled` from the server: the request it names is withdrawn. */
  cancelled(requestId: unknown): void {
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return;
    this.live.get(requestId)?.abort();
    this.live.delete(requestId);
  }

  /** The transport ended: every request still open is withdrawn. */
  clear(): void {
    for (const abort of this.live.values()) abort.abort();
    this.live.clear();
  }
}

/** The JSON-RPC error for a failed answer: the refusal's own code, else an internal error. */
function errorObject(error: unknown): { code: number; message: string } {
  if (error instanceof McpRequestError && error.code !== undefined) return { code: error.code, message: error.message };
  return { code: -32603, message: error instanceof Error ? error.message.slice(0, 500) : 'The client could not answer.' };
}
