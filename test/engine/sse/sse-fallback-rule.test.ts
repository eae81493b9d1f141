/** When a failed Streamable HTTP connect means "HTTP+SSE only" (the spec's backwards-compatibility rule), as a table. */
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { isSseFallbackAnswer } from '../../../electron/engine/connections/http-transports.js';

const answered = (status: number, text?: string): SdkHttpError => new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint (HTTP ${status})`, { status, ...(text !== undefined ? { text } : {}) });
const rpc = (code: number): string => JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message: 'x' } });

describe('isSseFallbackAnswer', () => {
  it.each([
    ['404 with an HTML page (an HTTP+SSE server has no POST there)', answered(404, '<pre>Cannot POST /sse</pre>'), true],
    ['405 without a body', answered(405), true],
    ['400 with a legacy JSON-RPC error', answered(400, rpc(-32000)), true],
    ['401: sign-in, not the transport', answered(401), false],
    ['403: access, not the transport', answered(403), false],
    ['500: a server failure', answered(500), false],
    ['400 -32022 UnsupportedProtocolVersion: a modern server', answered(400, rpc(-32022)), false],
    ['400 -32021 MissingRequiredClientCapability: a modern server', answered(400, rpc(-32021)), false],
    ['400 -32020 HeaderMismatch: a modern server', answered(400, rpc(-32020)), false],
    ['404 -32601: a modern "method not found"', answered(404, rpc(-32601)), false],
    ['a network failure', new TypeError('fetch failed'), false],
  ])('%s → %s', (_what, error, expected) => {
    expect(isSseFallbackAnswer(error)).toBe(expected);
  });
});
