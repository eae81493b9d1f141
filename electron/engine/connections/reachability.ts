/**
 * Which failed sends say that a server cannot be reached — nothing listens, the connection
 * broke, it answers 5xx — as opposed to failures that say nothing about it (a 4xx, an aborted
 * request, a stdio server that is gone: that one drops the connection instead).
 */
import { SdkHttpError } from '@modelcontextprotocol/client';
import type { Degraded } from '../../../shared/server-config.js';
import { cleanLine } from './untrusted-line.js';

/** What one failed request says about reachability: the why of a `Degraded`. */
export type ReachabilityFailure = Pick<Degraded, 'kind' | 'httpStatus' | 'detail'>;

/** Socket error codes (Node's and undici's) that mean more than "the connection failed". */
const REFUSED_CODES = new Set(['ECONNREFUSED']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** How deep to follow `cause` chains (fetch wraps the socket error: `TypeError: fetch failed` → `Error: connect ECONNREFUSED`). */
const MAX_CAUSE_DEPTH = 4;

/**
 * What a failed HTTP send says about the server's reachability; undefined when it says nothing
 * (4xx answers, aborts, errors of our own making).
 */
export function reachabilityFailureOf(error: unknown): ReachabilityFailure | undefined {
  if (error instanceof SdkHttpError) {
    if (error.status < 500) return undefined;
    const statusText = error.statusText !== undefined && error.statusText !== '' ? ` ${error.statusText}` : '';
    return { kind: 'http-status', httpStatus: error.status, detail: cleanLine(`HTTP ${error.status}${statusText}`) };
  }
  if (!(error instanceof TypeError)) return undefined;
  // fetch fails with a TypeError "fetch failed" whose cause is the socket error (ECONNRESET, ENOTFOUND, …).
  const socket = socketErrorIn(error.cause);
  if (socket === undefined) return error.message === 'fetch failed' ? { kind: 'network', detail: cleanLine(error.message) } : undefined;
  const detail = cleanLine(socket.message);
  if (REFUSED_CODES.has(socket.code)) return { kind: 'refused', detail };
  if (TIMEOUT_CODES.has(socket.code)) return { kind: 'timeout', detail };
  return { kind: 'network', detail };
}

/**
 * `reachabilityFailureOf` for the first error along `error`'s causes it says something about:
 * the SDK wraps a failed connect ("Version negotiation probe failed: fetch failed") around the
 * fetch error that says why.
 */
export function reachabilityFailureIn(error: unknown): ReachabilityFailure | undefined {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current !== undefined; depth++) {
    const failure = reachabilityFailureOf(current);
    if (failure !== undefined) return failure;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

/** A request that got no answer within its time. */
export function timeoutFailure(method: string, timeoutMs: number): ReachabilityFailure {
  return { kind: 'timeout', detail: cleanLine(`${method} got no answer within ${timeoutMs} ms`) };
}

/**
 * True when a failed HTTP send was still the server's answer: a 4xx is what it says to a request
 * it will not take (a bad request, a lost session), not a sign of an outage.
 */
export function isServerAnswer(error: unknown): boolean {
  return error instanceof SdkHttpError && error.status >= 400 && error.status < 500;
}

/** The innermost socket error (one with a string `code`, not Node's `ERR_*` argument errors) along a chain of causes. */
function socketErrorIn(cause: unknown): { code: string; message: string } | undefined {
  let found: { code: string; message: string } | undefined;
  let current = cause;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth++) {
    if ('code' in current && typeof current.code === 'string' && !current.code.startsWith('ERR_')) found = { code: current.code, message: current.message };
    current = current.cause;
  }
  return found;
}
