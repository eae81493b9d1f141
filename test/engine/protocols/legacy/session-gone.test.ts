import { describe, expect, it } from 'vitest';
import { isSessionGoneAnswer } from '../../../../electron/engine/protocols/legacy/session-gone.js';

const jsonRpcError = (code: number, message: string) => JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });

describe('isSessionGoneAnswer', () => {
  it.each<[string, number, unknown, boolean]>([
    ['the spec\'s 404', 404, jsonRpcError(-32001, 'Session not found'), true],
    ['a 404 without a body', 404, null, true],
    ['server-everything after a restart', 400, jsonRpcError(-32000, 'Bad Request: No valid session ID provided'), true],
    ['an SDK 1.x single-transport server after a restart', 400, jsonRpcError(-32000, 'Bad Request: Server not initialized'), true],
    ['other wordings of the same', 400, jsonRpcError(-32000, 'Invalid session id'), true],
    ['an expired session', 400, jsonRpcError(-32600, 'Session expired'), true],
    ['a 400 for bad params', 400, jsonRpcError(-32602, 'Invalid params: taskId is required'), false],
    ['a header mismatch', 400, jsonRpcError(-32020, 'Mcp-Method header does not match the body'), false],
    ['a tool that is not initialized', 400, jsonRpcError(-32000, 'Tool not initialized'), false],
    ['the words in plain text, not JSON-RPC', 400, 'Bad Request: No valid session ID provided', false],
    ['the words outside the error message', 400, JSON.stringify({ jsonrpc: '2.0', error: { code: -32602, message: 'bad', data: 'No valid session ID provided' }, id: 1 }), false],
    ['a 400 without a body', 400, undefined, false],
    ['a 500 saying the session is invalid', 500, jsonRpcError(-32603, 'Invalid session'), false],
    ['a 401', 401, jsonRpcError(-32001, 'Session not found'), false],
  ])('%s (%s) → %s', (_what, status, body, expected) => {
    expect(isSessionGoneAnswer(status, body)).toBe(expected);
  });
});
