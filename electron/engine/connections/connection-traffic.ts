/**
 * Everything that passes on a connection's transport, both ways, from its first message on (the
 * handshake included): each send and each arrival is told to the observer; the outcome of each
 * send goes to the connection's health and sign-in; what arrives is routed — server requests to
 * the engine through a relay, answers to our raw requests and the notifications the engine
 * consumes to the engine, the rest to the SDK.
 */
import { serializeMessage, type JSONRPCMessage, type Transport, type TransportSendOptions } from '@modelcontextprotocol/client';
import { isJsonObject } from '../../../shared/json-guards.js';
import { authProblemOf, type AuthProblem } from '../auth/sign-in-errors.js';
import type { HttpFacts } from './bounded-fetch.js';
import { toRequestError, type RawRequests } from './raw-requests.js';
import { isServerAnswer, reachabilityFailureOf, type ReachabilityFailure } from './reachability.js';
import { ServerRequestRelay, type ServerRequestHandler } from './server-request-relay.js';
import { StdioTransport } from './stdio-transport.js';

/**
 * Who hears everything that passes on the connection's transports, for the server console and
 * the protocol log (observe/). Told synchronously on the hot path: it must be cheap and never throw.
 */
export interface ConnectionObserver {
  /**
   * A JSON-RPC message sent (by the engine or the SDK) or received (untrusted), as it is, with its
   * JSON text where the transport has it anyway (stdio), so it need not be serialized again.
   */
  message(message: Record<string, unknown>, direction: 'sent' | 'received', json?: string): void;
  /** HTTP: the headers that matter of the POST carrying our request `requestId`, then its status. */
  http(requestId: string | number, facts: HttpFacts): void;
  /** stdio: one line of the server's stderr (untrusted, uncleaned). */
  stderr(line: string): void;
  /** What happened to the connection, in the app's words. */
  event(text: string): void;
}

/** What one transport's sends are told to (each bound to that transport by the connection). */
export interface SendHooks {
  observer: ConnectionObserver | undefined;
  /** A send was refused for want of sign-in or of access. */
  authProblem(problem: AuthProblem): void;
  /** A send failed in a way that says the server cannot be reached. */
  failed(failure: ReachabilityFailure): void;
  /** The server answered (or, over HTTP, accepted a POST). */
  answered(): void;
}

/**
 * The one place that sees how each request to the server went (with `routeMessages`, which sees
 * its answers, and the timeouts of raw requests and of pings): every send the engine or the SDK
 * makes on `transport` passes here, the handshake included, and is told to the observer as it
 * goes out.
 */
export function watchSends(transport: Transport, hooks: SendHooks): void {
  const original = transport.send.bind(transport);
  const send = transport instanceof StdioTransport
    ? (message: JSONRPCMessage): Promise<void> => {
      // Serialized once, for the wire and the observer.
      const line = serializeMessage(message);
      hooks.observer?.message(message, 'sent', line.slice(0, -1));
      return transport.sendLine(line);
    }
    : (message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> => {
      hooks.observer?.message(message, 'sent');
      return original(message, options);
    };
  transport.send = async (message, options) => {
    try {
      await send(message, options);
    } catch (error) {
      const problem = authProblemOf(error);
      if (problem !== undefined) hooks.authProblem(problem);
      const failure = reachabilityFailureOf(error);
      if (failure !== undefined) hooks.failed(failure);
      else if (isServerAnswer(error)) hooks.answered();
      throw error;
    }
    // Over HTTP a send resolves only once the server accepted the POST; over stdio it says nothing.
    if (!(transport instanceof StdioTransport)) hooks.answered();
  };
}

/** Where one transport's arrivals go. */
export interface RouteHooks {
  observer: ConnectionObserver | undefined;
  /** The server answered a request (any answer, an error included). */
  answered(): void;
  /** Answers the server's own requests (the engine, not the SDK). */
  handleServerRequest: ServerRequestHandler;
  /** Our raw requests, which take the answers to them. */
  requests: RawRequests;
  /** A notification for the engine (see `ConnectionListener.onNotification`). */
  onNotification(method: string, params: Record<string, unknown>): void;
}

/**
 * Routes what arrives on `transport` from its first message on (before the SDK's handshake, so
 * a request sent while connecting takes the same path); returns the relay of its server requests.
 */
export function routeMessages(transport: Transport, hooks: RouteHooks): ServerRequestRelay {
  const relay = new ServerRequestRelay(hooks.handleServerRequest, async (message) => {
    try {
      await transport.send(message);
    } catch (error) {
      throw toRequestError('answer', error);
    }
  });
  let sdkOnMessage: Transport['onmessage'];
  const routed: NonNullable<Transport['onmessage']> = (message, extra) => {
    const raw = message as Record<string, unknown>;
    hooks.observer?.message(raw, 'received', transport instanceof StdioTransport ? transport.deliveringLine : undefined);
    // Any answer to any request, an error included, shows the server is answering again.
    if (raw.id !== undefined && raw.method === undefined) hooks.answered();
    if (raw.id === undefined && raw.method === 'notifications/cancelled') relay.cancelled(isJsonObject(raw.params) ? raw.params.requestId : undefined);
    if (relay.take(raw) || takeOwnMessage(raw, hooks)) return;
    sdkOnMessage?.(message, extra);
  };
  // The SDK sets `onmessage` when it connects (chaining whatever was there, so until then there
  // is nothing to chain), and the transport calls whatever `onmessage` is.
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => (sdkOnMessage === undefined ? undefined : routed),
    set: (handler: Transport['onmessage']) => {
      sdkOnMessage = handler;
    },
  });
  return relay;
}

/** True when `raw` is the engine's alone (an answer to a raw request, a notification it consumes): the SDK never sees it. */
function takeOwnMessage(raw: Record<string, unknown>, hooks: RouteHooks): boolean {
  if (hooks.requests.take(raw)) return true;
  if (raw.id === undefined && raw.method === 'notifications/cancelled') {
    // Chained, not taken: the SDK's own handler aborts the live request handler it names.
    hooks.onNotification(raw.method, isJsonObject(raw.params) ? raw.params : {});
    return false;
  }
  if (raw.id === undefined && typeof raw.method === 'string' && isOurNotification(raw.method)) {
    hooks.onNotification(raw.method, isJsonObject(raw.params) ? raw.params : {});
    return true;
  }
  return false;
}

/**
 * Both at once, from the first message on `transport` (so the handshake passes the same hooks as
 * everything after it): `watchSends`, then `routeMessages`, whose relay is returned.
 */
export function wireTransport(transport: Transport, hooks: SendHooks & RouteHooks): ServerRequestRelay {
  watchSends(transport, hooks);
  return routeMessages(transport, hooks);
}

/** Notifications the engine consumes itself (task pushes, our listen streams, progress of our calls: their tokens are the engine's). */
function isOurNotification(method: string): boolean {
  return method === 'notifications/tasks'
    || method === 'notifications/progress'
    || method === 'notifications/tasks/status'
    || method === 'notifications/subscriptions/acknowledged';
}
