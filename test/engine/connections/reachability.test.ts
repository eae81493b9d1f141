import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { isServerAnswer, reachabilityFailureIn, reachabilityFailureOf, timeoutFailure } from '../../../electron/engine/connections/reachability.js';

const httpError = (status: number, statusText?: string) =>
  new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${status}`, { status, ...(statusText !== undefined ? { statusText } : {}) });
const socketError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** What fetch (undici) throws when the socket fails: a TypeError whose cause is the socket error. */
const fetchFailed = (cause?: unknown) => new TypeError('fetch failed', cause === undefined ? undefined : { cause });

describe('reachabilityFailureOf', () => {
  it.each<[string, unknown, ReturnType<typeof reachabilityFailureOf>]>([
    ['a 503', httpError(503, 'Service Unavailable'), { kind: 'http-status', httpStatus: 503, detail: 'HTTP 503 Service Unavailable' }],
    ['a 500 without a status text', httpError(500), { kind: 'http-status', httpStatus: 500, detail: 'HTTP 500' }],
    ['a status text with control characters', httpError(502, 'Bad\u001b[31m Gateway\u0007'), { kind: 'http-status', httpStatus: 502, detail: 'HTTP 502 Bad Gateway' }],
    ['nothing listens', fetchFailed(socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9')), { kind: 'refused', detail: 'connect ECONNREFUSED 127.0.0.1:9' }],
    ['the connection broke', fetchFailed(socketError('UND_ERR_SOCKET', 'other side closed')), { kind: 'network', detail: 'other side closed' }],
    ['the name does not resolve', fetchFailed(socketError('ENOTFOUND', 'getaddrinfo ENOTFOUND mcp.invalid')), { kind: 'network', detail: 'getaddrinfo ENOTFOUND mcp.invalid' }],
    ['connecting timed out', fetchFailed(socketError('UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout Error')), { kind: 'timeout', detail: 'Connect Timeout Error' }],
    ['a socket error two causes deep', fetchFailed(Object.assign(new Error('wrapped'), { cause: socketError('ECONNRESET', 'read ECONNRESET') })), { kind: 'network', detail: 'read ECONNRESET' }],
    ['fetch failed without a cause', fetchFailed(), { kind: 'network', detail: 'fetch failed' }],
    ['a 400', httpError(400, 'Bad Request'), undefined],
    ['a 404', httpError(404), undefined],
    ['a 401', httpError(401), undefined],
    ['an abort', new DOMException('This operation was aborted', 'AbortError'), undefined],
    ['a programming error', new TypeError('Cannot read properties of undefined (reading \'x\')'), undefined],
    ['a Node argument error under a TypeError', new TypeError('bad', { cause: socketError('ERR_INVALID_ARG_TYPE', 'bad arg') }), undefined],
    ['a stdio process that is gone', new Error('The server process is not running.'), undefined],
  ])('%s', (_what, error, expected) => {
    expect(reachabilityFailureOf(error)).toEqual(expected);
  });
});

describe('reachabilityFailureIn', () => {
  it('finds the failure under the SDK\'s wrapping of a failed connect', () => {
    const wrapped = new Error('Version negotiation probe failed: fetch failed', { cause: fetchFailed(socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:4000')) });
    expect(reachabilityFailureIn(wrapped)).toEqual({ kind: 'refused', detail: 'connect ECONNREFUSED 127.0.0.1:4000' });
    expect(reachabilityFailureIn(new Error('Version negotiation probe failed', { cause: httpError(503) }))).toMatchObject({ kind: 'http-status', httpStatus: 503 });
    expect(reachabilityFailureIn(new Error('something else', { cause: new Error('deeper') }))).toBeUndefined();
  });
});

describe('timeoutFailure', () => {
  it('says which request got no answer', () => {
    expect(timeoutFailure('tasks/get', 30_000)).toEqual({ kind: 'timeout', detail: 'tasks/get got no answer within 30000 ms' });
  });
});

describe('isServerAnswer', () => {
  it('takes a 4xx as the server\'s answer, not an outage; a 5xx, a socket error and an abort are not answers', () => {
    expect(isServerAnswer(httpError(400, 'Bad Request'))).toBe(true);
    expect(isServerAnswer(httpError(404))).toBe(true);
    expect(isServerAnswer(httpError(503))).toBe(false);
    expect(isServerAnswer(fetchFailed(socketError('ECONNRESET', 'read ECONNRESET')))).toBe(false);
    expect(isServerAnswer(new DOMException('This operation was aborted', 'AbortError'))).toBe(false);
  });
});
