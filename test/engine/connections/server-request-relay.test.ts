/** The relay of server-to-client requests: taken before the SDK, answered once, withdrawn on cancel, refused for undeclared modes. */
import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { McpRequestError } from '../../../electron/engine/connections/mcp-request-error.js';
import { ServerRequestRelay, type ServerRequestHandler } from '../../../electron/engine/connections/server-request-relay.js';
import { flushPromises } from '../../helpers/fake-clock.js';

function relayWith(handler: ServerRequestHandler) {
  const sent: JSONRPCMessage[] = [];
  const relay = new ServerRequestRelay(handler, (message) => {
    sent.push(message);
    return Promise.resolve();
  });
  return { relay, sent };
}

describe('ServerRequestRelay', () => {
  it('takes only the requests a client answers, hands them over as sent, and sends the answer to their id', async () => {
    const params = { message: 'Host?', requestedSchema: { type: 'object', properties: { host: { type: 'string', format: 'hostname', pattern: '^[a-z]+$' } } } };
    let seen: unknown;
    let sentSettled: Promise<void> | undefined;
    const { relay, sent } = relayWith((_method, given, _signal, _id, done) => {
      seen = given;
      sentSettled = done;
      return Promise.resolve({ action: 'accept', content: { host: 'a' } });
    });
    expect(relay.take({ jsonrpc: '2.0', id: 'r', result: {} })).toBe(false);
    expect(relay.take({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} })).toBe(false);
    expect(relay.take({ jsonrpc: '2.0', id: 3, method: 'ping' })).toBe(false);
    expect(relay.take({ jsonrpc: '2.0', id: 0, method: 'elicitation/create', params })).toBe(true);
    await flushPromises();
    expect(seen).toEqual(params);
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 0, result: { action: 'accept', content: { host: 'a' } } }]);
    await expect(sentSettled).resolves.toBeUndefined();
  });

  it('a refusal goes out as its JSON-RPC error; anything else as an internal error', async () => {
    const { relay, sent } = relayWith((method) => Promise.reject(method === 'sampling/createMessage' ? new McpRequestError('User rejected sampling request', -1) : new Error('boom')));
    relay.take({ jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: {} });
    relay.take({ jsonrpc: '2.0', id: 2, method: 'roots/list', params: {} });
    await flushPromises();
    expect(sent).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'User rejected sampling request' } },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'boom' } },
    ]);
  });

  it('refuses an elicitation mode the client did not declare with -32602, without asking anyone', async () => {
    let asked = false;
    const { relay, sent } = relayWith(() => {
      asked = true;
      return Promise.resolve({});
    });
    expect(relay.take({ jsonrpc: '2.0', id: 5, method: 'elicitation/create', params: { mode: 'telepathy', message: '?' } })).toBe(true);
    await flushPromises();
    expect(asked).toBe(false);
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 5, error: { code: -32602, message: expect.any(String) } }]);
  });

  it('a request the server withdraws (or a closed connection) aborts its handler and sends nothing', async () => {
    const signals: AbortSignal[] = [];
    let answer: (value: Record<string, unknown>) => void = () => undefined;
    const { relay, sent } = relayWith((_method, _params, signal) => {
      signals.push(signal);
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    relay.take({ jsonrpc: '2.0', id: 'a', method: 'elicitation/create', params: { message: '?' } });
    relay.take({ jsonrpc: '2.0', id: 'b', method: 'elicitation/create', params: { message: '?' } });
    relay.cancelled('a');
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    relay.clear();
    expect(signals[1]!.aborted).toBe(true);
    answer({ action: 'cancel' });
    await flushPromises();
    expect(sent).toEqual([]);
  });
});
